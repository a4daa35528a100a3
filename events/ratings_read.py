"""Reading the ratings projection (`events.ratings`): leaderboards, profiles, a player's
finished games and a game's rating changes.

A board shows only the players with at least `min_games` rated games on its map
(`domain.rating_rules.LEADERBOARD_MIN_GAMES` unless the caller says), and ranks them
among themselves: a player below it has a rating but no rank.

Every read is an index range of a few rows: the leaderboard pages `ratings_board`
(map, bot, rating), a rank counts the entries above one on the same index, a
profile reads the user's few rows of `ratings`, `user_stats` and `user_routes`,
and a player's games page `player_results_by_user(_map)` by position.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from domain.rating import PROVISIONAL_GAMES
from domain.rating_rules import LEADERBOARD_MIN_GAMES
from events.database import Database

TOP_ROUTES = 5


@dataclass(frozen=True, slots=True)
class BoardEntry:
    map: str
    rank: int | None  # None: fewer rated games than the board's minimum, so not on it
    user_id: str
    name: str
    bot: bool
    rating: float
    mu: float
    sigma: float
    games: int

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class MapStats:
    map: str
    games: int
    wins: int
    total_score: int
    tickets_kept: int
    tickets_completed: int
    longest_path_bonuses: int


@dataclass(frozen=True, slots=True)
class Profile:
    user_id: str
    name: str
    bot: bool
    created_at: datetime
    ratings: tuple[BoardEntry, ...]  # rank: the place on the map's board
    stats: tuple[MapStats, ...]
    routes: tuple[tuple[str, int], ...]  # the most claimed, with their claims


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One player's line of a scored game (`player_results`)."""
    game_id: str
    user_id: str
    seat: int
    name: str
    map: str
    position: int
    finished_at: datetime
    rank: int
    winner: bool
    out: bool
    total: int
    mu_before: float
    sigma_before: float
    games_before: int
    mu_after: float | None
    sigma_after: float | None
    unrated_reason: str | None = None  # `domain.rating_rules.Reason`; None: rated


_RESULT = ("game_id, user_id, seat, name, map, position, finished_at, player_rank, winner, "
           "out, total, mu_before, sigma_before, games_before, mu_after, sigma_after, "
           "unrated_reason")
_BOARD = "r.map, r.user_id, COALESCE(u.name, r.user_id), r.bot, r.rating, r.mu, r.sigma, r.games"
# An entry's rank: 1 + the entries above it on its board (better rating, or the same
# rating and a smaller user id, and enough games to be shown), counted as two ranges of
# the board's index. Its parameters: the board's minimum, twice.
_RANK = ("(SELECT COUNT(*) FROM ratings o WHERE o.map = r.map AND o.bot = r.bot "
         "AND o.rating > r.rating AND o.games >= %s) + (SELECT COUNT(*) FROM ratings o "
         "WHERE o.map = r.map AND o.bot = r.bot AND o.rating = r.rating "
         "AND o.user_id < r.user_id AND o.games >= %s)")


