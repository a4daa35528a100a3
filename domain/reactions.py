"""Quick reactions: a seated player says one phrase of a fixed list ("Good game", "Well
played", "Thinking…", …) to the others at the table, and the game's log records it.

The phrases are codes (`REACTIONS`), never free text: every reader sees the phrase in
their own language (the client translates the code), and nothing anyone types reaches
the others. Who may react (`check_reaction`): a player holding a seat at the table,
from the moment they sit down until the end of the game; once the game has ended only
the farewells (`FAREWELLS`: "Good game", …) are still said. A reaction changes
neither the table nor the game (`ReactionSent`: the seat and the code, nothing
hidden), so a replay, the audit and the score pass over it wherever it stands in the
log; how often a player may react is the service's business (a rate limit), not a
rule of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from domain.events import Event
from domain.violations import RuleViolation

if TYPE_CHECKING:
    from domain.table import Table

# The phrases, in the order the client offers them. A code is never removed or renamed
# (old logs hold it); a new one may be added.
REACTIONS: tuple[str, ...] = (
    "good_luck", "nice_move", "well_played", "thinking", "hurry", "oops", "thanks",
    "good_game",
)
# what may still be said once the game has ended
FAREWELLS: frozenset[str] = frozenset({"good_game", "well_played", "thanks"})


@dataclass(frozen=True, slots=True)
class ReactionSent(Event):
    """The player at `seat` said the phrase `reaction` (a code of the fixed list) to the
    table."""
    TYPE: ClassVar[str] = "reaction_sent"
    seat: int
    reaction: str


def check_reaction(table: Table, user_id: str, reaction: str) -> int:
    """The seat of `user_id` if they may say `reaction` now, or a raised `RuleViolation`
    naming the rule."""
    if reaction not in REACTIONS:
        raise RuleViolation("unknown_reaction")
    seat = table.seat_of(user_id)
    if seat is None:
        raise RuleViolation("not_seated")
    if table.game is not None and table.game.phase == "ended" and reaction not in FAREWELLS:
        raise RuleViolation("reaction_after_end")
    return seat


def react(table: Table, user_id: str, reaction: str) -> list[Event]:
    """The event recording that `user_id` said `reaction` (see `check_reaction`)."""
    return [ReactionSent(seat=check_reaction(table, user_id, reaction), reaction=reaction)]
