"""Destination tickets: drawing them, and choosing which to keep (at setup too)."""

from __future__ import annotations

from domain import events as ev
from domain.commands import DrawTickets, KeepTickets
from domain.shuffle import shuffled
from domain.turn import Turn
from domain.turn_order import end_turn
from domain.violations import RuleViolation


def draw_tickets(turn: Turn, seat: int, command: DrawTickets) -> None:
    g = turn.game
    if not g.ticket_deck:
        raise RuleViolation("no_tickets_left")
    drawn = g.ticket_deck[:g.rules.draw_tickets]
    turn.emit(ev.TicketsDrawn(seat=seat, count=len(drawn), tickets=drawn))


def keep_tickets(turn: Turn, seat: int, command: KeepTickets) -> None:
    g = turn.game
    offered = g.players[seat].pending_tickets
    if not offered:
        raise RuleViolation("wrong_step", "This player has no tickets to choose from.")
    if len(set(command.tickets)) != len(command.tickets):
        raise RuleViolation("malformed_command", "A ticket is named twice.")
    for t in command.tickets:
        if t not in offered:
            code = "ticket_not_offered" if t in g.board.ticket_by_id else "unknown_ticket"
            raise RuleViolation(code, f"{t!r} is not among the tickets offered.")
    setup = g.phase == "setup"
    minimum = min(g.rules.setup_keep_at_least if setup else g.rules.draw_keep_at_least,
                  len(offered))
    if len(command.tickets) < minimum:
        raise RuleViolation("keep_too_few", f"Keep at least {minimum} of the tickets offered.")
    kept = tuple(t for t in offered if t in command.tickets)
    returned = tuple(t for t in offered if t not in command.tickets)
    where: str = g.rules.setup_returned_to if setup else g.rules.draw_returned_to
    shuffle: int | None = None
    order: tuple[str, ...] = ()
    if where == "bottom" and setup:
        where = "setup_bottom"
    elif where == "bottom" and returned:
        shuffle = g.shuffles_used
        order = tuple(shuffled(g.seed, shuffle, returned))
    turn.emit(ev.TicketsKept(seat=seat, kept=kept, returned=returned, kept_count=len(kept),
                             returned_count=len(returned), returned_to=where, shuffle=shuffle,
                             bottom_order=order))
    if setup:
        g = turn.game
        if g.phase == "playing" and any(g.setup_returns):
            numbers: list[int] = []
            bottom: list[str] = []
            for batch in g.setup_returns:  # batches in seat order, one shuffle each
                if batch:
                    number = g.shuffles_used + len(numbers)
                    numbers.append(number)
                    bottom.extend(shuffled(g.seed, number, batch))
            turn.emit(ev.SetupTicketsReturned(shuffles=tuple(numbers), count=len(bottom),
                                              bottom_order=tuple(bottom)))
        return
    end_turn(turn, seat)
