"""The one-step agent (de Mesentier Silva et al., FDG 2017): greedy on immediate value.

It claims whenever it can, the route worth most right now (its points, plus the
tickets it completes on the spot); otherwise it draws the colour of the route it is
nearest to paying for. It keeps the fewest tickets it may, the cheapest to join.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.network import Components, shortest_path
from bots.plan import plain_weight, weights_for
from bots.tactics import (
    card_values,
    cheapest_payment,
    claims_by_route,
    draw_for,
    keep_moves,
    pay_or_decline,
)
from bots.view import SeatView
from domain.board import GRAY
from domain.cards import COLORS, KIND_INDEX, LOCO
from domain.commands import Command, KeepTickets


class OneStepAgent:
    name = "one-step"

    def choose(self, view: SeatView, moves: Sequence[Command],
               rng: random.Random) -> Command:
        keeps = keep_moves(moves)
        if keeps:
            return self.keep(view, keeps)
        if view.step == "tunnel":
            return pay_or_decline(moves)
        board = view.board
        claims = claims_by_route(moves)
        values = card_values([0] * len(view.hand), view.hand)
        if claims:
            best = max(claims, key=lambda rid: (self.value_now(view, rid), rid))
            return cheapest_payment(claims[best], values)
        short = [0] * len(view.hand)
        nearest = None
        for r in board.routes:
            if not view.free(r.index) or r.length > view.me.trains:
                continue
            colours = range(len(COLORS)) if r.color == GRAY else (KIND_INDEX[r.color],)
            colour = max(colours, key=lambda c: view.hand[c])
            lack = r.length - view.hand[colour] - view.hand[LOCO]
            if nearest is None or (lack, -r.length) < nearest[0]:
                nearest = ((lack, -r.length), colour, lack)
        if nearest is not None:
            short[nearest[1]] = max(1, nearest[2])
        return draw_for(view, moves, short, locomotive_wanted=False)

    def value_now(self, view: SeatView, route_id: str) -> int:
        board = view.board
        route = board.route_by_id[route_id]
        joined = Components(board, (*view.me.routes, route.index))
        before = Components(board, view.me.routes)
        bonus = 0
        for t in view.tickets:
            ticket = board.ticket_by_id[t]
            if joined.joined(ticket.a, ticket.b) and not before.joined(ticket.a, ticket.b):
                bonus += ticket.points
        return view.rules.route_points[route.length] + bonus

    def keep(self, view: SeatView, keeps: Sequence[KeepTickets]) -> Command:
        fewest = min(len(k.tickets) for k in keeps)
        weights = weights_for(view, plain_weight)
        board = view.board

        def cost(keep: KeepTickets) -> float:
            total = 0.0
            for t in keep.tickets:
                ticket = board.ticket_by_id[t]
                found = shortest_path(board, weights, (ticket.a,), {ticket.b})
                total += found[0] if found is not None else 100.0
            return total

        return min((k for k in keeps if len(k.tickets) == fewest), key=cost)
