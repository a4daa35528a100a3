"""Which tickets the strong agent keeps: each keep option judged by the chance of
finishing the plan it leads to in the turns and trains left.

A close call between the two best options is settled by playouts, which cost most of
the agent's thinking (1-2 s of CPU at setup on a 4-5 player table): they run in pairs
(one playout of each option on the same sample) until the playouts are done or the
time is up, and the options are compared on the pairs finished. With no pair finished
the first guess stands; with all of them the choice is the one of unlimited time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.agent import OutOfTime, TimeUp, never
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
# At setup a keep's trains are judged with a margin of so many trains a ticket dealt:
# with few players no double route is open, a planned route is often taken and its
# detour costs trains, so a setup plan using nearly every train failed tickets (Nordic
# keeps with 35 or more of 40 trains planned failed 0.95 tickets a game); a map that
# deals more tickets tempts a bigger keep. Later draws keep their tickets as before.
SETUP_MARGIN_PER_TICKET = 2.5


def keep_value(reading: Reading, keep: KeepTickets) -> float:
    """Expected ticket points of keeping `keep`: every open ticket counts for its
    points if the plan is finished in time and against them if not."""
    view = reading.view
    board = reading.board
    tickets = [*view.tickets, *keep.tickets]
    plan = plan_with(view, reading.weights, tickets)
    routes = [board.routes[i] for i in plan.routes]
    slack_turns = reading.turns_left - reading.turns_needed(routes)
    slack_trains = view.me.trains - plan.trains - setup_margin(view)
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


def setup_margin(view: SeatView) -> float:
    """The trains a setup keep leaves aside for detours (none for a later draw)."""
    if view.phase != "setup":
        return 0.0
    rules = view.rules
    return SETUP_MARGIN_PER_TICKET * (rules.setup_regular_tickets + rules.setup_long_tickets)


def _clamp(p: float) -> float:
    return max(0.03, min(SURE, p))


def choose_keep(view: SeatView, keeps: Sequence[KeepTickets], rng: random.Random,
                playouts: int, time_up: TimeUp = never) -> KeepTickets:
    """The keep option of most expected points (ties: fewer tickets, then listing);
    a close call settled by the playouts finished before `time_up`."""
    reading = Reading(view)
    scored = [(keep_value(reading, k), -len(k.tickets), -i, k) for i, k in enumerate(keeps)]
    scored.sort(key=lambda s: s[:3], reverse=True)
    if playouts <= 0 or len(scored) < 2 or scored[0][0] - scored[1][0] >= CLOSE:
        return scored[0][3]
    first, second = scored[0][3], scored[1][3]
    seeds = [rng.getrandbits(64) for _ in range(playouts)]
    margins: tuple[list[float], list[float]] = ([], [])
    for seed in seeds:
        try:
            pair = (playout_margin(view, first, seed, time_up),
                    playout_margin(view, second, seed, time_up))
        except OutOfTime:
            break
        margins[0].append(pair[0])
        margins[1].append(pair[1])
    if margins[0] and _mean(margins[1]) > _mean(margins[0]):
        return second
    return first


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def playout_margin(view: SeatView, keep: KeepTickets, seed: int,
                   time_up: TimeUp = never) -> float:
    """The final margin (our score less the best other) after keeping `keep`, in one
    playout of a state sampled with `seed`, by route-focus players (the same sample
    for every option compared); `OutOfTime` if `time_up` ends it first."""
    rng = random.Random(seed)
    game = execute(sample_game(view, rng), view.seat, keep)[1]
    agents = [RouteFocusAgent() for _ in game.players]
    rngs = [random.Random(rng.getrandbits(64)) for _ in game.players]
    scores = score_game(play_on(game, agents, rngs, time_up=time_up))
    mine = scores[view.seat].total
    return mine - max(s.total for s in scores if s.seat != view.seat)
