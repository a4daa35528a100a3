"""The route-focus agent (de Mesentier Silva et al., FDG 2017).

It joins its tickets by their cheapest connections (route lengths alone), claims a
route of those connections as soon as it can pay for one, and otherwise draws the
colours they need. With every ticket done it draws new tickets while it has trains
enough, and then claims the longest routes it can pay for.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import chain

from bots.plan import colour_needs, make_plan, plain_weight, weights_for
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
from domain.cards import LOCO
from domain.commands import Command, KeepTickets

NEW_TICKETS_FROM_TRAINS = 12


class RouteFocusAgent:
    name = "route-focus"

    def choose(self, view: SeatView, moves: Sequence[Command],
               rng: random.Random) -> Command:
        keeps = keep_moves(moves)
        if keeps:
            return self.keep(view, keeps)
        if view.step == "tunnel":
            return pay_or_decline(moves)
        board = view.board
        weights = weights_for(view, plain_weight)
        plan = make_plan(view, view.tickets, weights)
        routes = [board.routes[i] for i in plan.routes]
        need = colour_needs(view.rules, routes, view.hand)
        short = [max(0, n - h) for n, h in zip(need, view.hand, strict=True)]
        if is_card_draw(moves):
            return draw_for(view, moves, short, locomotive_wanted=False)
        claims = claims_by_route(moves)
        values = card_values(need, view.hand)
        for r in routes:
            if r.id in claims:
                return cheapest_payment(claims[r.id], values)
        if not routes:
            tickets = draw_tickets_move(moves)
            if tickets is not None and view.me.trains >= NEW_TICKETS_FROM_TRAINS:
                return tickets
            if claims:
                longest = max(claims, key=lambda rid: (board.route_by_id[rid].length, rid))
                return cheapest_payment(claims[longest], values)
        return draw_for(view, moves, short, locomotive_wanted=sum(short) > 0 and short[LOCO] > 0)

    def keep(self, view: SeatView, keeps: Sequence[KeepTickets]) -> Command:
        """The most points whose connections fit the trains (a margin at setup)."""
        weights = weights_for(view, plain_weight)
        margin = 10 if view.phase == "setup" else 0
        budget = view.me.trains - margin
        best: tuple[tuple[int, float], KeepTickets] | None = None
        board = view.board
        for keep in keeps:
            tickets = list(chain(view.tickets, keep.tickets))
            plan = make_plan(view, tickets, weights, trains=10 ** 6)
            fits = plan.trains <= budget and not plan.dropped
            points = sum(board.ticket_by_id[t].points for t in keep.tickets)
            key = (points if fits else -points, -plan.cost)
            if best is None or key > best[0]:
                best = (key, keep)
        assert best is not None
        return best[1]
