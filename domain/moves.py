"""Every legal command for a seat, exactly in the command format `decide` accepts.

One entry per distinct choice: the deck or each face-up slot; for a route, each
distinct set of cards that can pay for it (see `domain.payment` for the routes
with substitute groups); for tickets, each subset that may be kept; for a tunnel,
each way to pay the extra cost, and declining.

The claims of routes and stations are listed by `domain._fast_claims`, which gives
exactly what `domain.claimable` and `domain.payment` allow, only faster.
"""

from __future__ import annotations

from itertools import combinations

from domain._fast_claims import add_route_claims, station_builds
from domain.cards import LOCOMOTIVE, subtract
from domain.commands import (
    Command,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from domain.payment import tunnel_payments
from domain.state import Game


def legal_moves(game: Game, seat: int) -> list[Command]:
    """Every command `seat` may send now (empty when it is not theirs to act, and for a
    player who has left the game).

    `resign` is never listed: a player still in may send it at any moment until the
    game ends, so it is no choice of the turn (and a random player picking among these
    moves should not resign on a whim).
    """
    if game.phase == "ended" or not 0 <= seat < len(game.players):
        return []
    player = game.players[seat]
    if player.out is not None:
        return []
    if game.phase == "setup":
        if not player.pending_tickets:
            return []
        return _keep_choices(player.pending_tickets, game.rules.setup_keep_at_least)
    if seat != game.current:
        return []
    if game.step == "second_card":
        return _card_draws(game, second=True)
    if game.step == "keep_tickets":
        return _keep_choices(player.pending_tickets, game.rules.draw_keep_at_least)
    if game.step == "tunnel":
        tunnel = game.tunnel
        assert tunnel is not None
        available = subtract(player.hand, tunnel.cards)
        pays: list[Command] = [
            PayTunnel(c) for c in tunnel_payments(tunnel.color, tunnel.extra_cards, available)
        ]
        return [*pays, _DECLINE_TUNNEL]
    moves: list[Command] = _card_draws(game, second=False)
    if game.ticket_deck:
        moves.append(_DRAW_TICKETS)
    add_route_claims(moves, game, seat)
    if game.rules.stations:  # Speed: no call at all on the maps without stations
        moves.extend(station_builds(game, seat))
    if not moves:
        moves.append(_PASS)
    return moves


# Speed: these commands are the same few values every time, so they are built once.
_DRAW_TICKETS = DrawTickets()
_PASS = Pass()
_DECLINE_TUNNEL = DeclineTunnel()
_DRAW_DECK = DrawCard("deck")
_DRAW_SLOT = tuple(DrawCard("market", slot) for slot in range(16))


def _card_draws(game: Game, second: bool) -> list[Command]:
    moves: list[Command] = [_DRAW_DECK] if game.deck or sum(game.discard) else []
    market = game.market
    skip_locomotives = second and game.rules.face_up_locomotive_limit
    # Speed: the usual case, every slot drawable, without a loop
    if (None not in market and not (skip_locomotives and LOCOMOTIVE in market)
            and len(market) <= len(_DRAW_SLOT)):
        moves.extend(_DRAW_SLOT[:len(market)])
        return moves
    for slot, card in enumerate(market):
        if card is None or (skip_locomotives and card == LOCOMOTIVE):
            continue
        moves.append(_DRAW_SLOT[slot] if slot < len(_DRAW_SLOT) else DrawCard("market", slot))
    return moves


def _keep_choices(offered: tuple[str, ...], at_least: int) -> list[Command]:
    minimum = min(at_least, len(offered))
    return [KeepTickets(kept) for n in range(len(offered), minimum - 1, -1)
            for kept in combinations(offered, n)]


