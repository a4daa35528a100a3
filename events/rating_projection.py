"""The ratings projection's arithmetic, apart from where it is kept: which events make a
game's result, and what projecting scored games adds up (`Projection`), each game
judged by the rules against farming (`domain.rating_rules.judge`).

Pure: the SQL tables (`events.ratings`) and the in-memory store
(`events.memory.ratings`) both project through this one copy, so they compute the
same figures to the last bit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations
from typing import Any

from domain.rating import NEW_PLAYER, Result, Skill, rate
from domain.rating_rules import PLAY_EVENTS, REPEAT_WINDOW, Contender, judge, pair

# the events a game's result is read from (`domain.rating.result_of`)
TABLE_EVENTS = ("game_created", "seat_taken", "seat_left", "game_scored", *PLAY_EVENTS)


@dataclass(frozen=True, slots=True)
class Scored:
    """A scored game found in the log: its `game_scored` position and time."""
    game_id: str
    position: int
    finished_at: datetime


@dataclass(slots=True)
class Projection:
    """What a run of the projection adds up, before it is written."""
    skills: dict[tuple[str, str], Skill] = field(default_factory=dict)  # (map, user)
    stats: dict[tuple[str, str], list[int]] = field(default_factory=dict)  # (user, map)
    routes: Counter[tuple[str, str]] = field(default_factory=Counter)  # (user, route)
    # one line per player of each game, in the columns of `player_results`
    # (`events.ratings.RESULT_COLUMNS`)
    results: list[tuple[Any, ...]] = field(default_factory=list)
    games: list[tuple[Any, ...]] = field(default_factory=list)
    # for two players (`domain.rating_rules.pair`): when they finished games rated for
    # both, within the repeat rule's window (older times are dropped as they are met)
    pairs: dict[frozenset[str], list[datetime]] = field(default_factory=dict)
    count: int = 0  # games projected

    def add(self, game: Scored, result: Result,
            time: Callable[[datetime], Any] = lambda when: when) -> None:
        """Project one game onto the figures held so far (its time as `time` stores it:
        a SQL adapter's `time_param`, or as it is)."""
        before = {f.user_id: s for f in result.finishers
                  if (s := self.skills.get((result.map, f.user_id))) is not None}
        users = [f.user_id for f in result.finishers]
        verdict = judge([Contender(f.user_id, f.bot, f.play,
                                   before.get(f.user_id, NEW_PLAYER).games)
                         for f in result.finishers], result.rated,
                        self._recent(users, game.finished_at))
        after = rate(result, before, verdict.against)
        when = time(game.finished_at)
        self.count += 1
        self.games.append((game.game_id, game.position, result.map, result.rated, when))
        for f in result.finishers:
            prior = before.get(f.user_id, NEW_PLAYER)
            new = after[f.user_id]
            rated = result.counts and verdict.rated(f.user_id)
            if rated:
                self.skills[(result.map, f.user_id)] = new
            self.results.append((
                game.game_id, f.user_id, f.seat, f.name, result.map, game.position, when,
                f.rank, f.winner, f.out, f.total, f.tickets_kept, f.tickets_completed,
                f.longest_path_bonus, prior.mu, prior.sigma, prior.games,
                new.mu if rated else None, new.sigma if rated else None,
                verdict.reasons[f.user_id]))
            stats = self.stats.setdefault((f.user_id, result.map), [0] * 6)
            for i, value in enumerate((1, int(f.winner), f.total, f.tickets_kept,
                                       f.tickets_completed, int(f.longest_path_bonus))):
                stats[i] += value
            for route in f.routes:
                self.routes[(f.user_id, route)] += 1
        for a, b in combinations(sorted(u for u in users if verdict.rated(u)), 2):
            self.pairs.setdefault(pair(a, b), []).append(game.finished_at)

    def _recent(self, users: Iterable[str], at: datetime) -> dict[frozenset[str], int]:
        """For each two of `users`: their games rated for both within the repeat rule's
        window before `at` (the times held for them; older ones are dropped)."""
        since = at - REPEAT_WINDOW
        found: dict[frozenset[str], int] = {}
        for a, b in combinations(sorted(set(users)), 2):
            key = pair(a, b)
            times = self.pairs.get(key)
            if times is None:
                continue
            times[:] = [t for t in times if t > since]
            found[key] = len(times)
        return found
