"""Reading the ratings projection (`events.ratings`): leaderboards, profiles, a player's
finished games and a game's rating changes.

A board shows only the players with at least `min_games` rated games on its map
(`domain.rating_rules.LEADERBOARD_MIN_GAMES` unless the caller says), and ranks them
among themselves: a player below it has a rating but no rank.

Every read is an index range of a few rows: the leaderboard pages `ratings_board`
(map, bot, rating), a rank counts the entries above one on the same index, a
profile reads the user's few rows of `ratings`, `user_stats` and `user_routes`,
and a player's games page `player_results_by_user(_map)` by position.

A player's games and a profile's figures are read for an `Onlooker`
(`events.onlookers`): the private games hidden from them are left out of the
games, and their lines are taken off the profile's totals and routes (read from
those games' `game_scored` events: the projection keeps routes per user only).
The ratings themselves, and their rated-games counts, are one figure per player
and map, the same for every reader: they are not split by game.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from domain.rating import PROVISIONAL_GAMES
from domain.rating_rules import LEADERBOARD_MIN_GAMES
from domain.table_events import GameScored
from events.catalogue import decode
from events.database import Cursor, Database
from events.onlookers import ANONYMOUS, Onlooker, hidden_game_sql

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


@dataclass(frozen=True, slots=True)
class HiddenLine:
    """A user's line of a game hidden from the reader of their profile: what to take
    off the profile's figures."""
    map: str
    winner: bool
    total: int
    tickets_kept: int
    tickets_completed: int
    longest_path_bonus: bool
    routes: tuple[str, ...]


def routes_of_seat(scored: GameScored, seat: int) -> tuple[str, ...]:
    """The routes `seat` held at the end of the game `scored` scores."""
    return next((tuple(p["routes"]) for p in scored.players if int(p["seat"]) == seat), ())


def without_hidden(stats: list[MapStats], routes: list[tuple[str, int]],
                   hidden: list[HiddenLine]
                   ) -> tuple[tuple[MapStats, ...], tuple[tuple[str, int], ...]]:
    """A profile's per-map figures and its most claimed routes (at most `TOP_ROUTES`)
    once the `hidden` lines are taken off; `routes`: all of the user's routes."""
    figures = {s.map: [s.games, s.wins, s.total_score, s.tickets_kept, s.tickets_completed,
                       s.longest_path_bonuses] for s in stats}
    claims = dict(routes)
    for line in hidden:
        kept = figures.get(line.map)
        if kept is not None:
            for i, value in enumerate((1, int(line.winner), line.total, line.tickets_kept,
                                       line.tickets_completed, int(line.longest_path_bonus))):
                kept[i] -= value
        for route in line.routes:
            claims[route] = claims.get(route, 0) - 1
    shown = tuple(MapStats(m, *f) for m, f in sorted(figures.items()) if f[0] > 0)
    top = sorted(((r, n) for r, n in claims.items() if n > 0), key=lambda rn: (-rn[1], rn[0]))
    return shown, tuple(top[:TOP_ROUTES])


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

    def profile(self, user_id: str, onlooker: Onlooker = ANONYMOUS,
                min_games: int = LEADERBOARD_MIN_GAMES) -> Profile | None:
        """The profile of `user_id` as `onlooker` may see it, or None for no such user
        (a map's rank: None below the board's `min_games`)."""
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
            hidden = [] if onlooker.sees_all_of(user_id) else self._hidden_lines(
                cur, user_id, onlooker)
            # every route when some must be taken off (the top few may change)
            cur.execute("SELECT route, claims FROM user_routes WHERE user_id = %s "
                        "ORDER BY claims DESC, route" + ("" if hidden else " LIMIT %s"),
                        (user_id,) if hidden else (user_id, TOP_ROUTES))
            routes = [(r[0], int(r[1])) for r in cur.fetchall()]
        shown, top = without_hidden(stats, routes, hidden)
        return Profile(user_id=user_id, name=user[0], bot=bool(user[1]),
                       created_at=self.time_value(user[2]), ratings=tuple(entries),
                       stats=shown, routes=top)

    def _hidden_lines(self, cur: Cursor, user_id: str, onlooker: Onlooker
                      ) -> list[HiddenLine]:
        """`user_id`'s lines of the games hidden from `onlooker`, with their routes."""
        hidden, params = hidden_game_sql(onlooker)
        cur.execute("SELECT pr.seat, pr.map, pr.winner, pr.total, pr.tickets_kept, "
                    "pr.tickets_completed, pr.longest_path_bonus, e.schema_version, e.data, "
                    "e.private FROM player_results pr "
                    "JOIN games g ON g.game_id = pr.game_id "
                    # (a line's position is its game_scored event's: one index look-up)
                    "JOIN events e ON e.position = pr.position AND e.type = 'game_scored' "
                    f"WHERE pr.user_id = %s AND {hidden}", [user_id, *params])
        lines = []
        for r in cur.fetchall():
            scored = decode("game_scored", r[7], self.json_value(r[8]),
                            self.json_value(r[9]) if r[9] is not None else None)
            assert isinstance(scored, GameScored)
            lines.append(HiddenLine(map=r[1], winner=bool(r[2]), total=int(r[3]),
                                    tickets_kept=int(r[4]), tickets_completed=int(r[5]),
                                    longest_path_bonus=bool(r[6]),
                                    routes=routes_of_seat(scored, int(r[0]))))
        return lines

    def results_of_player(self, user_id: str, *, map_name: str | None = None,
                          won: bool | None = None, opponent: str | None = None,
                          before: int | None = None, limit: int = 20,
                          onlooker: Onlooker = ANONYMOUS) -> list[ResultRow]:
        """`user_id`'s lines of their finished games that `onlooker` may see, latest
        first (`before`: a position, for the next page)."""
        where = ["user_id = %s"]
        params: list[Any] = [user_id]
        if not onlooker.sees_all_of(user_id):
            hidden, hidden_params = hidden_game_sql(onlooker)
            where.append("NOT EXISTS (SELECT 1 FROM games g WHERE "
                         f"g.game_id = player_results.game_id AND {hidden})")
            params += hidden_params
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
