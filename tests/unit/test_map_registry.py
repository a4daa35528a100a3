"""The map registry: one entry per map, and everything that asks which maps exist asks
it, so a map registered at run time can be played, and one taken away cannot."""

from __future__ import annotations

import pytest

from domain.maps import (
    MAP_NAMES,
    SHIPPED,
    MapDataError,
    MapEntry,
    load_board,
    map_entry,
    map_names,
    register_map,
    rules_for,
    unregister_map,
)
from domain.rules import rules_from_data
from domain.setup import start_game
from domain.table import GameCreated, create_game
from domain.violations import RuleViolation
from tests.tinyland import NAME, registered, tinyland_data

SEED = bytes(range(32))


def test_the_shipped_maps_are_usa_europe_and_nordic_in_that_order() -> None:
    assert MAP_NAMES == ("usa", "europe", "nordic")
    assert map_names() == MAP_NAMES


@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.name)
def test_each_shipped_board_agrees_with_its_knobs(entry: MapEntry) -> None:
    board = entry.board  # loading checks the board against every version's knobs
    assert board.name == entry.name and entry.title
    assert load_board(entry.name) is board
    assert rules_for(entry.name) is entry.rules_in(1)


def test_a_registered_map_can_be_played_until_it_is_taken_away() -> None:
    with registered():
        assert NAME in map_names()
        created = create_game(map_name=NAME, seats=3, created_by="alice", seed=SEED)[0]
        assert isinstance(created, GameCreated) and created.map == NAME
        assert start_game(NAME, 3, SEED)
    assert NAME not in map_names()
    with pytest.raises(RuleViolation, match="Unknown map"):
        create_game(map_name=NAME, seats=3, created_by="alice", seed=SEED)
    with pytest.raises(RuleViolation, match="Unknown map"):
        start_game(NAME, 3, SEED)


def test_a_registered_map_is_not_one_of_the_documented_maps() -> None:
    with registered():
        assert NAME not in MAP_NAMES


def test_a_data_map_takes_its_title_board_and_knobs_from_its_document() -> None:
    data = tinyland_data()
    with registered() as entry:
        assert map_entry(NAME) is entry and entry.title == data["title"]
        assert load_board(NAME).cities == tuple(data["cities"])
        rules = rules_for(NAME)
        assert rules.map == NAME and rules.trains == data["rules"]["1"]["trains"]
        assert rules.route_points[5] == 10  # JSON's string keys are lengths again


def test_the_table_refuses_more_players_than_the_data_map_takes() -> None:
    with registered(), pytest.raises(RuleViolation) as refused:
        create_game(map_name=NAME, seats=5, created_by="alice", seed=SEED)
    assert refused.value.code == "malformed_command"


def test_a_map_name_is_registered_once() -> None:
    with registered(), pytest.raises(MapDataError, match="already"):
        register_map(MapEntry.from_data(tinyland_data()))


def test_a_shipped_map_cannot_be_taken_away() -> None:
    with pytest.raises(MapDataError):
        unregister_map("usa")
    assert "usa" in map_names()


def test_a_map_whose_knobs_do_not_score_one_of_its_routes_is_refused() -> None:
    data = tinyland_data()
    del data["rules"]["1"]["route_points"]["5"]
    with pytest.raises(MapDataError, match="length"):
        register_map(MapEntry.from_data(data))
    assert NAME not in map_names()


def test_a_map_with_too_few_tickets_to_deal_is_refused() -> None:
    data = tinyland_data()
    data["tickets"] = data["tickets"][:5]
    with pytest.raises(MapDataError, match="tickets"):
        register_map(MapEntry.from_data(data))


def test_a_broken_board_is_refused_when_registered() -> None:
    data = tinyland_data()
    data["routes"][0]["b"] = "Atlantis"
    with pytest.raises(MapDataError, match="board"):
        register_map(MapEntry.from_data(data))


def test_a_map_document_without_a_title_is_refused() -> None:
    data = tinyland_data()
    del data["title"]
    with pytest.raises(MapDataError, match="title"):
        MapEntry.from_data(data)


def test_an_unknown_rule_knob_is_refused() -> None:
    knobs = {**tinyland_data()["rules"]["1"], "trainz": 12}
    with pytest.raises(ValueError, match="trainz"):
        rules_from_data(NAME, knobs)


def test_a_missing_rule_knob_is_refused() -> None:
    knobs = tinyland_data()["rules"]["1"]
    del knobs["trains"]
    with pytest.raises(ValueError, match="trains"):
        rules_from_data(NAME, knobs)


def test_a_knob_of_the_wrong_kind_is_refused() -> None:
    knobs = {**tinyland_data()["rules"]["1"], "setup_returned_to": "sea", "trains": "12"}
    with pytest.raises(ValueError, match="sea") as refused:
        rules_from_data(NAME, knobs)
    assert "trains" in str(refused.value)


def test_an_unknown_rules_version_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown rules version 99"):
        rules_for("usa", 99)


def test_an_unknown_map_has_no_board() -> None:
    with pytest.raises(KeyError, match="atlantis"):
        load_board("atlantis")
