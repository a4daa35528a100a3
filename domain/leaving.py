"""Leaving the game, and the turn deadline's time-out.

A player leaves by resigning, or is dropped after `drop_after` time-outs in a row:
their pending choice is settled the way that commits them to nothing new (dealt or
drawn tickets all kept, a pending tunnel declined), their turn ends, and from then on
turn order passes them over. A time-out that does not drop the player settles their
pending choice the same way; it is not a pass.
"""

from __future__ import annotations

from domain import events as ev
from domain.claiming import decline_tunnel
from domain.commands import DeclineTunnel, KeepTickets, TimeOut
from domain.state import Game
from domain.tickets import keep_tickets
from domain.turn import Turn
from domain.turn_order import end_if_over, end_turn
from domain.violations import RuleViolation


def check_time_out(game: Game, command: TimeOut) -> None:
    if not isinstance(command, TimeOut):
        raise RuleViolation("unknown_command", "The system command is time_out.")
    seats = command.seats
    if (not isinstance(seats, tuple) or not seats or len(set(seats)) != len(seats)
            or any(not isinstance(s, int) or isinstance(s, bool) for s in seats)):
        raise RuleViolation("malformed_command", "seats is a non-empty list of distinct seats.")
    if not isinstance(command.deadline, str) or not command.deadline:
        raise RuleViolation("malformed_command", "deadline is a non-empty ISO-8601 string.")
    drop = command.drop_after
    if drop is not None and (not isinstance(drop, int) or isinstance(drop, bool) or drop < 1):
        raise RuleViolation("malformed_command", "drop_after is None or a number from 1.")
    if game.phase == "ended":
        raise RuleViolation("game_over")
    for seat in seats:
        if not 0 <= seat < len(game.players):
            raise RuleViolation("not_due", f"There is no seat {seat} in this game.")
        if game.players[seat].out is not None:
            raise RuleViolation("player_out", f"Seat {seat} has left the game.")
        if game.phase == "setup" and not game.players[seat].pending_tickets:
            raise RuleViolation("not_due", f"Seat {seat} has already chosen its tickets.")
    if game.phase == "playing" and seats != (game.current,):
        raise RuleViolation("not_due", f"Only the current player, seat {game.current}, "
                            "can time out now.")


def time_out(turn: Turn, seat: int, deadline: str, drop_after: int | None) -> None:
    consecutive = turn.game.players[seat].timeouts_in_a_row + 1
    turn.emit(ev.TurnTimedOut(seat=seat, deadline=deadline, consecutive=consecutive))
    if drop_after is not None and consecutive >= drop_after:
        leave(turn, seat, ev.PlayerDropped(seat=seat, timeouts=consecutive))
        return
    settle_pending(turn, seat)


def leave(turn: Turn, seat: int, left: ev.PlayerResigned | ev.PlayerDropped) -> None:
    """`seat` leaves: the event, their pending choice settled, their turn ended if it
    was theirs, and the end of the game if they leave one player (or a deadlock, or a
    final round with nobody owed a turn)."""
    turn.emit(left)
    settle_pending(turn, seat)
    if turn.game.phase != "ended":
        end_if_over(turn, seat_left=True)


def settle_pending(turn: Turn, seat: int) -> None:
    """Settle `seat`'s pending choice without a choice from them (resignation or
    time-out): keep every ticket offered, decline a pending tunnel; in play, their
    turn then ends. A first card already drawn stays: there is nothing to undo."""
    g = turn.game
    if g.phase == "setup":
        offered = g.players[seat].pending_tickets
        if offered:
            keep_tickets(turn, seat, KeepTickets(offered))
        return
    if seat != g.current:
        return
    if g.step == "keep_tickets":
        keep_tickets(turn, seat, KeepTickets(g.players[seat].pending_tickets))
    elif g.step == "tunnel":
        decline_tunnel(turn, seat, DeclineTunnel())
    else:
        end_turn(turn, seat)
