"""The strong agent: a ticket planner over approximate Steiner connections.

Each turn it plans the cheapest set of routes joining its open tickets (routes of
others removed, its own free, weights counting tunnel risk, ferry locomotives and
the cards in hand), then:

- claims a planned route it can pay for: the most contested first (the one whose
  loss would make the plan dearest), the longest first when the game is nearly over;
  a tunnel only with a spare card for the extra cost, unless time is short;
- otherwise draws the colours the plan lacks (a face-up locomotive when it is worth
  the draw: on Nordic when tunnels and ferries need them);
- with its tickets done, draws new ones while the turns left allow, and keeps those
  whose extra connections it can expect to finish (a close call between keeping
  options is settled by Monte-Carlo playouts over sampled hidden cards);
- then spends its trains on the longest routes, extending its network for the
  longest path (on Europe, among the long routes, the one worth most with 1.5 points
  for each train it adds to its longest path while the bonus is in reach, and it
  draws for such a route: `bots/agents/strong_path.py`); in its last turns it takes
  the points on offer; on Europe it builds a station where borrowing one route saves
  a failed ticket.

It is anytime (`bots.agent.Anytime`): bounded by a `TimeUp`, its playouts stop when
the time is up and it keeps the best choice found; everything else it does takes a
few milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.agent import TimeUp, never
from bots.agents.strong_keep import choose_keep
from bots.agents.strong_path import PathReading
from bots.agents.strong_read import Reading, wants_locomotive
from bots.network import Components
from bots.tactics import (
    card_values,
    cheapest_payment,
    claims_by_route,
    draw_for,
    draw_tickets_move,
    is_card_draw,
    keep_moves,
    pay_or_decline,
)
from bots.view import SeatView
from domain.board import GRAY, Route
from domain.cards import COLORS, KIND_INDEX, LOCO, subtract
from domain.commands import BuildStation, ClaimRoute, Command

ENDGAME_TURNS = 3.0
NEW_TICKETS_TURNS = 12.0
NEW_TICKETS_TRAINS = 12
LONG = 4


class StrongAgent:
    name = "strong"

    def __init__(self, playouts: int = 8, time_up: TimeUp = never) -> None:
        self.playouts = playouts  # Monte-Carlo playouts per close keep choice
        self.time_up = time_up

    def within(self, time_up: TimeUp) -> StrongAgent:
        return StrongAgent(self.playouts, time_up)

    def choose(self, view: SeatView, moves: Sequence[Command],
               rng: random.Random) -> Command:
        keeps = keep_moves(moves)
        if keeps:
            return choose_keep(view, keeps, rng, self.playouts, self.time_up)
        if view.step == "tunnel":
            return pay_or_decline(moves)
        reading = Reading(view)
        if is_card_draw(moves):
            return draw_for(view, moves, self.wanted(reading), wants_locomotive(reading))
        claims = claims_by_route(moves)
        values = card_values(reading.need, view.hand)
        last = reading.turns_left <= 1.0
        if last:
            return self.last_turn(reading, moves, claims, values)
        planned = self.planned_claim(reading, claims)
        if planned is not None:
            return cheapest_payment(claims[planned.id], values)
        if not reading.plan.routes:
            tickets = draw_tickets_move(moves)
            if (tickets is not None and reading.turns_left >= NEW_TICKETS_TURNS
                    and view.me.trains >= NEW_TICKETS_TRAINS):
                return tickets
            spend = self.spend(reading, claims)
            if spend is not None:
                return cheapest_payment(claims[spend], values)
        elif reading.turns_left <= ENDGAME_TURNS and (
                reading.turns_needed(reading.plan_routes) > reading.turns_left):
            best = self.best_points(reading, claims)
            if best is not None:
                return cheapest_payment(claims[best], values)
        return draw_for(view, moves, self.wanted(reading), wants_locomotive(reading))

    def wanted(self, reading: Reading) -> list[int]:
        """The kinds to draw: the plan's, or with no plan the colour of the best long
        route still open (the one it holds most cards for)."""
        if reading.plan.routes:
            return reading.short
        target = self.long_target(reading)
        short = [0] * len(reading.view.hand)
        if target is not None:
            colour, lack = target
            short[colour] = max(1, lack)
        return short

    def long_target(self, reading: Reading) -> tuple[int, int] | None:
        view = reading.view
        hand = view.hand
        best: tuple[tuple[float, int], int, int] | None = None
        paths = PathReading(view) if PathReading.counts(view) else None
        for r in view.board.routes:
            if reading.weights[r.index] is None or not view.free(r.index):
                continue
            if r.length > view.me.trains:
                continue
            colours = range(len(COLORS)) if r.color == GRAY else (KIND_INDEX[r.color],)
            colour = max(colours, key=lambda c: (hand[c], -c))
            lack = max(0, r.length - hand[colour] - hand[LOCO])
            points = float(view.rules.route_points[r.length])
            if paths is not None:
                points += paths.value(r.index)
            score = points / (lack / 2.0 + 1.0)
            key = (score, -r.index)
            if best is None or key > best[0]:
                best = (key, colour, lack)
        return None if best is None else (best[1], best[2])

    def planned_claim(self, reading: Reading,
                      claims: dict[str, list[ClaimRoute]]) -> Route | None:
        """The planned route to claim now, if it can pay for one."""
        view = reading.view
        ready = [r for r in reading.plan_routes if r.id in claims]
        if not ready:
            return None
        hurry = reading.turns_left <= ENDGAME_TURNS + 1
        safe = [r for r in ready if not r.tunnel or hurry or self.spare_for(view, r, claims)]
        if not safe:
            return None
        if hurry or len(safe) == 1:
            return max(safe, key=lambda r: (r.length, -r.index))
        return max(safe, key=lambda r: (reading.detour(r.index) + 0.5 * r.length, -r.index))

    def spare_for(self, view: SeatView, route: Route,
                  claims: dict[str, list[ClaimRoute]]) -> bool:
        """Would a card be left, after its cheapest payment, for a tunnel's extra cost?"""
        for claim in claims[route.id]:
            left = subtract(view.hand, claim.cards)
            colour = next((i for i in range(len(COLORS)) if claim.cards[i]), None)
            if left[LOCO] or (colour is not None and left[colour]):
                return True
        return False

    def spend(self, reading: Reading, claims: dict[str, list[ClaimRoute]]) -> str | None:
        """With no plan: claim a long route now, or any route when time is short."""
        if not claims:
            return None
        board = reading.board
        mine = {c for i in reading.view.me.routes
                for c in (board.routes[i].a, board.routes[i].b)}

        def key(rid: str) -> tuple[int, bool, str]:
            r = board.route_by_id[rid]
            return r.length, r.a in mine or r.b in mine, rid

        best = max(claims, key=key)
        if board.route_by_id[best].length >= LONG or reading.turns_left <= ENDGAME_TURNS:
            return self.path_choice(reading, claims, board.route_by_id[best].length) or best
        if reading.view.me.trains <= board.route_by_id[best].length + 1:
            return best
        return None

    def path_choice(self, reading: Reading, claims: dict[str, list[ClaimRoute]],
                    longest: int) -> str | None:
        """Among claims as long as LONG (any when `longest` is shorter), the one worth
        most with what it adds to the longest path while the bonus is in reach."""
        if not PathReading.counts(reading.view):
            return None
        paths = PathReading(reading.view)
        if not paths.in_reach:
            return None
        board = reading.board
        points = reading.view.rules.route_points
        floor = min(LONG, longest)
        fit = [rid for rid in claims if board.route_by_id[rid].length >= floor]

        def key(rid: str) -> tuple[float, int, str]:
            r = board.route_by_id[rid]
            return points[r.length] + paths.value(r.index), r.length, rid

        return max(fit, key=key) if fit else None

    def best_points(self, reading: Reading, claims: dict[str, list[ClaimRoute]]) -> str | None:
        """The claim worth most right now: its points and the tickets it completes."""
        if not claims:
            return None
        view = reading.view
        board = reading.board
        before = Components(board, view.me.routes)
        open_tickets = [board.ticket_by_id[t] for t in view.tickets]
        open_tickets = [t for t in open_tickets if not before.joined(t.a, t.b)]

        def value(rid: str) -> tuple[int, str]:
            r = board.route_by_id[rid]
            after = Components(board, (*view.me.routes, r.index))
            done = sum(2 * t.points for t in open_tickets if after.joined(t.a, t.b))
            return view.rules.route_points[r.length] + done, rid

        return max(claims, key=value)

    def last_turn(self, reading: Reading, moves: Sequence[Command],
                  claims: dict[str, list[ClaimRoute]], values: list[float]) -> Command:
        """The final turn: the most points on offer, a station included."""
        best = self.best_points(reading, claims)
        station = self.saving_station(reading, moves)
        view = reading.view
        claim_value = -1
        if best is not None:
            r = reading.board.route_by_id[best]
            claim_value = view.rules.route_points[r.length]
        if station is not None and station[0] > claim_value:
            return station[1]
        if best is not None:
            return cheapest_payment(claims[best], values)
        return draw_for(view, moves, reading.short, False)

    def saving_station(self, reading: Reading,
                       moves: Sequence[Command]) -> tuple[int, Command] | None:
        """A station that completes a failed ticket by borrowing one route, with the
        points it gains (twice the ticket, less the points of a station kept)."""
        builds = [m for m in moves if isinstance(m, BuildStation)]
        if not builds:
            return None
        view = reading.view
        board = reading.board
        joined = Components(board, view.me.routes)
        by_city: dict[str, list[BuildStation]] = {}
        for b in builds:
            by_city.setdefault(b.city, []).append(b)
        best: tuple[int, Command] | None = None
        for t in (board.ticket_by_id[t] for t in view.tickets):
            if joined.joined(t.a, t.b):
                continue
            for city in by_city:
                if not self.borrow_joins(reading, joined, city, t.a, t.b):
                    continue
                gain = 2 * t.points - view.rules.unused_station_points
                if gain > 0 and (best is None or gain > best[0]):
                    cheapest = min(by_city[city], key=lambda b: (b.cards[LOCO], sum(b.cards)))
                    best = (gain, cheapest)
        return best

    def borrow_joins(self, reading: Reading, joined: Components, city: str,
                     a: str, b: str) -> bool:
        board = reading.board
        view = reading.view
        for index in board.routes_at[city]:
            owner = view.owners[index]
            if owner in (-1, view.seat):
                continue
            r = board.routes[index]
            other = r.b if r.a == city else r.a
            if ((joined.joined(a, city) and joined.joined(b, other))
                    or (joined.joined(b, city) and joined.joined(a, other))):
                return True
        return False
