"""What a command did to a game (`Outcome`), what an idempotency key keeps of it
(`Remembered`), and the two ways a game can refuse to be acted on (`GameNotFound`,
`StaleVersion`): the values `events.repository.GameLog` hands its callers."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from domain.events import Event
from domain.table import Table
from events.clock import iso
from events.index import GameSummary


@dataclass(frozen=True, slots=True)
class Remembered:
    """What an idempotency key keeps of its command's outcome besides its versions (the
    store keeps those), so that a retry is answered as the first request was: when the
    events were recorded and the turn's deadline just after them."""
    recorded_at: datetime
    deadline: datetime | None

    def stored(self) -> dict[str, Any]:
        return {"outcome": {"recorded_at": iso(self.recorded_at),
                            "deadline": iso(self.deadline)}}

    @staticmethod
    def of(stored: dict[str, Any] | None) -> Remembered | None:
        """The record `stored()` made, or None (no record, or an answer kept whole by an
        earlier release)."""
        kept = stored.get("outcome") if stored is not None else None
        if not isinstance(kept, dict):
            return None
        deadline = kept.get("deadline")
        return Remembered(datetime.fromisoformat(kept["recorded_at"]),
                          datetime.fromisoformat(deadline) if deadline else None)


class GameNotFound(LookupError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"no game {game_id}")
        self.game_id = game_id


class StaleVersion(Exception):
    """The caller acted on a version that is no longer the latest (HTTP If-Match)."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"the game is at version {current}, not {expected}")
        self.expected = expected
        self.current = current


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a command did: the state before and after, and its events' versions."""
    game_id: str
    before: Table | None
    events: tuple[Event, ...]
    after: Table
    first_version: int
    last_version: int
    recorded_at: datetime
    replayed: bool = False  # an earlier request with the same idempotency key
    # (with an idempotency key) what its record keeps, to answer a retry the same way
    remembered: Remembered | None = None
    # (replayed) the answer itself, as an earlier release kept it with its key
    response: dict[str, Any] | None = None
    # the games-index row written with the events (None for a replay): its deadline is
    # the new turn's when `deadline_changed`
    summary: GameSummary | None = None

    def seated(self) -> list[str]:
        """Every user seated before or after the change (one who left hears of it too)."""
        users: dict[str, None] = {}
        for table in (self.before, self.after):
            if table is not None:
                users.update((seat.user_id, None) for seat in table.seats)
        return list(users)
