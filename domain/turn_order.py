"""Whose turn is next, passing, and when the game is over."""

from __future__ import annotations

from functools import cache

from domain import events as ev
from domain.claimable import claim_error
from domain.commands import Pass
from domain.payment import route_payments, station_cost, station_payments
from domain.state import FREE, Game
from domain.turn import Turn
from domain.violations import RuleViolation

# Speed: turn ends take only a few distinct values, so each is built once
_turn_ended = cache(ev.TurnEnded)


@cache
def _turn_passed_on(seat: int, next_seat: int) -> ev.TurnEnded:
    """A turn end that skips nobody (Speed: two arguments hash faster than three)."""
    return ev.TurnEnded(seat=seat, next_seat=next_seat, skipped=())


def pass_turn(turn: Turn, seat: int, command: Pass) -> None:
    """A player may pass only when there is nothing else they can do."""
    if has_action_other_than_pass(turn.game, seat):
        raise RuleViolation("pass_not_allowed")
    turn.emit(ev.Passed(seat=seat))
    end_turn(turn, seat)


def has_action_other_than_pass(game: Game, seat: int) -> bool:
    """Is there anything but a pass? (cheaper than listing every move)"""
    if game.cards_to_draw() or any(c is not None for c in game.market) or game.ticket_deck:
        return True
    player = game.players[seat]
    for route in game.board.routes:
        if game.owners[route.index] == FREE and claim_error(game, seat, route.id) is None:
            if route_payments(game.rules, route, player.hand):
                return True
    return _can_build_station(game, seat)


def _can_build_station(game: Game, seat: int) -> bool:
    """A station left, the cards to pay for it, and a city without one."""
    player = game.players[seat]
    rules = game.rules
    if not rules.has_stations or player.stations_left <= 0:
        return False
    if not station_payments(station_cost(rules, player.stations_left), player.hand):
        return False
    return any(city not in game.station_owners for city in game.board.cities)


def end_turn(turn: Turn, seat: int) -> None:
    """The turn of `seat` ends: the next player still in plays; or the game ends."""
    g = turn.game
    players = g.players
    following = seat + 1 if seat + 1 < len(players) else 0
    if players[following].out is None:  # Speed: the usual case, inline
        turn.emit(_turn_passed_on(seat, following))
    else:
        turn.emit(_turn_ended(seat, *g.next_seat_in(seat)))
    g = turn.game
    player = g.players[seat]
    if player.out is not None:  # the player is leaving: `leave` checks the end
        return
    # Speed: only a final round or a run of passes can end the game after a turn
    if (g.final_round_by is not None or g.passed) and end_if_over(turn, seat_left=False):
        return
    if g.final_round_by is None and player.trains <= g.rules.end_trigger_trains:
        turn.emit(ev.FinalRoundStarted(seat=seat, trains=player.trains))


def end_if_over(turn: Turn, seat_left: bool) -> bool:
    """End the game if it is over (after a turn, or when a player left): one player
    still in (checked first), nobody owed a final turn, or a round of passes by every
    player still in. Returns whether it ended."""
    g = turn.game
    if seat_left and len(g.seats_in()) <= 1:
        reason = "last_player"
    elif g.final_round_by is not None and not g.final_turns_owed:
        reason = "final_round"
    elif g.passed and set(g.passed).issuperset(g.seats_in()):
        reason = "deadlock"
    else:
        return False
    turn.emit(ev.GameEnded(reason=reason))
    turn.emit(ev.SeedRevealed(seed=turn.game.seed.hex()))
    return True
