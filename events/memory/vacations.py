"""Vacations in memory, by the rules of the SQL stores' `vacations` table
(`events.vacations`)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from events.clock import utcnow
from events.memory.base import Clock, DuplicateKey, MemoryTables, utc
from events.vacations import AHEAD, OVER, Vacation


class MemoryVacations(MemoryTables):
    """The players' days away (`events.ports.Vacations`), in memory."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._vacations: dict[str, Vacation] = {}

    def add_vacation(self, vacation: Vacation) -> None:
        with self._lock:
            if vacation.vacation_id in self._vacations:
                raise DuplicateKey(f"vacation {vacation.vacation_id}")
            self._vacations[vacation.vacation_id] = replace(
                vacation, starts_at=utc(vacation.starts_at), ends_at=utc(vacation.ends_at),
                created_at=utc(vacation.created_at),
                ended_at=None if vacation.ended_at is None else utc(vacation.ended_at))

    def vacations_of(self, user_id: str) -> list[Vacation]:
        """The player's vacations, the earliest first."""
        with self._lock:
            found = [v for v in self._vacations.values() if v.user_id == user_id]
        return sorted(found, key=lambda v: (v.starts_at, v.vacation_id))

    def end_vacation(self, vacation_id: str, at: datetime) -> bool:
        with self._lock:
            given = self._vacations.get(vacation_id)
            if given is None or given.ended_at is not None:
                return False
            self._vacations[vacation_id] = replace(given, ended_at=utc(at))
            return True

    def mark_vacation(self, vacation_id: str, applied: str) -> None:
        with self._lock:
            given = self._vacations.get(vacation_id)
            if given is not None:
                self._vacations[vacation_id] = replace(given, applied=applied)

    def vacations_due(self, now: datetime, limit: int = 100) -> list[Vacation]:
        """Vacations whose start or end has passed but whose players' games do not
        agree yet."""
        now = utc(now)
        with self._lock:
            due = [v for v in self._vacations.values()
                   if (v.applied == AHEAD and v.starts_at <= now)
                   or (v.applied != OVER and (v.ends_at <= now or v.ended_at is not None))]
        return sorted(due, key=lambda v: (v.starts_at, v.vacation_id))[:limit]
