"""Which tickets the strong agent keeps: each keep option judged by the chance of
finishing the plan it leads to in the turns and trains left."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.agents.route_focus import RouteFocusAgent
from bots.agents.strong_read import Reading, plan_with
from bots.play import play_on
from bots.sample import sample_game
from bots.view import SeatView
from domain.commands import KeepTickets
from domain.decide import execute
from domain.ending import score_game

# Turns the game lasts in all, for a first guess at setup (no pace known yet)
SURE = 0.97
# keep options whose expected points are closer than this are played out
CLOSE = 3.0


def keep_value(reading: Reading, keep: KeepTickets) -> float:
    """Expected ticket points of keeping `keep`: every open ticket counts for its
    points if the plan is finished in time and against them if not."""
    view = reading.view
    board = reading.board
    tickets = [*view.tickets, *keep.tickets]
    plan = plan_with(view, reading.weights, tickets)
    routes = [board.routes[i] for i in plan.routes]
    slack_turns = reading.turns_left - reading.turns_needed(routes)
    slack_trains = view.me.trains - plan.trains
    chance = min(_clamp(0.55 + slack_turns / 10.0), _clamp(0.5 + slack_trains / 8.0))
    value = 0.0
    for t in plan.pursued:
        points = board.ticket_by_id[t].points
        value += points * (2 * chance - 1)
        if view.rules.globetrotter_bonus:
            value += 2.0 * chance
    for t in plan.dropped:  # cannot be joined any more
        value -= board.ticket_by_id[t].points
    return value


def _clamp(p: float) -> float:
    return max(0.03, min(SURE, p))


def choose_keep(view: SeatView, keeps: Sequence[KeepTickets], rng: random.Random,
                playouts: int) -> KeepTickets:
    """The keep option of most expected points (ties: fewer tickets, then listing)."""
    reading = Reading(view)
    scored = [(keep_value(reading, k), -len(k.tickets), -i, k) for i, k in enumerate(keeps)]
    scored.sort(key=lambda s: s[:3], reverse=True)
    if playouts <= 0 or len(scored) < 2 or scored[0][0] - scored[1][0] >= CLOSE:
        return scored[0][3]
    first, second = scored[0][3], scored[1][3]
    seeds = [rng.getrandbits(64) for _ in range(playouts)]
    if playout_margin(view, second, seeds) > playout_margin(view, first, seeds):
        return second
    return first


def playout_margin(view: SeatView, keep: KeepTickets, seeds: list[int]) -> float:
    """The mean final margin (our score less the best other) after keeping `keep`, over
    playouts of sampled states by route-focus players (the same samples for every
    option compared)."""
    total = 0.0
    for seed in seeds:
        rng = random.Random(seed)
        game = execute(sample_game(view, rng), view.seat, keep)[1]
        agents = [RouteFocusAgent() for _ in game.players]
        rngs = [random.Random(rng.getrandbits(64)) for _ in game.players]
        scores = score_game(play_on(game, agents, rngs))
        mine = scores[view.seat].total
        total += mine - max(s.total for s in scores if s.seat != view.seat)
    return total / len(seeds)
