"""The suite's own order: the modules handed out first are modules that exist."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import _LONGEST_MODULES, _handed_out

ROOT = Path(__file__).resolve().parents[2]


def test_every_module_handed_out_early_exists() -> None:
    assert [m for m in _LONGEST_MODULES if not (ROOT / m).is_file()] == []


def test_the_postgresql_groups_go_first_then_the_longest_modules_in_their_order() -> None:
    order = ["tests/unit/test_cards.py", _LONGEST_MODULES[1], "postgres-2",
             _LONGEST_MODULES[0], "postgres"]
    assert sorted(order, key=_handed_out) == [
        "postgres-2", "postgres", _LONGEST_MODULES[0], _LONGEST_MODULES[1],
        "tests/unit/test_cards.py"]
