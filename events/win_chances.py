"""The computer analysis of finished games in the store (migration 15): each game's
win chances and key moments (`domain.win_chances`), as the analysis job computed them.

One row per game, written once: the first analysis stored stands (the job may run
again after a retry or a sweep; the same game and budget give the same analysis, and
a later budget does not rewrite what players have already seen). The body is the
domain's `WinChances.as_dict()`, kept as JSON text, with the budget it was computed
within.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from events.database import Database
from events.jsontext import parse, to_text


@dataclass(frozen=True, slots=True)
class StoredWinChances:
    """One game's computer analysis, as stored."""
    game_id: str
    budget: float  # seconds of CPU it was computed within
    body: Mapping[str, Any]
    computed_at: datetime


class WinChanceTables(Database):
    """The `game_win_chances` table (`events.ports.WinChanceStore`)."""

    def save_win_chances(self, stored: StoredWinChances) -> bool:
        """Store the game's analysis; False (and nothing changed) if it has one."""
        with self.transaction() as cur:
            cur.execute(
                "INSERT INTO game_win_chances (game_id, budget, body, computed_at) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (game_id) DO NOTHING",
                (stored.game_id, stored.budget, to_text(dict(stored.body)),
                 self.time_param(stored.computed_at)))
            return bool(cur.rowcount)

    def finished_without_win_chances(self, since: datetime, limit: int = 100) -> list[str]:
        """The games finished (last active) at `since` or later that have no analysis
        stored, longest waiting first: the sweep asks for theirs again."""
        with self.reading() as cur:
            cur.execute(
                "SELECT g.game_id FROM games g LEFT JOIN game_win_chances w "
                "ON w.game_id = g.game_id WHERE g.status = 'finished' "
                "AND g.last_activity >= %s AND w.game_id IS NULL "
                "ORDER BY g.last_activity, g.game_id LIMIT %s",
                (self.time_param(since), limit))
            return [str(row[0]) for row in cur.fetchall()]

    def win_chances_of(self, game_id: str) -> StoredWinChances | None:
        """The game's stored analysis, or None if none is stored yet."""
        with self.reading() as cur:
            cur.execute("SELECT budget, body, computed_at FROM game_win_chances "
                        "WHERE game_id = %s", (game_id,))
            row = cur.fetchone()
        if row is None:
            return None
        budget, body, at = row
        return StoredWinChances(game_id, float(budget), parse(body), self.time_value(at))
