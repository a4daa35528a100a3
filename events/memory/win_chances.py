"""The computer analysis of finished games in memory, by the rules of the SQL stores'
`game_win_chances` table (`events.win_chances`): one per game, the first stands."""

from __future__ import annotations

from datetime import datetime

from events.clock import utcnow
from events.index import GameRow
from events.memory.base import Clock, MemoryTables
from events.win_chances import StoredWinChances


class MemoryWinChances(MemoryTables):
    """Each game's win chances and key moments (`events.ports.WinChanceStore`)."""

    _games: dict[str, GameRow]  # (the index's, `events.memory.index`, in the same store)

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._win_chances: dict[str, StoredWinChances] = {}

    def save_win_chances(self, stored: StoredWinChances) -> bool:
        """Store the game's analysis; False (and nothing changed) if it has one."""
        with self._lock:
            if stored.game_id in self._win_chances:
                return False
            self._win_chances[stored.game_id] = stored
            return True

    def finished_without_win_chances(self, since: datetime, limit: int = 100) -> list[str]:
        with self._lock:
            waiting = sorted((g.last_activity, g.game_id) for g in self._games.values()
                             if g.status == "finished" and g.last_activity >= since
                             and g.game_id not in self._win_chances)
        return [game_id for _, game_id in waiting[:limit]]

    def win_chances_of(self, game_id: str) -> StoredWinChances | None:
        with self._lock:
            return self._win_chances.get(game_id)
