"""`decide(state, seat, command) -> events`: the rules, applied to one command.

`decide` either returns the events the command causes (a turn may cause several:
a draw refills the market, which may reshuffle the deck and reset the market, and
ends the turn) or raises `RuleViolation` and changes nothing. The events are built
against a working state (`domain.turn.Turn`, whose `emit` evolves it as it goes), so
each rule reads the state exactly as it is at that moment of the turn.

`decide_system(state, command)` is the same for the one command no player sends:
`TimeOut`, which the server sends when a turn's deadline passed. It has an entry
point of its own so that no player's request can ever reach it.

This module checks who may act and at which step of the turn, then hands the command
to its rule: `domain.market` (drawing cards), `domain.claiming` (routes, tunnels,
stations), `domain.tickets`, `domain.turn_order` (passing, the next turn, the end of
the game) and `domain.leaving` (resigning, time-outs). Every `GameEnded` is followed
by `SeedRevealed` in the same call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain import events as ev
from domain.claiming import build_station, claim_route, decline_tunnel, pay_tunnel
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
    Resign,
    TimeOut,
    check_shape,
)
from domain.leaving import check_time_out, leave, time_out
from domain.market import draw_card, market_reset_possible, settle_market_events
from domain.state import Game
from domain.tickets import draw_tickets, keep_tickets
from domain.turn import Turn
from domain.turn_order import pass_turn
from domain.violations import RuleViolation

__all__ = ["decide", "decide_system", "execute", "execute_system",
           "market_reset_possible", "run_command", "settle_market_events"]


def decide(game: Game, seat: int, command: Command) -> list[ev.Event]:
    """The events `command` by `seat` causes, or a raised `RuleViolation`."""
    return execute(game, seat, command)[0]


def execute(game: Game, seat: int, command: Command) -> tuple[list[ev.Event], Game]:
    """`decide`, and the state its events lead to (already computed while deciding)."""
    return run_command(Turn(game), seat, command)


def run_command(turn: Turn, seat: int, command: Command) -> tuple[list[ev.Event], Game]:
    """`execute` on a working state the caller gives (the random player's loop gives
    one it owns, see `domain.autoplay`)."""
    check_shape(command)
    game = turn.game
    if game.phase == "ended":
        raise RuleViolation("game_over")
    if not 0 <= seat < len(game.players):
        raise RuleViolation("not_your_turn", f"There is no seat {seat} in this game.")
    # Speed: the current player of a game in play is always still in, so the checks
    # for a player out and for a resignation (which any seat may send at any moment)
    # are made only off the usual path
    if game.phase == "setup" or seat != game.current:
        if game.players[seat].out is not None:
            raise RuleViolation("player_out", f"Seat {seat} has left the game "
                                f"({game.players[seat].out}).")
        if isinstance(command, Resign):
            leave(turn, seat, ev.PlayerResigned(seat=seat))
        elif game.phase == "playing":
            raise RuleViolation("not_your_turn", f"It is seat {game.current}'s turn.")
        elif isinstance(command, KeepTickets):
            keep_tickets(turn, seat, command)
        elif isinstance(command, TimeOut):
            raise _system_only()
        else:
            raise RuleViolation("game_not_started",
                                "Every player first chooses which dealt tickets to keep.")
        return turn.events, turn.game
    handler = _BY_STEP[game.step].get(type(command))
    if handler is not None:
        handler(turn, seat, command)
    elif isinstance(command, Resign):
        leave(turn, seat, ev.PlayerResigned(seat=seat))
    elif isinstance(command, PayTunnel | DeclineTunnel):
        raise RuleViolation("no_pending_tunnel")
    elif isinstance(command, TimeOut):
        raise _system_only()
    else:
        raise RuleViolation("wrong_step", _STEP_HELP[game.step])
    return turn.events, turn.game


def _system_only() -> RuleViolation:
    return RuleViolation("unknown_command", "time_out is the system's command, not a player's.")


def decide_system(game: Game, command: TimeOut) -> list[ev.Event]:
    """The events of a system command (a `TimeOut`), or a raised `RuleViolation`.

    For each seat of the command, in the order given: `TurnTimedOut`; then, after
    `drop_after` time-outs in a row, `PlayerDropped` and the rest as a resignation;
    otherwise the seat's pending choice is settled as for a resignation (setup: every
    dealt ticket kept; play: a pending tunnel declined, drawn tickets all kept) and,
    in play, the turn ends. A time-out is not a pass. Several seats give the events
    of one `TimeOut` per seat in that order (they stop if the game ends).
    """
    return execute_system(game, command)[0]


def execute_system(game: Game, command: TimeOut) -> tuple[list[ev.Event], Game]:
    """`decide_system`, and the state its events lead to."""
    check_time_out(game, command)
    turn = Turn(game)
    for seat in command.seats:
        if turn.game.phase == "ended":
            break
        time_out(turn, seat, command.deadline, command.drop_after)
    return turn.events, turn.game


_BY_STEP: dict[str, dict[type, Callable[[Turn, int, Any], None]]] = {
    "start": {DrawCard: draw_card, ClaimRoute: claim_route, DrawTickets: draw_tickets,
              BuildStation: build_station, Pass: pass_turn},
    "second_card": {DrawCard: draw_card},
    "keep_tickets": {KeepTickets: keep_tickets},
    "tunnel": {PayTunnel: pay_tunnel, DeclineTunnel: decline_tunnel},
}
_STEP_HELP = {
    "start": "A turn starts with draw_card, claim_route, draw_tickets, build_station or pass.",
    "second_card": "The draw is not over: draw a second card (draw_card).",
    "keep_tickets": "Choose which of the drawn tickets to keep (keep_tickets).",
    "tunnel": "Pay the tunnel's extra cards (pay_tunnel) or decline it (decline_tunnel).",
}
