"""Bots at the table: seats filled with bots, and bots standing in for absent players.

A table's creator may seat a bot at a level (`easy`, `medium`, `hard`, `expert`) while the
table waits for players (`SeatBot`): a `SeatTaken` whose `bot` names the level. A
table created with the stand-in option (`GameCreated.stand_in`: the level of its
stand-ins) does not lose a player who resigns or whose turns time out
`drop_after_timeouts` times in a row: a bot takes over the seat (`StandInSeated`),
and the player may come back to it (`ReturnToSeat` → `PlayerReturned`). Both are
events of the table, so a replay shows who played each move; the game's own rules
never see them (the seat plays on, only its player changed).

Bots are users like any other, with well-known ids: `bot_user_id(level, n)`, the
n-th bot of a level at one table (n from 1; a table has at most 5 seats).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from domain.events import Event, GameEnded, TurnTimedOut
from domain.violations import RuleViolation

if TYPE_CHECKING:
    from domain.table import Table

# the one list of bot levels, weakest first: bots/levels.py gives each its agent, and the
# API (its schemas, the web client's page) reads it from here
BOT_LEVELS = ("easy", "medium", "hard", "expert")
MAX_BOTS_PER_LEVEL = 5  # the most seats a table has


def bot_user_id(level: str, number: int) -> str:
    """The user id of the `number`-th bot of `level` at a table."""
    return f"bot-{level}-{number}"


def bot_name(level: str, number: int) -> str:
    """How the bot is called at the table: "Hard bot", "Hard bot 2", …"""
    return f"{level.capitalize()} bot" + (f" {number}" if number > 1 else "")


def check_level(level: object, what: str = "level") -> str:
    if not isinstance(level, str) or level not in BOT_LEVELS:
        raise RuleViolation("malformed_command",
                            f"A bot's {what} is one of {', '.join(BOT_LEVELS)}.")
    return level


# -- the events ------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class StandInSeated(Event):
    """A bot of `level` took over `seat` from `replaced`, who `reason`: resigned or
    timed_out (their turns timed out as often in a row as the game allows)."""
    TYPE: ClassVar[str] = "stand_in_seated"
    seat: int
    user_id: str
    name: str
    level: str
    replaced: str
    reason: str

    @property
    def actor(self) -> int | None:
        return None  # the table acted, not the seat


@dataclass(frozen=True, slots=True)
class PlayerReturned(Event):
    """`user_id` came back to `seat`, and the bot standing in for them left it."""
    TYPE: ClassVar[str] = "player_returned"
    seat: int
    user_id: str
    name: str
    bot_user_id: str

    @property
    def actor(self) -> int | None:
        return None


# -- the commands ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SeatBot:
    """The creator seats a bot of `level` at a table waiting for players."""
    level: str


@dataclass(frozen=True, slots=True)
class ReturnToSeat:
    """A player a bot stands in for takes their seat back."""


# -- deciding --------------------------------------------------------------------------

def next_bot(table: Table, level: str, taken: Sequence[str] = ()) -> tuple[str, str]:
    """The user id and name of the next bot of `level` at `table` (not one of `taken`)."""
    seated = {s.user_id for s in table.seats} | set(taken)
    number = next(n for n in range(1, MAX_BOTS_PER_LEVEL + 2)
                  if bot_user_id(level, n) not in seated)
    return bot_user_id(level, number), bot_name(level, number)


def stand_in(table: Table, seat: int, reason: str,
             taken: Sequence[str] = ()) -> StandInSeated:
    """The bot of the table's stand-in level taking over `seat`."""
    level = table.stand_in
    assert level is not None
    user_id, name = next_bot(table, level, taken)
    return StandInSeated(seat=seat, user_id=user_id, name=name, level=level,
                         replaced=table.seats[seat].user_id, reason=reason)


def resign_with_stand_in(table: Table, seat: int) -> list[Event]:
    """A player resigns at a table with stand-ins: a bot takes their seat (their
    pending choice and turn are the bot's to finish)."""
    if table.seats[seat].bot is not None:
        raise RuleViolation("malformed_command", "A bot does not resign.")
    return [stand_in(table, seat, "resigned")]


def stand_ins_after_time_out(table: Table, events: Sequence[Event]) -> list[Event]:
    """A time-out's events at a table with stand-ins (where nobody is dropped): a bot
    takes the seat of each player whose time-outs in a row reached the game's policy."""
    limit = table.drop_after_timeouts
    if table.stand_in is None or limit is None:
        return list(events)
    if any(isinstance(e, GameEnded) for e in events):
        return list(events)
    out = list(events)
    taken: list[str] = []
    for e in events:
        if (isinstance(e, TurnTimedOut) and e.consecutive >= limit
                and table.seats[e.seat].bot is None):
            seated = stand_in(table, e.seat, "timed_out", taken)
            taken.append(seated.user_id)
            out.append(seated)
    return out


def return_to_seat(table: Table, user_id: str) -> list[Event]:
    """`user_id` takes back the seat a bot holds for them."""
    if table.stand_in is None:
        raise RuleViolation("no_stand_in")
    game = table.game
    if game is None or game.phase == "ended":
        raise RuleViolation("game_over" if game is not None else "game_not_started")
    seat = next((i for i, s in enumerate(table.seats) if s.stands_in_for == user_id), None)
    if seat is None:
        raise RuleViolation("not_replaced")
    holder = table.seats[seat]
    assert holder.replaced is not None
    return [PlayerReturned(seat=seat, user_id=user_id, name=holder.replaced.name,
                           bot_user_id=holder.user_id)]
