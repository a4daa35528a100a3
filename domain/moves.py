"""Every legal command for a seat, exactly in the command format `decide` accepts.

One entry per distinct choice: the deck or each face-up slot; for a route, each
distinct set of cards that can pay for it (see `domain.payment` for the routes
with substitute groups); for tickets, each subset that may be kept; for a tunnel,
each way to pay the extra cost, and declining.
"""

from __future__ import annotations

from itertools import combinations

from domain.cards import LOCO, LOCOMOTIVE, subtract
from domain.commands import (
    BuildStation,
    ClaimRoute,
    Command,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from domain.decide import claim_error
from domain.payment import (
    might_afford,
    route_needs,
    route_payments,
    station_cost,
    station_payments,
    tunnel_payments,
)
from domain.state import FREE, Game


def legal_moves(game: Game, seat: int) -> list[Command]:
    """Every command `seat` may send now (empty when it is not theirs to act)."""
    if game.phase == "ended" or not 0 <= seat < game.player_count:
        return []
    player = game.players[seat]
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
        return [*pays, DeclineTunnel()]
    moves: list[Command] = _card_draws(game, second=False)
    if game.ticket_deck:
        moves.append(DrawTickets())
    moves.extend(_claims(game, seat))
    moves.extend(_stations(game, seat))
    if not moves:
        moves.append(Pass())
    return moves


def has_action_other_than_pass(game: Game, seat: int) -> bool:
    """Is there anything but a pass? (cheaper than listing every move)"""
    if game.cards_to_draw() or any(c is not None for c in game.market) or game.ticket_deck:
        return True
    player = game.players[seat]
    for route in game.board.routes:
        if game.owners[route.index] == FREE and claim_error(game, seat, route.id) is None:
            if route_payments(game.rules, route, player.hand):
                return True
    return bool(_stations(game, seat))


def _card_draws(game: Game, second: bool) -> list[Command]:
    moves: list[Command] = []
    if game.cards_to_draw():
        moves.append(DrawCard("deck"))
    limit = game.rules.face_up_locomotive_limit
    for slot, card in enumerate(game.market):
        if card is None or (second and limit and card == LOCOMOTIVE):
            continue
        moves.append(DrawCard("market", slot))
    return moves


def _keep_choices(offered: tuple[str, ...], at_least: int) -> list[Command]:
    minimum = min(at_least, len(offered))
    return [KeepTickets(kept) for n in range(len(offered), minimum - 1, -1)
            for kept in combinations(offered, n)]


def _claims(game: Game, seat: int) -> list[Command]:
    moves: list[Command] = []
    player = game.players[seat]
    if not any(player.hand):
        return moves
    rules = game.rules
    hand = player.hand
    owners = game.owners
    twins = game.board.twin
    twin_closed = game.player_count < rules.double_routes_min_players
    trains = player.trains
    best_color = max(hand[:LOCO])
    total = sum(hand)
    for needs in route_needs(rules, game.board.routes):
        route = needs[0]
        i = route.index
        if owners[i] != FREE or trains < needs[1]:
            continue
        twin = twins[i]
        if twin is not None and owners[twin] != FREE and (twin_closed or owners[twin] == seat):
            continue
        if not might_afford(needs, hand, best_color, total):
            continue
        moves.extend(ClaimRoute(route.id, c) for c in route_payments(rules, route, hand))
    return moves


def _stations(game: Game, seat: int) -> list[Command]:
    player = game.players[seat]
    if not game.rules.has_stations or player.stations_left <= 0:
        return []
    payments = station_payments(station_cost(game.rules, player.stations_left), player.hand)
    if not payments:
        return []
    return [BuildStation(city, c) for city in game.board.cities
            if city not in game.station_owners for c in payments]
