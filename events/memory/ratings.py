"""The ratings projection held in memory: the `events.ports.Ratings` port in plain Python,
with the figures of the SQL tables (`events.ratings`, `events.ratings_read`).

The arithmetic is theirs (`events.rating_projection.Projection`, `domain.rating`):
here is only where the figures are kept, in dicts shaped like the SQL tables, and
how the reads order and page them. The scored games are read from the store's own
log (`iter_all`, `read_stream`) in the order their `game_scored` events reached it,
as the SQL adapters read them, and a bot is a user with a `bot_level`.

`MemoryRatings` is a part of `events.memory.MemoryStore` (`events.memory.base`):
every method runs under the store's lock (`self._lock`), which makes each one a
transaction, as in SQL.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import datetime
from itertools import combinations
from typing import TYPE_CHECKING, Any

from domain.events import Event
from domain.rating import Result, Skill, result_of
from domain.rating_rules import LEADERBOARD_MIN_GAMES, REPEAT_WINDOW, pair
from domain.table_events import GameScored
from events.accounts import User
from events.clock import utcnow
from events.memory.base import Clock, MemoryTables
from events.onlookers import ANONYMOUS, Onlooker
from events.rating_projection import TABLE_EVENTS, Projection, Scored
from events.ratings_read import (
    BoardEntry,
    HiddenLine,
    MapStats,
    Profile,
    ResultRow,
    routes_of_seat,
    without_hidden,
)
from events.store import Recorded

__all__ = ["MemoryRatings"]

_GAME_SCORED = "game_scored"


class MemoryRatings(MemoryTables):
    """The ratings projection (`events.ports.Ratings`), kept in memory."""

    if TYPE_CHECKING:  # what the rest of the store lends: the recorder, the accounts
        def iter_all(self, after: int = 0, batch: int = 1000) -> Iterator[Recorded]: ...
        def read_stream(self, game_id: str, after: int = 0,
                        limit: int | None = None) -> list[Recorded]: ...
        def bot_level(self, user_id: str) -> str | None: ...
        def user_of(self, user_id: str) -> User | None: ...
        def _hidden_from(self, onlooker: Onlooker, game_id: str) -> bool: ...

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._rating_cursor = 0  # the position of the last `game_scored` projected
        self._skills: dict[tuple[str, str], Skill] = {}  # (map, user)
        self._skill_bots: dict[tuple[str, str], bool] = {}  # (map, user): a bot's board
        self._results: dict[tuple[str, str], ResultRow] = {}  # (game, user)
        # (game, user): tickets kept, tickets completed, the longest path bonus (1 or 0),
        # the columns of `player_results` that `ResultRow` does not show
        self._result_figures: dict[tuple[str, str], tuple[int, int, int]] = {}
        self._stats: dict[tuple[str, str], list[int]] = {}  # (user, map)
        self._routes: Counter[tuple[str, str]] = Counter()  # (user, route)

    # -- projecting -----------------------------------------------------------------------

    def project_scored_games(self, limit: int = 100) -> list[str]:
        """Project the next scored games (at most `limit`) after the cursor; the games
        projected, in order."""
        with self._lock:
            found = self._scored_after(self._rating_cursor, limit)
            for game in found:
                projection = Projection()
                result = result_of(self._table_events(game.game_id))
                projection.skills.update(
                    {(result.map, f.user_id): s for f in result.finishers
                     if (s := self._skills.get((result.map, f.user_id))) is not None})
                projection.pairs.update(self._pairs_of(result, game))
                projection.add(game, result)
                self._keep_increment(projection)
                self._rating_cursor = game.position
        return [game.game_id for game in found]

    def rebuild_ratings(self, batch: int = 2000) -> int:
        """Throw the projection away and compute it again from the log; the number of
        games projected."""
        projection = Projection()
        with self._lock:
            found = self._scored_after(0, None, batch)
            for game in found:
                projection.add(game, result_of(self._table_events(game.game_id)))
            self._skills, self._skill_bots = {}, {}
            self._results, self._stats, self._routes = {}, {}, Counter()
            self._result_figures = {}
            self._keep_rows(projection)
            self._keep_skills(projection, overwrite=True)
            self._stats = {key: list(figures) for key, figures in projection.stats.items()}
            self._routes = Counter(projection.routes)
            self._rating_cursor = found[-1].position if found else 0
        return projection.count

    def unprojected_games(self) -> int:
        """How many scored games (visible to feeds) the projection has not reached."""
        with self._lock:
            return len(self._scored_after(self._rating_cursor, None))

    def _scored_after(self, position: int, limit: int | None,
                      batch: int = 1000) -> list[Scored]:
        found: list[Scored] = []
        for r in self.iter_all(position, batch):
            if r.type == _GAME_SCORED:
                found.append(Scored(r.game_id, r.position, r.recorded_at))
                if limit is not None and len(found) >= limit:
                    break
        return found

    def _pairs_of(self, result: Result, game: Scored) -> dict[frozenset[str], list[datetime]]:
        """When the players of `result` finished games rated for two of them, within the
        repeat rule's window before `game` (`Projection.pairs`)."""
        users = {f.user_id for f in result.finishers}
        since = game.finished_at - REPEAT_WINDOW
        rated: dict[str, list[str]] = {}  # game: its rated players among `users`
        for (game_id, user_id), line in self._results.items():
            if (user_id in users and line.mu_after is not None and line.finished_at > since
                    and line.position < game.position):
                rated.setdefault(game_id, []).append(user_id)
        pairs: dict[frozenset[str], list[datetime]] = {}
        for game_id, players in rated.items():
            when = self._results[(game_id, players[0])].finished_at
            for a, b in combinations(sorted(players), 2):
                pairs.setdefault(pair(a, b), []).append(when)
        return pairs

    def _table_events(self, game_id: str) -> list[Event]:
        return [r.event() for r in self.read_stream(game_id) if r.type in TABLE_EVENTS]

    def _keep_increment(self, p: Projection) -> None:
        """Add one game's projection onto the kept figures."""
        self._keep_rows(p)
        self._keep_skills(p, overwrite=False)
        for key, figures in p.stats.items():
            kept = self._stats.setdefault(key, [0] * len(figures))
            for i, value in enumerate(figures):
                kept[i] += value
        self._routes.update(p.routes)

    def _keep_rows(self, p: Projection) -> None:
        for row in p.results:
            line = _result_row(row)
            self._results[(line.game_id, line.user_id)] = line
            self._result_figures[(line.game_id, line.user_id)] = (
                int(row[11]), int(row[12]), int(row[13]))
        p.results.clear()
        p.games.clear()

    def _keep_skills(self, p: Projection, overwrite: bool) -> None:
        """Keep the skills of rated players; whether one is a bot is settled when their
        entry is first made (as SQL's insert does) or when the whole is rebuilt."""
        for key, skill in p.skills.items():
            if skill.games <= 0:
                continue
            self._skills[key] = skill
            if overwrite or key not in self._skill_bots:
                self._skill_bots[key] = self.bot_level(key[1]) is not None

    # -- reading --------------------------------------------------------------------------

    def leaderboard(self, map_name: str, bots: bool, offset: int, limit: int,
                    min_games: int = LEADERBOARD_MIN_GAMES) -> tuple[int, list[BoardEntry]]:
        """The map's board of players (or of bots) with at least `min_games` rated games,
        best first: its size and a page."""
        with self._lock:
            board = self._board(map_name, bots, min_games)
            page = board[offset:offset + limit] if limit >= 0 else board[offset:]
            return len(board), [self._entry(offset + i + 1, key)
                                for i, key in enumerate(page)]

    def board_entry(self, map_name: str, user_id: str,
                    min_games: int = LEADERBOARD_MIN_GAMES) -> BoardEntry | None:
        """`user_id`'s entry on the map's board (of bots, for a bot), with their rank;
        None if they are not on it (fewer than `min_games` rated games there)."""
        with self._lock:
            key = (map_name, user_id)
            rank = self._rank(key, min_games) if key in self._skills else None
            return self._entry(rank, key) if rank is not None else None

    def profile(self, user_id: str, onlooker: Onlooker = ANONYMOUS,
                min_games: int = LEADERBOARD_MIN_GAMES) -> Profile | None:
        """The profile of `user_id` as `onlooker` may see it, or None for no such user
        (a map's rank: None below the board's `min_games`)."""
        with self._lock:
            user = self.user_of(user_id)
            if user is None:
                return None
            entries = [self._entry(self._rank(key, min_games), key)
                       for key in sorted(k for k in self._skills if k[1] == user_id)]
            stats = [MapStats(m, *figures) for (u, m), figures in sorted(self._stats.items())
                     if u == user_id]
            routes = [(route, n) for (u, route), n in self._routes.items() if u == user_id]
            hidden = [] if onlooker.sees_all_of(user_id) else self._hidden_lines(
                user_id, onlooker)
            bot = self.bot_level(user_id)
        shown, top = without_hidden(stats, routes, hidden)
        return Profile(user_id=user_id, name=user.name, bot=bool(bot),
                       created_at=user.created_at, ratings=tuple(entries),
                       stats=shown, routes=top)

    def _hidden_lines(self, user_id: str, onlooker: Onlooker) -> list[HiddenLine]:
        """`user_id`'s lines of the games hidden from `onlooker`, with their routes."""
        lines = []
        for (game_id, u), r in self._results.items():
            if u != user_id or not self._hidden_from(onlooker, game_id):
                continue
            kept, completed, bonus = self._result_figures[(game_id, u)]
            scored = next(rec.event() for rec in reversed(self.read_stream(game_id))
                          if rec.type == _GAME_SCORED)
            assert isinstance(scored, GameScored)
            lines.append(HiddenLine(map=r.map, winner=r.winner, total=r.total,
                                    tickets_kept=kept, tickets_completed=completed,
                                    longest_path_bonus=bool(bonus),
                                    routes=routes_of_seat(scored, r.seat)))
        return lines

    def results_of_player(self, user_id: str, *, map_name: str | None = None,
                          won: bool | None = None, opponent: str | None = None,
                          before: int | None = None, limit: int = 20,
                          onlooker: Onlooker = ANONYMOUS) -> list[ResultRow]:
        """`user_id`'s lines of their finished games that `onlooker` may see, latest
        first (`before`: a position, for the next page)."""
        with self._lock:
            against = (None if opponent is None else
                       {g for (g, u) in self._results if u == opponent})
            everything = onlooker.sees_all_of(user_id)
            lines = [r for (g, u), r in self._results.items() if u == user_id
                     and (map_name is None or r.map == map_name)
                     and (won is None or r.winner == won)
                     and (against is None or g in against)
                     and (before is None or r.position < before)
                     and (everything or not self._hidden_from(onlooker, g))]
        lines.sort(key=lambda r: r.position, reverse=True)
        return lines[:limit] if limit >= 0 else lines

    def results_of_games(self, game_ids: list[str]) -> dict[str, list[ResultRow]]:
        """Every player's line of each game (seat order); a game not projected: none."""
        found: dict[str, list[ResultRow]] = {g: [] for g in game_ids}
        with self._lock:
            for (game_id, _), line in self._results.items():
                if game_id in found:
                    found[game_id].append(line)
        for lines in found.values():
            lines.sort(key=lambda r: r.seat)
        return found

    def _board(self, map_name: str, bots: bool, min_games: int) -> list[tuple[str, str]]:
        """The keys of the map's board, best first (a tie: the smaller user id first)."""
        keys = [k for k, s in self._skills.items() if k[0] == map_name
                and self._skill_bots[k] == bots and s.games >= min_games]
        keys.sort(key=lambda k: (-self._skills[k].rating, k[1]))
        return keys

    def _rank(self, key: tuple[str, str], min_games: int) -> int | None:
        """1 + the entries above `key` on its board (better, or as good with a smaller id;
        shown, with `min_games`); None: `key` is not shown."""
        if self._skills[key].games < min_games:
            return None
        rating, bot = self._skills[key].rating, self._skill_bots[key]
        return 1 + sum(1 for o, s in self._skills.items()
                       if o[0] == key[0] and self._skill_bots[o] == bot
                       and s.games >= min_games
                       and (s.rating > rating or (s.rating == rating and o[1] < key[1])))

    def _entry(self, rank: int | None, key: tuple[str, str]) -> BoardEntry:
        skill, user = self._skills[key], self.user_of(key[1])
        return BoardEntry(map=key[0], rank=rank, user_id=key[1],
                          name=user.name if user is not None else key[1],
                          bot=self._skill_bots[key], rating=skill.rating, mu=skill.mu,
                          sigma=skill.sigma, games=skill.games)


def _result_row(r: tuple[Any, ...]) -> ResultRow:
    """A `Projection` result line (the columns of `player_results`) as it is read."""
    (game_id, user_id, seat, name, map_name, position, finished_at, rank, winner, out,
     total, _kept, _completed, _bonus, mu_before, sigma_before, games_before, mu_after,
     sigma_after, unrated_reason) = r
    when: datetime = finished_at
    return ResultRow(game_id=game_id, user_id=user_id, seat=seat, name=name, map=map_name,
                     position=position, finished_at=when, rank=rank, winner=winner,
                     out=out, total=total, mu_before=mu_before, sigma_before=sigma_before,
                     games_before=games_before, mu_after=mu_after, sigma_after=sigma_after,
                     unrated_reason=unrated_reason)


if TYPE_CHECKING:
    from events.ports import Ratings

    def _holds_the_port(store: MemoryRatings) -> Ratings:
        return store  # mypy checks that `MemoryRatings` satisfies the port
