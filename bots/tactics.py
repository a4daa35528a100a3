"""Small choices the agents share: which card to draw for the colours they need, which
cards to pay a route with, which legal command is which."""

from __future__ import annotations

from collections.abc import Sequence

from bots.view import SeatView
from domain.cards import COLORS, KIND_INDEX, LOCO, LOCOMOTIVE
from domain.commands import (
    ClaimRoute,
    Command,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    KeepTickets,
    PayTunnel,
)


def claims_by_route(moves: Sequence[Command]) -> dict[str, list[ClaimRoute]]:
    """The legal claims, grouped by route id (one entry per payment)."""
    out: dict[str, list[ClaimRoute]] = {}
    for m in moves:
        if isinstance(m, ClaimRoute):
            out.setdefault(m.route, []).append(m)
    return out


def find(moves: Sequence[Command], kind: type) -> Command | None:
    for m in moves:
        if isinstance(m, kind):
            return m
    return None


def card_values(need: Sequence[int], hand: Sequence[int]) -> list[float]:
    """How much keeping one card of each kind is worth to a plan: a locomotive most,
    a colour the plan still needs more than one it does not."""
    values = [1.0 + (1.5 if need[c] > 0 else 0.0) for c in range(len(COLORS))]
    values.append(4.0)
    return values


def cheapest_payment(claims: Sequence[ClaimRoute], values: Sequence[float]) -> ClaimRoute:
    """The payment that gives up the least value (ties: the first listed)."""
    return min(claims, key=lambda c: sum(n * values[i] for i, n in enumerate(c.cards)))


def pay_or_decline(moves: Sequence[Command], willing: bool = True) -> Command:
    """A tunnel's extra cost: the cheapest payment (fewest locomotives), or decline."""
    pays = [m for m in moves if isinstance(m, PayTunnel)]
    if pays and willing:
        return min(pays, key=lambda m: (m.cards[LOCO], sum(m.cards)))
    decline = find(moves, DeclineTunnel)
    return decline if decline is not None else moves[0]


def draw_for(view: SeatView, moves: Sequence[Command], short: Sequence[int],
             locomotive_wanted: bool) -> Command:
    """A card draw for the kinds the seat is short of: a face-up card of such a colour
    (the one it lacks most), else a face-up locomotive if wanted, else the deck."""
    slots = {m.slot: m for m in moves if isinstance(m, DrawCard) and m.source == "market"}
    deck = next((m for m in moves if isinstance(m, DrawCard) and m.source == "deck"), None)
    best: tuple[int, DrawCard] | None = None
    for slot, move in slots.items():
        card = view.market[slot] if slot is not None else None
        if card is None or card == LOCOMOTIVE:
            continue
        lack = short[KIND_INDEX[card]]
        if lack > 0 and (best is None or lack > best[0]):
            best = (lack, move)
    if best is not None:
        return best[1]
    if locomotive_wanted:
        for slot, move in slots.items():
            if slot is not None and view.market[slot] == LOCOMOTIVE:
                return move
    if deck is not None:
        return deck
    if slots:
        return next(iter(slots.values()))
    return moves[0]


def is_card_draw(moves: Sequence[Command]) -> bool:
    return all(isinstance(m, DrawCard) for m in moves)


def keep_moves(moves: Sequence[Command]) -> list[KeepTickets]:
    return [m for m in moves if isinstance(m, KeepTickets)]


def draw_tickets_move(moves: Sequence[Command]) -> Command | None:
    return find(moves, DrawTickets)
