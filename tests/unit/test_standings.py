"""The tournament's points rule and tie-breakers (docs/tournaments.md)."""

from __future__ import annotations

from domain.standings import TableResult, placing_points, standings


def test_each_player_below_you_at_the_table_is_a_point() -> None:
    result = TableResult({"a": 90, "b": 70, "c": 50, "d": 30})
    assert placing_points(result) == {"a": 3.0, "b": 2.0, "c": 1.0, "d": 0.0}


def test_a_level_score_is_half_a_point() -> None:
    result = TableResult({"a": 80, "b": 80, "c": 20})
    assert placing_points(result) == {"a": 1.5, "b": 1.5, "c": 0.0}


def test_a_missed_game_earns_nothing_and_counts_below_everyone_who_played() -> None:
    result = TableResult({"a": 10, "b": 99, "c": 40}, missed=frozenset({"b"}))
    assert placing_points(result) == {"a": 1.0, "b": 0.0, "c": 2.0}


def test_points_order_the_standings() -> None:
    lines = standings(["a", "b"], [TableResult({"a": 10, "b": 20})])
    assert [s.entrant for s in lines] == ["b", "a"]


def test_level_points_are_split_by_total_game_score() -> None:
    results = [TableResult({"a": 50, "x": 10}), TableResult({"b": 90, "y": 10})]
    lines = standings(["a", "b", "x", "y"], results)
    assert [s.entrant for s in lines[:2]] == ["b", "a"]


def test_then_by_the_opponents_points() -> None:
    results = [TableResult({"a": 50, "x": 10}), TableResult({"b": 50, "y": 10}),
               TableResult({"x": 30, "z": 0})]
    lines = standings(["a", "b", "x", "y", "z"], results)
    assert [s.entrant for s in lines[:2]] == ["a", "b"]


def test_a_bot_seated_to_fill_a_table_is_not_in_the_standings() -> None:
    lines = standings(["a"], [TableResult({"a": 5, "bot:easy": 9})])
    assert [s.entrant for s in lines] == ["a"]
