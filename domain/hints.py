"""Hints for learners: in an unrated game, a player may ask what the strong bot would
play at their seat, and the game's log says that they did.

Who may ask (`check_hint`): a player holding a seat at a table whose game is running,
while their seat has a decision to make (their turn, or their setup tickets), and
only at an unrated table: a hint would be help no rated result may have had. The hint
itself is the agents' business (they see the seat's view alone); the rules only record
that one was given (`HintGiven`, the seat and nothing hidden), so an export shows it
and a replay passes over it: it changes neither the table nor the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from domain.events import Event
from domain.violations import RuleViolation

if TYPE_CHECKING:
    from domain.table import Table


@dataclass(frozen=True, slots=True)
class HintGiven(Event):
    """The player at `seat` was shown a hint (what was suggested is not recorded: it
    came from their own view, and a suggestion is no move)."""
    TYPE: ClassVar[str] = "hint_given"
    seat: int


def check_hint(table: Table, user_id: str, deciding: tuple[int, ...]) -> int:
    """The seat of `user_id` if they may be given a hint now (`deciding`: the seats that
    must act), or a raised `RuleViolation` naming the rule."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise RuleViolation("not_seated")
    if table.rated:
        raise RuleViolation("hints_rated")
    if table.game is None:
        raise RuleViolation("game_not_started")
    if table.game.phase == "ended":
        raise RuleViolation("game_over")
    if seat not in deciding:
        raise RuleViolation("not_your_turn")
    return seat


def give_hint(table: Table, user_id: str, deciding: tuple[int, ...]) -> list[Event]:
    """The event recording that `user_id` was given a hint (see `check_hint`)."""
    return [HintGiven(seat=check_hint(table, user_id, deciding))]
