"""The store's computer analysis of finished games, on every adapter (both databases
and memory): one per game, the first stored stands, read back as it was written."""

from __future__ import annotations

from datetime import UTC, datetime

from events.ports import Store
from events.win_chances import StoredWinChances

AT = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
BODY = {"playouts": 8, "every": 1, "decisions": 1234,
        "turns": [{"turn": 0, "version": 9, "chances": [0.5, 0.5]},
                  {"turn": 1, "version": 12, "chances": [1.0, 0.0]}],
        "key_moments": [{"turn": 1, "seat": 1, "label": "blunder", "loss": 1.0}]}


def test_a_stored_analysis_reads_back_as_written(any_store: Store) -> None:
    assert any_store.save_win_chances(StoredWinChances("g1", 2.5, BODY, AT)) is True
    stored = any_store.win_chances_of("g1")
    assert stored is not None
    assert (stored.game_id, stored.budget, dict(stored.body), stored.computed_at) == (
        "g1", 2.5, BODY, AT)


def test_a_game_has_no_analysis_until_one_is_stored(any_store: Store) -> None:
    any_store.save_win_chances(StoredWinChances("g1", 2.5, BODY, AT))
    assert any_store.win_chances_of("g2") is None


def test_the_first_analysis_stored_stands(any_store: Store) -> None:
    any_store.save_win_chances(StoredWinChances("g1", 2.5, BODY, AT))
    later = StoredWinChances("g1", 9.0, {**BODY, "playouts": 32}, AT)
    assert any_store.save_win_chances(later) is False
    stored = any_store.win_chances_of("g1")
    assert stored is not None and stored.budget == 2.5 and stored.body["playouts"] == 8
