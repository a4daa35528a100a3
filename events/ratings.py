"""Ratings, players' results and their statistics: a projection of the scored games.

Nothing here is a game event: every row is computed from the log by
`domain.rating` and can be thrown away and computed again. The scored games are
projected in the order their `game_scored` events reached the log (their global
`position`), which is the order `ttr ratings rebuild` replays them in, so the
figures it gives are the stored ones to the last bit.

- `project_scored_games`: the ratings job's step. It takes the next scored games
  after the cursor, one transaction per game (holding the cursor row, so two jobs
  never project at once and none projects a game twice), and stops at the feed's
  safe horizon, so a game whose `game_scored` commits late is never passed over.
- `rebuild_ratings`: the same projection from nothing, in one transaction, reading
  the games in batches: every game judged again by the rules of the day
  (`domain.rating_rules`), the games scored before them included.
- The reads the leaderboards and profiles serve (`events.ratings_read`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from domain.events import Event
from domain.rating import Result, Skill, result_of
from domain.rating_rules import REPEAT_WINDOW, pair
from events.catalogue import decode
from events.database import Cursor, Database
from events.rating_projection import TABLE_EVENTS, Projection, Scored

_TYPES_IN = ", ".join(f"'{t}'" for t in TABLE_EVENTS)
PROJECTION_TABLES = ("rated_games", "player_results", "ratings", "user_stats", "user_routes")
RESULT_COLUMNS = ("game_id, user_id, seat, name, map, position, finished_at, player_rank, "
                  "winner, out, total, tickets_kept, tickets_completed, longest_path_bonus, "
                  "mu_before, sigma_before, games_before, mu_after, sigma_after, "
                  "unrated_reason")


class RatingTables(Database):
    """The projection's tables (migration 4): written here, read by `RatingReads`."""

    def project_scored_games(self, limit: int = 100) -> list[str]:
        """Project the next scored games (at most `limit`) after the cursor, each in a
        transaction of its own; the games projected, in order."""
        done: list[str] = []
        while len(done) < limit:
            with self.transaction() as cur:
                cursor = _hold_cursor(cur)
                found = self._scored_after(cur, cursor, 1)
                if not found:
                    break
                game = found[0]
                result = result_of(self._table_events(cur, [game.game_id])[game.game_id])
                projection = Projection()
                projection.skills.update(_skills_of(cur, result))
                projection.pairs.update(self._pairs_of(cur, result, game))
                projection.add(game, result, self.time_param)
                self._write_increment(cur, projection)
                cur.execute("UPDATE rating_cursor SET position = %s WHERE id = 1",
                            (game.position,))
            done.append(game.game_id)
        return done

    def rebuild_ratings(self, batch: int = 2000) -> int:
        """Throw the projection away and compute it again from the log, in one
        transaction (the projecting jobs wait for it); the number of games projected."""
        projection = Projection()
        with self.transaction() as cur:
            _hold_cursor(cur)
            for table in PROJECTION_TABLES:
                cur.execute(f"DELETE FROM {table}")
            position = 0
            while True:
                found = self._scored_after(cur, position, batch)
                if not found:
                    break
                streams = self._table_events(cur, [g.game_id for g in found])
                for game in found:
                    projection.add(game, result_of(streams[game.game_id]), self.time_param)
                position = found[-1].position
                self._write_rows(cur, projection)
            self._write_totals(cur, projection)
            cur.execute("UPDATE rating_cursor SET position = %s WHERE id = 1", (position,))
        return projection.count

    def unprojected_games(self) -> int:
        """How many scored games (visible to feeds) the projection has not reached."""
        with self.reading() as cur:
            cur.execute("SELECT COUNT(*) FROM events WHERE type = 'game_scored' AND position > "
                        f"(SELECT position FROM rating_cursor WHERE id = 1) "
                        f"AND {self.visible_sql()}")
            row = cur.fetchone()
        return int(row[0]) if row else 0

    # -- reading the log ------------------------------------------------------------------

    def _scored_after(self, cur: Cursor, position: int, limit: int) -> list[Scored]:
        cur.execute("SELECT game_id, position, recorded_at FROM events "
                    f"WHERE type = 'game_scored' AND position > %s AND {self.visible_sql()} "
                    "ORDER BY position LIMIT %s", (position, limit))
        return [Scored(r[0], int(r[1]), self.time_value(r[2])) for r in cur.fetchall()]

    def _table_events(self, cur: Cursor, game_ids: Sequence[str]) -> dict[str, list[Event]]:
        marks = ", ".join(["%s"] * len(game_ids))
        cur.execute("SELECT game_id, type, schema_version, data, private FROM events "
                    f"WHERE game_id IN ({marks}) AND type IN ({_TYPES_IN}) "
                    "ORDER BY game_id, version", list(game_ids))
        streams: dict[str, list[Event]] = {g: [] for g in game_ids}
        for r in cur.fetchall():
            private = self.json_value(r[4]) if r[4] is not None else None
            streams[r[0]].append(decode(r[1], r[2], self.json_value(r[3]), private))
        return streams

    def _pairs_of(self, cur: Cursor, result: Result, game: Scored
                  ) -> dict[frozenset[str], list[datetime]]:
        """When the players of `result` finished games rated for two of them, within the
        repeat rule's window before `game` (`Projection.pairs`)."""
        users = sorted({f.user_id for f in result.finishers})
        marks = ", ".join(["%s"] * len(users))
        cur.execute("SELECT a.user_id, b.user_id, a.finished_at FROM player_results a "
                    "JOIN player_results b ON b.game_id = a.game_id AND b.user_id > a.user_id "
                    f"WHERE a.user_id IN ({marks}) AND b.user_id IN ({marks}) "
                    "AND a.finished_at > %s AND a.position < %s "
                    "AND a.mu_after IS NOT NULL AND b.mu_after IS NOT NULL",
                    [*users, *users, self.time_param(game.finished_at - REPEAT_WINDOW),
                     game.position])
        pairs: dict[frozenset[str], list[datetime]] = {}
        for r in cur.fetchall():
            pairs.setdefault(pair(r[0], r[1]), []).append(self.time_value(r[2]))
        return pairs

    # -- writing the projection -----------------------------------------------------------

    def _write_increment(self, cur: Cursor, p: Projection) -> None:
        """Write one game's projection onto the stored figures."""
        self._write_rows(cur, p)
        bots = _bots(cur, {user for (_, user) in p.skills})
        _insert_many(cur, "ratings (map, user_id, bot, mu, sigma, rating, games)",
                      [(m, u, u in bots, s.mu, s.sigma, s.rating, s.games)
                       for (m, u), s in p.skills.items() if s.games > 0],
                      " ON CONFLICT (map, user_id) DO UPDATE SET mu = excluded.mu, "
                      "sigma = excluded.sigma, rating = excluded.rating, "
                      "games = excluded.games")
        _insert_many(cur, "user_stats (user_id, map, games, wins, total_score, tickets_kept, "
                     "tickets_completed, longest_path_bonuses)",
                     [(u, m, *s) for (u, m), s in p.stats.items()],
                     " ON CONFLICT (user_id, map) DO UPDATE SET "
                     "games = user_stats.games + excluded.games, "
                     "wins = user_stats.wins + excluded.wins, "
                     "total_score = user_stats.total_score + excluded.total_score, "
                     "tickets_kept = user_stats.tickets_kept + excluded.tickets_kept, "
                     "tickets_completed = user_stats.tickets_completed + "
                     "excluded.tickets_completed, longest_path_bonuses = "
                     "user_stats.longest_path_bonuses + excluded.longest_path_bonuses")
        _insert_many(cur, "user_routes (user_id, route, claims)",
                     [(u, r, n) for (u, r), n in sorted(p.routes.items())],
                     " ON CONFLICT (user_id, route) DO UPDATE SET "
                     "claims = user_routes.claims + excluded.claims")

    def _write_rows(self, cur: Cursor, p: Projection) -> None:
        """Write the games and results added since the last call (and forget them)."""
        _insert_many(cur, "rated_games (game_id, position, map, rated, finished_at)", p.games)
        _insert_many(cur, f"player_results ({RESULT_COLUMNS})", p.results)
        p.games.clear()
        p.results.clear()

    def _write_totals(self, cur: Cursor, p: Projection) -> None:
        bots = _bots(cur, None)
        _insert_many(cur, "ratings (map, user_id, bot, mu, sigma, rating, games)",
                     [(m, u, u in bots, s.mu, s.sigma, s.rating, s.games)
                      for (m, u), s in sorted(p.skills.items())])
        _insert_many(cur, "user_stats (user_id, map, games, wins, total_score, tickets_kept, "
                     "tickets_completed, longest_path_bonuses)",
                     [(u, m, *s) for (u, m), s in sorted(p.stats.items())])
        _insert_many(cur, "user_routes (user_id, route, claims)",
                     [(u, r, n) for (u, r), n in sorted(p.routes.items())])


