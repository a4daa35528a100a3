"""Determinisation: a full game state consistent with what one seat sees.

The cards the seat cannot see (the deck, the discard pile, the other hands) are dealt
at random from the cards not in its hand, on the market or revealed for a tunnel; the
tickets it cannot see from the tickets not its own; the seed is drawn afresh. The
engine can then play the sampled state forward, which is how the strong agent
evaluates close choices without ever reading the real hidden information.
"""

from __future__ import annotations

import random

from bots.view import SeatView
from domain.cards import CARDS_PER_COLOR, COLORS, KIND_INDEX, LOCOMOTIVES_IN_DECK, counts_of
from domain.state import Game, PendingTunnel, Player


def unseen_cards(view: SeatView) -> list[str]:
    """Every train card the seat cannot see, in canonical order."""
    counts = [CARDS_PER_COLOR] * len(COLORS) + [LOCOMOTIVES_IN_DECK]
    visible = [c for c in view.market if c is not None]
    if view.tunnel is not None:
        visible.extend(view.tunnel.revealed)
    for card in visible:
        counts[KIND_INDEX[card]] -= 1
    for i, n in enumerate(view.hand):
        counts[i] -= n
    kinds = [*COLORS, "locomotive"]
    return [kinds[i] for i, n in enumerate(counts) for _ in range(max(0, n))]


def sample_game(view: SeatView, rng: random.Random) -> Game:
    """A state the seat cannot tell from the real one (hidden parts drawn by `rng`)."""
    cards = unseen_cards(view)
    rng.shuffle(cards)
    ticket_deck, dealt = deal_tickets(view, rng)
    players = []
    for seat, p in enumerate(view.players):
        if seat == view.seat:
            hand, tickets, pending = view.hand, view.tickets, view.pending_tickets
        else:
            hand = counts_of(cards[:p.hand_size])
            cards = cards[p.hand_size:]
            tickets, pending = dealt[seat]
        players.append(Player(
            hand=hand, trains=p.trains, stations_left=p.stations_left, routes=p.routes,
            stations=p.stations, tickets=tickets, pending_tickets=pending,
            route_points=p.route_points, out="resigned" if p.out else None))
    deck = tuple(cards[:view.deck_count])
    discard = counts_of(cards[view.deck_count:])
    tunnel = view.tunnel
    return Game(
        map=view.map, rules_version=view.rules_version, seed=rng.randbytes(32),
        seed_commitment="", first_player=0, players=tuple(players), deck=deck,
        discard=discard, market=view.market, ticket_deck=ticket_deck, owners=view.owners,
        station_owners=dict(view.station_owners), phase=view.phase, current=view.current,
        step=view.step,
        tunnel=None if tunnel is None else PendingTunnel(
            route=tunnel.route, cards=tunnel.cards, color=tunnel.color,
            revealed=tunnel.revealed, extra_cards=tunnel.extra_cards),
        setup_returns=((),) * len(players), final_round_by=view.final_round_by,
        final_turns_owed=view.final_turns_owed, turns=view.turns,
    )


# each other seat's (kept, pending) tickets
Dealt = dict[int, tuple[tuple[str, ...], tuple[str, ...]]]


def deal_tickets(view: SeatView, rng: random.Random) -> tuple[tuple[str, ...], Dealt]:
    """The ticket deck and each other seat's kept and pending tickets, from the
    tickets the seat cannot see. A seat holds at most the long tickets setup deals
    (Europe: one; the rest are out of the game): among those it is choosing from
    while it has not kept its first tickets, among those it kept after."""
    board = view.board
    mine = set(view.tickets) | set(view.pending_tickets)
    regular = [t.id for t in board.tickets if t.id not in mine and not t.long]
    longs = [t.id for t in board.tickets if t.id not in mine and t.long]
    rng.shuffle(regular)
    rng.shuffle(longs)
    ticket_deck = tuple(regular[:view.ticket_deck_count])
    others = regular[view.ticket_deck_count:]
    dealt: Dealt = {}
    for seat, p in enumerate(view.players):
        if seat == view.seat:
            continue
        held = p.ticket_count + p.pending_ticket_count
        n_long = min(view.rules.setup_long_tickets, held, len(longs))
        own_longs, longs = longs[:n_long], longs[n_long:]
        own, others = others[:held - n_long], others[held - n_long:]
        # the long tickets go first into whichever the seat's setup long ticket is among
        choosing = view.phase == "setup" and p.pending_ticket_count > 0
        first = p.pending_ticket_count if choosing else p.ticket_count
        tickets = own_longs + own
        head, rest = tuple(tickets[:first]), tuple(tickets[first:])
        dealt[seat] = (rest, head) if choosing else (head, rest)
    return ticket_deck, dealt
