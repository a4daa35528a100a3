"""The expert agent: the strong agent's move, checked against a few others by
playouts over states sampled from what the seat can see.

At setup it plays the ways of keeping the tickets dealt out to the end (`KEEP_ROUNDS`
rounds, the whole game each): the strong agent's own first guess against the others
of most expected points. The keep decides more games between two planners than any
single later move.

At the start of a turn (not a second card, a tunnel's payment or a keep) in the last
few turns of the game, whoever's trains bring the end on, it lists a few candidates:
the strong agent's own move, its card draw, its ticket draw and the claims worth a
look. Each round samples one hidden state (`bots.sample`) and plays
every candidate from it to the end with strong agents in every seat, all candidates
sharing the sample and the agents' randomness, so their difference is the move's and
not the deal's. It plays another candidate only when that one leads, over the rounds
finished, by more than its noise; with no round finished it plays the strong move.

It is anytime (`bots.agent.Anytime`): rounds stop when `time_up` says so.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from bots.agent import OutOfTime, TimeUp, never
from bots.agents.strong import StrongAgent
from bots.agents.strong_keep import choose_keep, keep_value
from bots.agents.strong_read import Reading, turns_to_end, wants_locomotive
from bots.play import play_on
from bots.sample import sample_game
from bots.tactics import (
    card_values,
    cheapest_payment,
    claims_by_route,
    draw_for,
    draw_tickets_move,
    keep_moves,
)
from bots.view import SeatView
from domain.commands import ClaimRoute, Command, DrawCard, KeepTickets
from domain.decide import execute
from domain.ending import score_game

# decisions played out per choice, at most: on North America, about the 200 ms a bot
# is given (the measured times: bench/NOTES.md)
STEPS = 400
# claims other than the strong agent's own worth playing out, at most
CLAIMS = 3
# turns left (the sooner of the others' clock and the seat's own) below which it searches
ENDGAME = 6.0
# how many standard errors a candidate must lead the strong move by to be played
LEAD = 1.0
# the final margin's weight beside a win, per point
MARGIN_WEIGHT = 0.01
# rounds of whole-game playouts for the keep at setup, each playing every keep option
# looked at: the strong agent's guess and the others of most expected points (16 won
# less: bench/NOTES.md)
KEEP_ROUNDS = 32
KEEP_OPTIONS = 4


class ExpertAgent:
    name = "expert"

    def __init__(self, rounds: int = 64, steps: int = STEPS, time_up: TimeUp = never,
                 keep_rounds: int = KEEP_ROUNDS) -> None:
        self.rounds = rounds  # at most, each playing every candidate once
        self.steps = steps  # decisions played out in all, at most, per choice
        self.time_up = time_up
        self.keep_rounds = keep_rounds  # at setup: whole games, every option in each
        self.strong = StrongAgent(time_up=time_up)

    def within(self, time_up: TimeUp) -> ExpertAgent:
        return ExpertAgent(self.rounds, self.steps, time_up, self.keep_rounds)

    def choose(self, view: SeatView, moves: Sequence[Command],
               rng: random.Random) -> Command:
        keeps = keep_moves(moves)
        if keeps and view.phase == "setup" and len(keeps) > 1:
            return self.setup_keep(view, keeps, rng)
        first = self.strong.choose(view, moves, rng)
        if view.phase != "playing" or view.step != "start":
            return first
        reading = Reading(view)
        if turns_left(reading) > ENDGAME:
            return first
        candidates = self.candidates(reading, moves, first)
        if len(candidates) < 2:
            return first
        return self.search(view, candidates, rng, self.rounds, self.steps)

    def candidates(self, reading: Reading, moves: Sequence[Command],
                   first: Command) -> list[Command]:
        """The strong move first, then its card draw, the claims worth a look (the
        plan's, then the longest) and, with no plan left, a ticket draw."""
        view = reading.view
        out = [first]
        draw = draw_for(view, moves, self.strong.wanted(reading), wants_locomotive(reading))
        if isinstance(draw, DrawCard) and draw not in out:
            out.append(draw)
        claims = claims_by_route(moves)
        values = card_values(reading.need, view.hand)
        board = view.board
        planned = {r.id for r in reading.plan_routes}
        taken = first.route if isinstance(first, ClaimRoute) else None
        ranked = sorted((rid for rid in claims if rid != taken),
                        key=lambda rid: (rid in planned, board.route_by_id[rid].length, rid),
                        reverse=True)
        for rid in ranked[:CLAIMS]:
            out.append(cheapest_payment(claims[rid], values))
        tickets = draw_tickets_move(moves)
        if tickets is not None and tickets not in out and not reading.plan.routes:
            out.append(tickets)
        return out

    def setup_keep(self, view: SeatView, keeps: Sequence[KeepTickets],
                   rng: random.Random) -> Command:
        """The keep at setup: the strong agent's first guess (its expected points, no
        playouts) against the other options of most expected points (`KEEP_OPTIONS` in
        all), each played out to the end."""
        first = choose_keep(view, keeps, rng, playouts=0)
        others = [k for k in keeps if k != first]
        if len(others) >= KEEP_OPTIONS:  # (Europe deals 4 tickets, Nordic 5: many ways)
            reading = Reading(view)
            best = sorted(others, key=lambda k: keep_value(reading, k), reverse=True)
            others = [k for k in others if k in best[:KEEP_OPTIONS - 1]]
        candidates: list[Command] = [first, *others]
        return self.search(view, candidates, rng, self.keep_rounds, steps=None)

    def search(self, view: SeatView, candidates: list[Command], rng: random.Random,
               rounds: int, steps: int | None) -> Command:
        """The candidate that leads the first by more than its noise over `rounds`
        rounds, or over those finished within `steps` decisions played out (None: no
        bound but the time)."""
        diffs: list[list[float]] = [[] for _ in candidates]
        played = 0

        def spent() -> bool:
            nonlocal played
            played += 1
            return (steps is not None and played > steps) or self.time_up()

        for _ in range(rounds):
            seed = rng.getrandbits(64)
            try:
                values = [self.playout(view, c, seed, spent) for c in candidates]
            except OutOfTime:
                break
            for i, v in enumerate(values):
                diffs[i].append(v - values[0])
        best, best_mean = 0, 0.0
        for i in range(1, len(candidates)):
            d = diffs[i]
            if len(d) < 2:
                continue
            mean = sum(d) / len(d)
            var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
            if mean > LEAD * math.sqrt(var / len(d)) and mean > best_mean:
                best, best_mean = i, mean
        return candidates[best]

    def playout(self, view: SeatView, command: Command, seed: int,
                time_up: TimeUp) -> float:
        rng = random.Random(seed)
        game = sample_game(view, rng)
        game = execute(game, view.seat, command)[1]
        agents = [StrongAgent(playouts=0) for _ in game.players]
        rngs = [random.Random(rng.getrandbits(64)) for _ in game.players]
        scores = score_game(play_on(game, agents, rngs, time_up=time_up))
        mine = scores[view.seat]
        best_other = max(s.total for s in scores if s.seat != view.seat)
        return float(mine.winner) + MARGIN_WEIGHT * (mine.total - best_other)


def turns_left(reading: Reading) -> float:
    """Our turns until the game ends: the strong agent's clock counts only the others'
    trains, but the seat itself may be the one to bring the end on."""
    view = reading.view
    own = turns_to_end(view.rules, view, view.seat) + 1.0
    return min(reading.turns_left, own)
