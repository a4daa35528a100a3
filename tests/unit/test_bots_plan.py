"""A seat's plan: the tickets it pursues, joined by one network of routes, each ticket
tried in turn on the routes already chosen for the ones before it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bots.agents.strong import StrongAgent
from bots.agents.strong_read import Reading
from bots.network import Components, steiner
from bots.plan import make_plan
from bots.play import decide_for, seat_to_act
from bots.view import SeatView, seat_view
from domain.decide import execute
from domain.evolve import replay
from domain.maps import MAP_NAMES
from domain.setup import start_game


def views_of_a_game(map_name: str, seed: int, every: int = 7) -> Iterator[SeatView]:
    """Views of the seat to act, every few decisions of a game between strong agents."""
    game = replay(start_game(map_name, 3 if map_name == "nordic" else 4, bytes([seed]) * 8))
    agents = [StrongAgent(playouts=0) for _ in game.players]
    rngs = [random.Random(seed * 10 + s) for s in range(len(game.players))]
    for number in range(2000):
        if game.phase == "ended":
            return
        seat = seat_to_act(game)
        if game.phase == "playing" and number % every == 0:
            yield seat_view(game, seat)
        game = execute(game, seat, decide_for(game, seat, agents[seat], rngs[seat]))[1]


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_a_plan_is_the_network_joining_the_tickets_it_pursues(map_name: str) -> None:
    checked = 0
    for view in views_of_a_game(map_name, seed=3):
        reading = Reading(view)
        plan = reading.plan
        board = view.board
        pairs = [(board.ticket_by_id[t].a, board.ticket_by_id[t].b) for t in plan.pursued]
        cost, chosen, unreachable = steiner(board, reading.weights, pairs)
        assert unreachable == []
        assert plan.routes == tuple(sorted(i for i in chosen if view.owners[i] != view.seat))
        assert plan.cost == pytest.approx(cost)
        assert plan.trains <= view.me.trains
        # the routes chosen join every ticket pursued, and cost what they weigh
        joined = Components(board, chosen)
        assert all(joined.joined(a, b) for a, b in pairs)
        assert plan.cost == pytest.approx(sum(reading.weights[i] or 0.0 for i in chosen))
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_a_ticket_is_given_up_only_when_it_cannot_join_the_ones_before_it_within_the_trains(
        map_name: str) -> None:
    given_up = 0
    for view in views_of_a_game(map_name, seed=4):
        weights = Reading(view).weights
        board = view.board
        # a budget of half the trains the whole plan would take, so that some are given up
        budget = make_plan(view, view.tickets, weights).trains // 2
        plan = make_plan(view, view.tickets, weights, trains=budget)
        assert plan.trains <= budget
        # the open tickets are tried most valuable first
        tried = [t for t in sorted(view.tickets, key=lambda t: -board.ticket_by_id[t].points)
                 if t in plan.pursued or t in plan.dropped]
        for position, ticket in enumerate(tried):
            if ticket not in plan.dropped:
                continue
            before = [t for t in tried[:position] if t in plan.pursued]
            pairs = [(board.ticket_by_id[t].a, board.ticket_by_id[t].b)
                     for t in (*before, ticket)]
            _, chosen, unreachable = steiner(board, weights, pairs)
            trains = sum(board.routes[i].length for i in chosen
                         if view.owners[i] != view.seat)
            assert unreachable or trains > budget
            given_up += 1
    assert given_up > 0