def _hold_cursor(cur: Cursor) -> int:
    """Lock the cursor row until the transaction ends (PostgreSQL: a row lock; SQLite's
    write transaction holds the whole database) and read it."""
    cur.execute("UPDATE rating_cursor SET position = position WHERE id = 1")
    cur.execute("SELECT position FROM rating_cursor WHERE id = 1")
    row = cur.fetchone()
    return int(row[0]) if row else 0


def _skills_of(cur: Cursor, result: Result) -> dict[tuple[str, str], Skill]:
    users = [f.user_id for f in result.finishers]
    marks = ", ".join(["%s"] * len(users))
    cur.execute(f"SELECT user_id, mu, sigma, games FROM ratings WHERE map = %s "
                f"AND user_id IN ({marks})", [result.map, *users])
    return {(result.map, r[0]): Skill(float(r[1]), float(r[2]), int(r[3]))
            for r in cur.fetchall()}


def _bots(cur: Cursor, users: Iterable[str] | None) -> set[str]:
    """The bots among `users` (None: every bot)."""
    if users is None:
        cur.execute("SELECT user_id FROM users WHERE bot IS NOT NULL")
    else:
        listed = sorted(users)
        if not listed:
            return set()
        marks = ", ".join(["%s"] * len(listed))
        cur.execute(f"SELECT user_id FROM users WHERE bot IS NOT NULL "
                    f"AND user_id IN ({marks})", listed)
    return {r[0] for r in cur.fetchall()}


ROWS_PER_INSERT = 500


def _insert_many(cur: Cursor, into: str, rows: Sequence[tuple[Any, ...]],
                 conflict: str = "") -> None:
    """Insert `rows` with a few multi-row statements (one round trip per 500 rows)."""
    for start in range(0, len(rows), ROWS_PER_INSERT):
        chunk = rows[start:start + ROWS_PER_INSERT]
        one = "(" + ", ".join(["%s"] * len(chunk[0])) + ")"
        cur.execute(f"INSERT INTO {into} VALUES " + ", ".join([one] * len(chunk)) + conflict,
                    [value for row in chunk for value in row])
