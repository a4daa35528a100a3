"""Swiss pairing: similar scores share a table, repeated meetings are avoided."""

from __future__ import annotations

import pytest

from domain.swiss import meetings, pair_round, table_sizes


def _players(n: int) -> list[str]:
    return [f"p{i:04d}" for i in range(n)]


def test_tables_are_full_when_the_count_divides() -> None:
    assert table_sizes(12, 4) == [4, 4, 4]


def test_an_odd_count_makes_some_tables_one_smaller() -> None:
    assert table_sizes(13, 4) == [4, 3, 3, 3]


def test_nobody_sits_alone_a_left_over_player_joins_a_table() -> None:
    assert table_sizes(3, 2) == [3]


def test_a_single_entrant_cannot_form_a_table() -> None:
    with pytest.raises(ValueError):
        table_sizes(1, 4)


def test_the_first_round_seats_neighbours_in_the_standings_together() -> None:
    players = _players(8)
    assert pair_round(players, {}, {}, 4) == [players[:4], players[4:]]


def test_every_entrant_sits_at_exactly_one_table() -> None:
    players = _players(23)
    tables = pair_round(players, {p: i % 5 for i, p in enumerate(players)}, {}, 4)
    assert sorted(p for t in tables for p in t) == sorted(players)


def test_players_with_similar_scores_share_a_table() -> None:
    players = _players(8)
    scores = {p: (3.0 if i % 2 == 0 else 0.0) for i, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: -scores[p])
    tables = pair_round(ranked, scores, {}, 4)
    assert [{scores[p] for p in t} for t in tables] == [{3.0}, {0.0}]


def test_pairs_that_met_are_kept_apart_when_other_tables_allow() -> None:
    players = _players(16)
    met = meetings([[players[i:i + 4] for i in range(0, 16, 4)]])
    tables = pair_round(players, {}, met, 4)
    assert not set(meetings([tables])) & set(met)


def test_twelve_players_over_four_rounds_meet_at_most_twice() -> None:
    players = _players(12)
    rounds: list[list[list[str]]] = []
    for _ in range(4):
        rounds.append(pair_round(players, {}, meetings(rounds), 4))
    assert max(meetings(rounds).values()) <= 2
