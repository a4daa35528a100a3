"""Tournament logs in memory, by the rules of the SQL stores' `tournament_events`
(`events.tournaments`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.tournament_log import RoundPaired, TournamentEvent, TournamentFinished
from events.clock import utcnow
from events.memory.base import Clock, MemoryTables, utc
from events.store import VersionConflict


class MemoryTournaments(MemoryTables):
    """Tournament logs (`events.ports.TournamentLogs`), in memory."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._tournaments: dict[str, list[TournamentEvent]] = {}
        self._tournament_started: dict[str, datetime] = {}
        self._tournament_games: dict[str, str] = {}

    def append_tournament(self, tournament_id: str, events: Sequence[TournamentEvent],
                          expected_version: int, now: datetime | None = None) -> int:
        with self._lock:
            log = self._tournaments.get(tournament_id, [])
            if len(log) != expected_version:
                raise VersionConflict(tournament_id, expected_version, len(log))
            games = [g for e in events if isinstance(e, RoundPaired) for g in e.games]
            if any(g in self._tournament_games for g in games):
                raise VersionConflict(tournament_id, expected_version, len(log))
            if not log:
                self._tournament_started[tournament_id] = utc(now or self.clock())
            self._tournaments[tournament_id] = [*log, *events]
            self._tournament_games.update(dict.fromkeys(games, tournament_id))
            return expected_version + len(events)

    def read_tournament(self, tournament_id: str) -> list[TournamentEvent]:
        with self._lock:
            return list(self._tournaments.get(tournament_id, []))

    def tournament_of_game(self, game_id: str) -> str | None:
        with self._lock:
            return self._tournament_games.get(game_id)

    def tournament_ids(self, unfinished_only: bool = False, limit: int = 100) -> list[str]:
        with self._lock:
            ids = [t for t, log in self._tournaments.items() if not unfinished_only
                   or not any(isinstance(e, TournamentFinished) for e in log)]
            ids.sort(key=lambda t: (-self._tournament_started[t].timestamp(), t))
            return ids[:limit]
