"""Claiming routes (tunnels included) and building stations: what a player pays for."""

from __future__ import annotations

from domain import events as ev
from domain.cards import LOCOMOTIVE, as_mapping, contains, subtract
from domain.claimable import claim_error
from domain.commands import BuildStation, ClaimRoute, DeclineTunnel, PayTunnel
from domain.market import settle_market
from domain.payment import (
    route_payment_error,
    station_cost,
    station_payment_error,
    tunnel_color,
    tunnel_payment_error,
)
from domain.turn import Turn
from domain.turn_order import end_turn
from domain.violations import RuleViolation

TUNNEL_REVEAL = 3


def claim_route(turn: Turn, seat: int, command: ClaimRoute) -> None:
    g = turn.game
    problem = claim_error(g, seat, command.route)
    if problem:
        raise problem
    route = g.board.route_by_id[command.route]
    if not contains(g.players[seat].hand, command.cards):
        raise RuleViolation("cards_not_held", "The player does not hold those cards.")
    error = route_payment_error(g.rules, route, command.cards)
    if error:
        raise RuleViolation(*error)
    if route.tunnel:
        _attempt_tunnel(turn, seat, route.id, command)
        return
    turn.emit(ev.RouteClaimed(seat=seat, route=route.id, cards=as_mapping(command.cards),
                              points=g.rules.route_points[route.length]))
    settle_market(turn)
    end_turn(turn, seat)


def _attempt_tunnel(turn: Turn, seat: int, route_id: str, command: ClaimRoute) -> None:
    color = tunnel_color(command.cards)
    turn.emit(ev.TunnelAttempted(seat=seat, route=route_id, cards=as_mapping(command.cards),
                                 color=color))
    revealed: list[str] = []
    while len(revealed) < TUNNEL_REVEAL and turn.reshuffle_if_empty():
        g = turn.game
        cards = g.deck[:TUNNEL_REVEAL - len(revealed)]
        revealed.extend(cards)
        extra = sum(1 for c in revealed if c == LOCOMOTIVE or c == color)
        turn.emit(ev.TunnelCardsRevealed(seat=seat, cards=cards, extra_cards=extra))
    tunnel = turn.game.tunnel
    assert tunnel is not None
    if tunnel.extra_cards == 0:
        route = turn.game.board.route_by_id[route_id]
        turn.emit(ev.RouteClaimed(seat=seat, route=route_id, cards=as_mapping(command.cards),
                                  points=turn.game.rules.route_points[route.length]))
        settle_market(turn)
        end_turn(turn, seat)


def pay_tunnel(turn: Turn, seat: int, command: PayTunnel) -> None:
    g = turn.game
    tunnel = g.tunnel
    assert tunnel is not None
    error = tunnel_payment_error(tunnel.color, tunnel.extra_cards, command.cards)
    if error:
        raise RuleViolation("tunnel_payment_invalid", error)
    available = subtract(g.players[seat].hand, tunnel.cards)
    if not contains(available, command.cards):
        raise RuleViolation("cards_not_held",
                            "The extra cards must be held besides the cards laid down.")
    route = g.board.routes[tunnel.route]
    paid = tuple(a + b for a, b in zip(tunnel.cards, command.cards, strict=True))
    turn.emit(ev.RouteClaimed(seat=seat, route=route.id, cards=as_mapping(paid),
                              points=g.rules.route_points[route.length]))
    settle_market(turn)
    end_turn(turn, seat)


def decline_tunnel(turn: Turn, seat: int, command: DeclineTunnel) -> None:
    tunnel = turn.game.tunnel
    assert tunnel is not None
    turn.emit(ev.TunnelDeclined(seat=seat, route=turn.game.board.routes[tunnel.route].id))
    settle_market(turn)
    end_turn(turn, seat)


def build_station(turn: Turn, seat: int, command: BuildStation) -> None:
    g = turn.game
    if not g.rules.has_stations:
        raise RuleViolation("stations_not_in_map")
    player = g.players[seat]
    if player.stations_left <= 0:
        raise RuleViolation("no_stations_left")
    if command.city not in g.board.city_index:
        raise RuleViolation("unknown_city", f"There is no city {command.city!r} on this map.")
    if command.city in g.station_owners:
        raise RuleViolation("city_has_station",
                            f"{command.city} already has seat "
                            f"{g.station_owners[command.city]}'s station.")
    if not contains(player.hand, command.cards):
        raise RuleViolation("cards_not_held")
    error = station_payment_error(station_cost(g.rules, player.stations_left), command.cards)
    if error:
        raise RuleViolation("station_payment_invalid", error)
    turn.emit(ev.StationBuilt(seat=seat, city=command.city, cards=as_mapping(command.cards)))
    settle_market(turn)
    end_turn(turn, seat)
