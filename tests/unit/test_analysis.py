"""The post-game analysis (`domain.analysis`): a pure function of a scored game's events."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain import events as ev
from domain.analysis import TURN_KINDS, NotFinished, analyse
from domain.ending import positions_of
from domain.maps import map_names
from domain.scoring import final_scores
from domain.table import replay_table
from tests.ratings_support import scored_stream


@pytest.mark.parametrize("map_name", map_names())
def test_the_last_turn_shows_the_route_points_of_the_final_score(map_name: str) -> None:
    events = scored_stream(map_name, 3, 1)
    analysis = analyse(events).as_dict()
    last = analysis["turns"][-1]["scores"]
    assert last == [p["final"]["routes"] for p in analysis["players"]]


@pytest.mark.parametrize("map_name", map_names())
def test_a_ticket_has_a_completion_turn_exactly_when_the_score_counts_it(map_name: str
                                                                         ) -> None:
    events = scored_stream(map_name, 3, 2)
    table = replay_table(events)
    assert table.score is not None
    for player, scored in zip(analyse(events).as_dict()["players"], table.score, strict=True):
        completed = {t["id"]: t["completed"] for t in scored["tickets"]}
        timeline = {t["id"]: t for t in player["tickets"]}
        assert set(timeline) == set(completed)
        for ticket_id, done in completed.items():
            entry = timeline[ticket_id]
            assert (entry["completed_turn"] is not None) == done
            if done:
                assert entry["completed_turn"] >= entry["kept_turn"]


def test_cards_drawn_count_every_draw_by_its_source() -> None:
    events = scored_stream("usa", 3, 3)
    players = analyse(events).as_dict()["players"]
    for seat, player in enumerate(players):
        blind = sum(1 for e in events if isinstance(e, ev.CardDrawnBlind) and e.seat == seat)
        taken = sum(1 for e in events if isinstance(e, ev.CardTaken) and e.seat == seat)
        assert sum(player["cards_drawn"]["deck"].values()) == blind
        assert sum(player["cards_drawn"]["face_up"].values()) == taken


def test_every_turn_is_counted_once_under_one_kind() -> None:
    events = scored_stream("europe", 3, 4)
    analysis = analyse(events).as_dict()
    assert sum(sum(p["turns"].values()) for p in analysis["players"]) == analysis["turn_count"]
    assert all(set(p["turns"]) == set(TURN_KINDS) for p in analysis["players"])
    claims = sum(1 for e in events if isinstance(e, ev.RouteClaimed))
    assert sum(p["turns"]["claim"] for p in analysis["players"]) == claims


def test_tunnels_attempted_are_paid_or_declined() -> None:
    events = scored_stream("europe", 4, 5)
    for player in analyse(events).as_dict()["players"]:
        t = player["tunnels"]
        assert t["attempted"] == t["paid"] + t["declined"]
    assert sum(p["tunnels"]["attempted"] for p in analyse(events).as_dict()["players"]) == sum(
        1 for e in events if isinstance(e, ev.TunnelAttempted))


def test_routes_by_length_add_up_to_the_routes_claimed() -> None:
    events = scored_stream("usa", 2, 6)
    table = replay_table(events)
    assert table.score is not None
    for player, scored in zip(analyse(events).as_dict()["players"], table.score, strict=True):
        assert sum(r["count"] for r in player["routes_by_length"]) == len(scored["routes"])


def test_a_swing_is_the_margin_lost_without_that_one_route() -> None:
    events = scored_stream("usa", 3, 7)
    analysis = analyse(events)
    game = replay_table(events).game
    assert game is not None and analysis.winner is not None and analysis.margin is not None
    assert analysis.swing_moves
    for move in analysis.swing_moves:
        without = [replace(p, routes=tuple(r for r in p.routes if r != move.route))
                   for p in positions_of(game)]
        scores = final_scores(game.board, game.rules, without)
        runner_up = analysis.runner_up
        assert runner_up is not None
        assert move.swing == analysis.margin - (scores[analysis.winner].total
                                                - scores[runner_up].total)
    swings = [abs(m.swing) for m in analysis.swing_moves]
    assert swings == sorted(swings, reverse=True)


def test_the_analysis_is_the_same_every_time() -> None:
    events = scored_stream("europe", 2, 8)
    assert analyse(events) == analyse(list(events))


def test_a_game_not_yet_scored_has_no_analysis() -> None:
    events = scored_stream("usa", 2, 9)
    with pytest.raises(NotFinished):
        analyse(events[:-1])
