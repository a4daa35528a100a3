"""The long-route agent (de Mesentier Silva et al., FDG 2017): long routes and the
longest path.

It claims the longest route it can pay for (length 4 and up), those that extend its
own network first; it draws the colours of the longest free routes beside its
network, and works on its tickets only with the cards left over. It keeps the
tickets of most points and never draws more.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.plan import colour_needs, make_plan, plain_weight, weights_for
from bots.tactics import (
    card_values,
    cheapest_payment,
    claims_by_route,
    draw_for,
    is_card_draw,
    keep_moves,
    pay_or_decline,
)
from bots.view import SeatView
from domain.board import Route
from domain.commands import Command, KeepTickets

LONG = 4


class LongRouteAgent:
    name = "long-route"

    def choose(self, view: SeatView, moves: Sequence[Command],
               rng: random.Random) -> Command:
        keeps = keep_moves(moves)
        if keeps:
            return self.keep(view, keeps)
        if view.step == "tunnel":
            return pay_or_decline(moves)
        board = view.board
        mine = {c for i in view.me.routes for c in (board.routes[i].a, board.routes[i].b)}
        targets = self.targets(view, mine)
        plan = make_plan(view, view.tickets, weights_for(view, plain_weight))
        wanted = targets + [board.routes[i] for i in plan.routes]
        need = colour_needs(view.rules, wanted, view.hand)
        short = [max(0, n - h) for n, h in zip(need, view.hand, strict=True)]
        if is_card_draw(moves):
            return draw_for(view, moves, short, locomotive_wanted=False)
        claims = claims_by_route(moves)
        values = card_values(need, view.hand)
        long_claims = [rid for rid in claims if board.route_by_id[rid].length >= LONG]
        if long_claims:
            best = max(long_claims, key=lambda rid: (
                board.route_by_id[rid].length,
                board.route_by_id[rid].a in mine or board.route_by_id[rid].b in mine, rid))
            return cheapest_payment(claims[best], values)
        for i in plan.routes:
            if board.routes[i].id in claims:
                return cheapest_payment(claims[board.routes[i].id], values)
        if claims and view.me.trains < LONG:
            return cheapest_payment(claims[max(claims)], values)
        return draw_for(view, moves, short, locomotive_wanted=False)

    def targets(self, view: SeatView, mine: set[str]) -> list[Route]:
        """The three longest free routes it could still take, beside its network first."""
        free = [r for r in view.board.routes
                if view.free(r.index) and LONG <= r.length <= view.me.trains]
        free.sort(key=lambda r: (-(r.a in mine or r.b in mine), -r.length, r.index))
        return free[:3]

    def keep(self, view: SeatView, keeps: Sequence[KeepTickets]) -> Command:
        board = view.board
        weights = weights_for(view, plain_weight)

        def key(keep: KeepTickets) -> tuple[bool, int]:
            plan = make_plan(view, [*view.tickets, *keep.tickets], weights, trains=10 ** 6)
            fits = plan.trains <= view.me.trains - 15 and not plan.dropped
            points = sum(board.ticket_by_id[t].points for t in keep.tickets)
            return fits, points if fits else -points

        return max(keeps, key=key)