class RatingReads(Database):
    """What the leaderboards and profiles read (`events.ports.RatingsReader`)."""

    def leaderboard(self, map_name: str, bots: bool, offset: int, limit: int,
                    min_games: int = LEADERBOARD_MIN_GAMES) -> tuple[int, list[BoardEntry]]:
        """The map's board of players (or of bots) with at least `min_games` rated games,
        best first: its size and a page."""
        with self.reading() as cur:
            cur.execute("SELECT COUNT(*) FROM ratings WHERE map = %s AND bot = %s "
                        "AND games >= %s", (map_name, bots, min_games))
            row = cur.fetchone()
            # the page's keys first (the index alone), then their rows and names
            cur.execute(f"SELECT {_BOARD} FROM (SELECT map, user_id FROM ratings "
                        "WHERE map = %s AND bot = %s AND games >= %s "
                        "ORDER BY rating DESC, user_id LIMIT %s OFFSET %s) k "
                        "JOIN ratings r ON r.map = k.map AND r.user_id = k.user_id "
                        "LEFT JOIN users u ON u.user_id = r.user_id "
                        "ORDER BY r.rating DESC, r.user_id",
                        (map_name, bots, min_games, limit, offset))
            rows = cur.fetchall()
        return (int(row[0]) if row else 0,
                [_entry(offset + i + 1, r) for i, r in enumerate(rows)])

    def board_entry(self, map_name: str, user_id: str,
                    min_games: int = LEADERBOARD_MIN_GAMES) -> BoardEntry | None:
        """`user_id`'s entry on the map's board (of bots, for a bot), with their rank;
        None if they are not on it (fewer than `min_games` rated games there)."""
        with self.reading() as cur:
            cur.execute(f"SELECT {_BOARD}, {_RANK} FROM ratings r LEFT JOIN users u "
                        "ON u.user_id = r.user_id WHERE r.map = %s AND r.user_id = %s "
                        "AND r.games >= %s", (min_games, min_games, map_name, user_id,
                                              min_games))
            row = cur.fetchone()
        return None if row is None else _entry(1 + int(row[8]), row)

    def profile(self, user_id: str, min_games: int = LEADERBOARD_MIN_GAMES
                ) -> Profile | None:
        """The public profile of `user_id`, or None for no such user (a map's rank: None
        below the board's `min_games`)."""
        with self.reading() as cur:
            cur.execute("SELECT name, bot, created_at FROM users WHERE user_id = %s",
                        (user_id,))
            user = cur.fetchone()
            if user is None:
                return None
            cur.execute(f"SELECT {_BOARD}, {_RANK} FROM ratings r LEFT JOIN users u "
                        "ON u.user_id = r.user_id WHERE r.user_id = %s ORDER BY r.map",
                        (min_games, min_games, user_id))
            entries = [_entry(1 + int(r[8]) if int(r[7]) >= min_games else None, r)
                       for r in cur.fetchall()]
            cur.execute("SELECT map, games, wins, total_score, tickets_kept, "
                        "tickets_completed, longest_path_bonuses FROM user_stats "
                        "WHERE user_id = %s ORDER BY map", (user_id,))
            stats = [MapStats(r[0], *(int(v) for v in r[1:])) for r in cur.fetchall()]
            cur.execute("SELECT route, claims FROM user_routes WHERE user_id = %s "
                        "ORDER BY claims DESC, route LIMIT %s", (user_id, TOP_ROUTES))
            routes = tuple((r[0], int(r[1])) for r in cur.fetchall())
        return Profile(user_id=user_id, name=user[0], bot=bool(user[1]),
                       created_at=self.time_value(user[2]), ratings=tuple(entries),
                       stats=tuple(stats), routes=routes)

    def results_of_player(self, user_id: str, *, map_name: str | None = None,
                          won: bool | None = None, opponent: str | None = None,
                          before: int | None = None, limit: int = 20) -> list[ResultRow]:
        """`user_id`'s lines of their finished games, latest first (`before`: a position,
        for the next page)."""
        where = ["user_id = %s"]
        params: list[Any] = [user_id]
        if map_name is not None:
            where.append("map = %s")
            params.append(map_name)
        if won is not None:
            where.append("winner = %s")
            params.append(won)
        if opponent is not None:
            where.append("game_id IN (SELECT game_id FROM player_results WHERE user_id = %s)")
            params.append(opponent)
        if before is not None:
            where.append("position < %s")
            params.append(before)
        with self.reading() as cur:
            cur.execute(f"SELECT {_RESULT} FROM player_results WHERE {' AND '.join(where)} "
                        "ORDER BY position DESC LIMIT %s", [*params, limit])
            return [self._result(r) for r in cur.fetchall()]

    def results_of_games(self, game_ids: list[str]) -> dict[str, list[ResultRow]]:
        """Every player's line of each game (seat order); a game not projected: none."""
        found: dict[str, list[ResultRow]] = {g: [] for g in game_ids}
        if not game_ids:
            return found
        marks = ", ".join(["%s"] * len(game_ids))
        with self.reading() as cur:
            cur.execute(f"SELECT {_RESULT} FROM player_results WHERE game_id IN ({marks}) "
                        "ORDER BY game_id, seat", game_ids)
            for r in cur.fetchall():
                found[r[0]].append(self._result(r))
        return found

    def _result(self, r: Any) -> ResultRow:
        return ResultRow(
            game_id=r[0], user_id=r[1], seat=int(r[2]), name=r[3], map=r[4],
            position=int(r[5]), finished_at=self.time_value(r[6]), rank=int(r[7]),
            winner=bool(r[8]), out=bool(r[9]), total=int(r[10]), mu_before=float(r[11]),
            sigma_before=float(r[12]), games_before=int(r[13]),
            mu_after=None if r[14] is None else float(r[14]),
            sigma_after=None if r[15] is None else float(r[15]), unrated_reason=r[16])


def _entry(rank: int | None, r: Any) -> BoardEntry:
    return BoardEntry(map=r[0], rank=rank, user_id=r[1], name=r[2], bot=bool(r[3]),
                      rating=float(r[4]), mu=float(r[5]), sigma=float(r[6]), games=int(r[7]))
