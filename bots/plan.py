"""A seat's plan: which tickets it still pursues, the routes that join them, and the
cards those routes need, read off its view alone.

Shared by the planning agents: route-focus plans with plain route lengths, the strong
agent with weights that count tunnel risk, ferry locomotives and the cards it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from bots.network import Components, Joining, Weights, usable
from bots.view import SeatView
from domain.board import GRAY, Route
from domain.cards import COLORS, KIND_INDEX, LOCO, Counts
from domain.payment import locomotives_allowed
from domain.rules import Rules

RouteWeight = Callable[[Route], float]


def plain_weight(route: Route) -> float:
    return float(route.length)


@dataclass(frozen=True, slots=True)
class Plan:
    """The routes still to claim for the tickets pursued (claim order not implied)."""

    routes: tuple[int, ...]
    trains: int  # trains those routes take
    cost: float  # their weight
    pursued: tuple[str, ...]  # ticket ids still open and pursued
    dropped: tuple[str, ...]  # ticket ids open but given up


def own_components(view: SeatView, seat: int | None = None) -> Components:
    seat = view.seat if seat is None else seat
    return Components(view.board, view.players[seat].routes)


def completed(view: SeatView, tickets: Sequence[str]) -> set[str]:
    """Which of `tickets` the seat's own routes already join."""
    board = view.board
    joined = own_components(view)
    return {t for t in tickets
            if joined.joined(board.ticket_by_id[t].a, board.ticket_by_id[t].b)}


def weights_for(view: SeatView, weight: RouteWeight) -> list[float | None]:
    """Route weights for the viewer: 0 for its own, None where it can never build."""
    mine = view.seat
    ok = usable(view)
    return [0.0 if view.owners[r.index] == mine else (weight(r) if ok[r.index] else None)
            for r in view.board.routes]


def make_plan(view: SeatView, tickets: Sequence[str], weights: Weights,
              trains: int | None = None) -> Plan:
    """Pursue the open tickets, most valuable first, while the routes fit the trains."""
    board = view.board
    done = completed(view, tickets)
    open_tickets = sorted((t for t in tickets if t not in done),
                          key=lambda t: -board.ticket_by_id[t].points)
    budget = view.me.trains if trains is None else trains
    pursued: list[str] = []
    dropped: list[str] = []
    # each ticket tried on the routes chosen for those pursued before it
    joining = Joining.start(weights)
    for t in open_tickets:
        ticket = board.ticket_by_id[t]
        trial = joining.join(board, ticket.a, ticket.b)
        if trial is None or _trains(view, trial.chosen) > budget:
            dropped.append(t)
            continue
        pursued.append(t)
        joining = trial
    chosen = joining.chosen
    to_claim = tuple(sorted(i for i in chosen if view.owners[i] != view.seat))
    return Plan(routes=to_claim, trains=_trains(view, chosen), cost=joining.cost,
                pursued=tuple(pursued), dropped=tuple(dropped))


def _trains(view: SeatView, chosen: Iterable[int]) -> int:
    routes = view.board.routes
    return sum(routes[i].length for i in chosen if view.owners[i] != view.seat)


def colour_needs(rules: Rules, routes: Sequence[Route], hand: Counts) -> list[int]:
    """The cards (per kind) that `routes` take, a gray route taking the colour the hand
    has most of beyond the coloured routes' needs; ferry symbols need locomotives."""
    need = [0] * len(hand)
    grays = []
    for r in routes:
        need[LOCO] += r.locomotives
        if r.color == GRAY:
            grays.append(r)
        else:
            need[KIND_INDEX[r.color]] += r.length - r.locomotives
    for r in sorted(grays, key=lambda r: -r.length):
        colour = max(range(len(COLORS)), key=lambda c: (hand[c] - need[c], -c))
        need[colour] += r.length - r.locomotives
    return need


def missing_cards(rules: Rules, routes: Sequence[Route], hand: Counts) -> int:
    """How many more cards the routes need than the hand holds (locomotives standing
    in where the map allows them)."""
    need = colour_needs(rules, routes, hand)
    short = sum(max(0, need[c] - hand[c]) for c in range(len(COLORS)))
    spare_locos = hand[LOCO] - need[LOCO]
    if spare_locos < 0:
        return short - spare_locos
    if any(locomotives_allowed(rules, r) for r in routes):
        return max(0, short - spare_locos)
    return short
