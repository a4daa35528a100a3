"""The shipped boards hold the reference totals of tests/fixtures/boards and validate."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from domain.board import BoardDataError, board_from_data
from domain.maps import MAP_NAMES, load_board

# the reference data, copied into the repository (see its README)
REFERENCE = Path(__file__).resolve().parents[1] / "fixtures" / "boards"


def _reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_totals", REFERENCE / "check_totals.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _without_ids(name: str) -> dict[str, Any]:
    data = load_board(name).as_dict()
    return {
        "map": data["map"], "cities": data["cities"],
        "routes": [{k: v for k, v in r.items() if k != "id"} for r in data["routes"]],
        "tickets": [{k: v for k, v in t.items() if k != "id"} for t in data["tickets"]],
    }


@pytest.mark.parametrize("name", MAP_NAMES)
def test_board_totals_match_the_reference(name: str) -> None:
    reference = _reference()
    totals = reference.totals(_without_ids(name))
    for key, expected in reference.EXPECTED[name].items():
        assert totals[key] == expected, key


@pytest.mark.parametrize("name", MAP_NAMES)
def test_board_passes_every_reference_check(name: str) -> None:
    assert _reference().validate(name, _without_ids(name)) == []


@pytest.mark.parametrize("name", MAP_NAMES)
def test_board_data_equals_the_reference_files(name: str) -> None:
    reference = json.loads((REFERENCE / f"{name}.json").read_text(encoding="utf-8"))
    assert _without_ids(name) == reference


def test_route_ids_name_the_map_and_the_cities() -> None:
    board = load_board("europe")
    route = board.route_by_id["europe/paris-zurich"]
    assert (route.a, route.b) == ("Paris", "Zurich")


def test_each_route_of_a_parallel_pair_gets_a_suffix() -> None:
    board = load_board("usa")
    first, second = board.route_by_id["usa/atlanta-raleigh-1"], board.route_by_id[
        "usa/atlanta-raleigh-2"]
    assert first.double_group == second.double_group is not None
    assert board.twin[first.index] == second.index


def test_europe_marks_its_six_long_tickets() -> None:
    assert sum(t.long for t in load_board("europe").tickets) == 6


def test_a_broken_board_is_refused_when_loaded() -> None:
    data = load_board("usa").as_dict()
    data["routes"][0]["b"] = "Atlantis"
    with pytest.raises(BoardDataError):
        board_from_data(data)


def test_a_lone_route_with_a_double_group_is_refused() -> None:
    data = load_board("usa").as_dict()
    single = next(r for r in data["routes"] if r["double_group"] is None)
    single["double_group"] = 999
    with pytest.raises(BoardDataError):
        board_from_data(data)
