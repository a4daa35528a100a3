"""Vacations: days a player declares away, and the events that pause their deadlines.

A player has a yearly allowance of days away (a setting, 14 by default). A vacation
is declared in whole days, starting now or later (`check_vacation`): never in the
past, never overlapping another of theirs, never beyond what is left of the
allowance of the calendar year (UTC) it starts in. A vacation counts against that
year for the days it actually lasted (`days_used`): one ended early, by the player or
because they came back and acted in a game, gives back the days not taken, rounded
down to whole days (a day begun away is a day used).

While a player is away, the turn deadlines of their correspondence games (a day or
more per turn, `CORRESPONDENCE_TURN`) are paused, and every player of the game sees
it in the game's log: `DeadlinePaused` when the vacation begins, `DeadlineResumed`
when it ends. A turn of theirs has no deadline in between; when they come back the
turn they were on gets the time it had left when the pause began, and a turn that
began while they were away gets its whole time (`domain.deadline_pauses`). Live
games are not paused. Like the hint, these events change nothing in the game itself:
only the table's clock.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import ClassVar

from domain.events import Event
from domain.violations import RuleViolation

CORRESPONDENCE_TURN = 86400  # seconds per turn from which a game is correspondence
DAY = timedelta(days=1)
MAX_VACATION_DAYS = 366  # no single declaration is longer than a year
PAST_GRACE = timedelta(minutes=5)  # a start this much before now is "now" (clocks differ)


@dataclass(frozen=True, slots=True)
class DeadlinePaused(Event):
    """The player at `seat` is away until `until` (ISO-8601): their turn deadlines in
    this game are paused. `time_left`: the seconds their running turn deadline had
    left when it was paused (None: no deadline of theirs was running)."""
    TYPE: ClassVar[str] = "deadline_paused"
    seat: int
    until: str
    time_left: int | None = None


@dataclass(frozen=True, slots=True)
class DeadlineResumed(Event):
    """The player at `seat` is back: their turn deadlines run again."""
    TYPE: ClassVar[str] = "deadline_resumed"
    seat: int


@dataclass(frozen=True, slots=True)
class AwayPeriod:
    """A vacation as the rules see it: from `starts_at` to `ends_at` (the end it was
    declared with, or the moment it was ended early)."""
    starts_at: datetime
    ends_at: datetime

    def overlaps(self, other: AwayPeriod) -> bool:
        return self.starts_at < other.ends_at and other.starts_at < self.ends_at

    @property
    def days(self) -> int:
        """Whole days used: a day begun is a day used."""
        seconds = max(0.0, (self.ends_at - self.starts_at).total_seconds())
        return math.ceil(seconds / DAY.total_seconds())


def is_correspondence(turn_time_limit: int | None) -> bool:
    """Whether a game with this turn limit is paused by its players' vacations."""
    return turn_time_limit is not None and turn_time_limit >= CORRESPONDENCE_TURN


def days_used(periods: Iterable[AwayPeriod], year: int) -> int:
    """The days of the allowance of `year` the periods used (each counts against the
    year it starts in)."""
    return sum(p.days for p in periods if p.starts_at.year == year)


def days_left(periods: Iterable[AwayPeriod], year: int, allowance: int) -> int:
    """What is left of `allowance` in `year`."""
    return max(0, allowance - days_used(periods, year))


def check_vacation(taken: Iterable[AwayPeriod], starts_at: datetime, days: int,
                   now: datetime, allowance: int) -> AwayPeriod:
    """The period of a new vacation of `days` from `starts_at`, or a raised
    `RuleViolation` naming the rule (`taken`: the player's other vacations, each with
    the end it has now)."""
    if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= MAX_VACATION_DAYS:
        raise RuleViolation("malformed_command",
                            f"days is a whole number of days, 1..{MAX_VACATION_DAYS}.")
    if starts_at < now - PAST_GRACE:
        raise RuleViolation("vacation_in_past")
    if starts_at > now + MAX_VACATION_DAYS * DAY:
        raise RuleViolation("malformed_command", "A vacation starts within a year from now.")
    period = AwayPeriod(max(starts_at, now), max(starts_at, now) + days * DAY)
    taken = list(taken)
    if any(period.overlaps(p) for p in taken):
        raise RuleViolation("vacation_overlaps")
    left = days_left(taken, period.starts_at.year, allowance)
    if days > left:
        raise RuleViolation("vacation_allowance",
                            f"{left} of the {allowance} days away of "
                            f"{period.starts_at.year} are left.")
    return period
