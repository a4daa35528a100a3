"""Tournament logs in the store (migration 11): one event-sourced stream per tournament.

A tournament's events (`domain.tournament_log`) are kept in `tournament_events`, in
their own table rather than the games' `events`: they are not a game's, and the
games index and feeds read every row there. (tournament_id, version) is the order and
the guard against two writers appending the same version (`VersionConflict`), so two
processes advancing a round at once cannot pair it twice. `tournament_games` finds the
tournament of a game when its score arrives.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.tournament_log import RoundPaired, TournamentEvent, tournament_event_from_dict
from events.database import Database
from events.store import VersionConflict

FINISHED = "tournament_finished"


class TournamentTables(Database):
    """The `tournament_events` and `tournament_games` tables (`events.ports.TournamentLogs`)."""

    def append_tournament(self, tournament_id: str, events: Sequence[TournamentEvent],
                          expected_version: int, now: datetime | None = None) -> int:
        """Append if the log is at `expected_version`; its new version.
        `VersionConflict` if another writer got there first."""
        when = self.time_param(now or self.clock())
        try:
            with self.transaction() as cur:
                cur.execute("SELECT COALESCE(MAX(version), 0) FROM tournament_events "
                            "WHERE tournament_id = %s", (tournament_id,))
                row = cur.fetchone()
                if row is None or int(row[0]) != expected_version:
                    raise VersionConflict(tournament_id, expected_version,
                                          0 if row is None else int(row[0]))
                for offset, event in enumerate(events, start=1):
                    cur.execute("INSERT INTO tournament_events (tournament_id, version, type, "
                                "data, recorded_at) VALUES (%s, %s, %s, %s, %s)",
                                (tournament_id, expected_version + offset, event.TYPE,
                                 self.json_param(event.as_dict()), when))
                    if isinstance(event, RoundPaired):
                        for game_id in event.games:
                            cur.execute("INSERT INTO tournament_games (game_id, tournament_id,"
                                        " round) VALUES (%s, %s, %s)",
                                        (game_id, tournament_id, event.round))
        except BaseException as error:
            if not self.is_unique_violation(error):
                raise
            raise VersionConflict(tournament_id, expected_version,
                                  len(self.read_tournament(tournament_id))) from error
        return expected_version + len(events)

    def read_tournament(self, tournament_id: str) -> list[TournamentEvent]:
        """The tournament's log, oldest first (empty: no such tournament)."""
        with self.reading() as cur:
            cur.execute("SELECT data FROM tournament_events WHERE tournament_id = %s "
                        "ORDER BY version", (tournament_id,))
            return [tournament_event_from_dict(self.json_value(row[0]))
                    for row in cur.fetchall()]

    def tournament_of_game(self, game_id: str) -> str | None:
        with self.reading() as cur:
            cur.execute("SELECT tournament_id FROM tournament_games WHERE game_id = %s",
                        (game_id,))
            row = cur.fetchone()
        return None if row is None else str(row[0])

    def tournament_ids(self, unfinished_only: bool = False, limit: int = 100) -> list[str]:
        """Tournaments, newest first; with `unfinished_only`, those not yet finished."""
        unfinished = (" AND tournament_id NOT IN (SELECT tournament_id FROM tournament_events"
                      " WHERE type = %s)") if unfinished_only else ""
        with self.reading() as cur:
            cur.execute("SELECT tournament_id FROM tournament_events WHERE version = 1"
                        f"{unfinished} ORDER BY recorded_at DESC, tournament_id "
                        f"LIMIT {int(limit)}", (FINISHED,) if unfinished_only else ())
            return [str(row[0]) for row in cur.fetchall()]
