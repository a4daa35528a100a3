"""Vacations in the store (migration 14): the days each player has declared away.

One row per vacation: whose it is, when it starts, the end it was declared with,
`ended_at` once it was ended early (by the player, or because they came back and
acted in a game), and what the player's games were last made to agree with
(`applied`: ``ahead``, ``away`` or ``over``), so that a start or an end whose job was
lost is found again (`vacations_due`). What may be declared (the allowance, no
overlap, nothing in the past) is the rules' (`domain.vacations`); pausing the
deadlines is the referee's (`referee.vacations`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from domain.vacations import AwayPeriod
from events.database import Database

AHEAD, AWAY, OVER = "ahead", "away", "over"


@dataclass(frozen=True, slots=True)
class Vacation:
    """A player's declared days away."""
    vacation_id: str
    user_id: str
    starts_at: datetime
    ends_at: datetime  # as declared
    created_at: datetime
    ended_at: datetime | None = None  # ended early at (None: runs to `ends_at`)
    applied: str = AHEAD  # what the player's games last agreed with

    @property
    def until(self) -> datetime:
        """When it ends (or ended): early, or as declared."""
        if self.ended_at is not None and self.ended_at < self.ends_at:
            return max(self.ended_at, self.starts_at)
        return self.ends_at

    @property
    def period(self) -> AwayPeriod:
        return AwayPeriod(self.starts_at, self.until)

    def away_at(self, now: datetime) -> bool:
        """Whether its player is away at `now`."""
        return self.starts_at <= now < self.until

    def state_at(self, now: datetime) -> str:
        """``ahead``, ``away`` or ``over`` at `now` (one given up before it began is
        over at once)."""
        given_up = self.ended_at is not None and self.ended_at <= self.starts_at
        if given_up or now >= self.until:
            return OVER
        return AWAY if now >= self.starts_at else AHEAD


_COLUMNS = "vacation_id, user_id, starts_at, ends_at, created_at, ended_at, applied"


class VacationTables(Database):
    """The `vacations` table (`events.ports.Vacations`)."""

    def add_vacation(self, vacation: Vacation) -> None:
        with self.transaction() as cur:
            cur.execute(
                f"INSERT INTO vacations ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (vacation.vacation_id, vacation.user_id, self.time_param(vacation.starts_at),
                 self.time_param(vacation.ends_at), self.time_param(vacation.created_at),
                 None if vacation.ended_at is None else self.time_param(vacation.ended_at),
                 vacation.applied))

    def vacations_of(self, user_id: str) -> list[Vacation]:
        """The player's vacations, the earliest first."""
        return self._vacations("WHERE user_id = %s ORDER BY starts_at, vacation_id",
                               [user_id])

    def end_vacation(self, vacation_id: str, at: datetime) -> bool:
        """End the vacation early at `at`, if it was not ended already (True: it was
        ended now)."""
        with self.transaction() as cur:
            cur.execute("UPDATE vacations SET ended_at = %s "
                        "WHERE vacation_id = %s AND ended_at IS NULL",
                        (self.time_param(at), vacation_id))
            return bool(cur.rowcount)

    def mark_vacation(self, vacation_id: str, applied: str) -> None:
        """Note what the player's games now agree with (``ahead``, ``away``, ``over``)."""
        with self.transaction() as cur:
            cur.execute("UPDATE vacations SET applied = %s WHERE vacation_id = %s",
                        (applied, vacation_id))

    def vacations_due(self, now: datetime, limit: int = 100) -> list[Vacation]:
        """Vacations whose start or end has passed but whose players' games do not
        agree yet (their job was lost, or has not run)."""
        at = self.time_param(now)
        return self._vacations(
            "WHERE (applied = %s AND starts_at <= %s) OR (applied <> %s AND "
            "(ends_at <= %s OR ended_at IS NOT NULL)) ORDER BY starts_at, vacation_id "
            "LIMIT %s", [AHEAD, at, OVER, at, limit])

    def _vacations(self, where: str, params: list[object]) -> list[Vacation]:
        with self.reading() as cur:
            cur.execute(f"SELECT {_COLUMNS} FROM vacations {where}", params)
            rows = cur.fetchall()
        return [Vacation(str(v), str(u), self.time_value(s), self.time_value(e),
                         self.time_value(c), None if x is None else self.time_value(x),
                         str(a))
                for v, u, s, e, c, x, a in rows]
