"""Quick match: which waiting requests for a game sit down together.

A request asks for a table: one map or any, a number of players (a range), rated or
not, and a turn time limit (a live game's seconds, or a correspondence game's days,
in seconds too). Requests sit together when they agree on all of that and their
players' ratings are close: each request accepts a rating gap that widens the longer
it has waited (`rating_window`), so nobody waits for ever for a perfect opponent.

`form_tables` is the decision, and a pure one: the store calls it under its lock with
every waiting request, and seats what it returns. Oldest requests are served first;
a table forms as soon as enough compatible requests exist for it: as few players as
every request at it accepts (a table that waited for more would keep its players
waiting).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

# The rating gap a new request accepts, and how much wider it grows each second it
# waits (`domain.rating.Skill.rating`: a new player is 0, a strong one about 40).
RATING_WINDOW = 5.0
RATING_WIDENS_PER_SECOND = 0.5
DEFAULT_RATING = 0.0  # a player with no rating on the map plays as a new one


@dataclass(frozen=True, slots=True)
class Seeking:
    """One waiting request: who asks, for what, since when."""
    request_id: str
    user_id: str
    map_name: str | None  # None: any map
    min_players: int
    max_players: int
    rated: bool
    turn_time_limit: int | None
    since: datetime
    rating: float | None = None  # the player's rating on that map (None: none yet)


@dataclass(frozen=True, slots=True)
class FormedTable:
    """A full table: its map and the requests that take its seats, oldest first."""
    map_name: str
    request_ids: tuple[str, ...]

    @property
    def seats(self) -> int:
        return len(self.request_ids)


def rating_window(request: Seeking, now: datetime) -> float:
    """The widest rating gap `request` accepts at `now`."""
    waited = max(0.0, (now - request.since).total_seconds())
    return RATING_WINDOW + RATING_WIDENS_PER_SECOND * waited


def _rating(request: Seeking) -> float:
    return DEFAULT_RATING if request.rating is None else request.rating


def _agree(a: Seeking, b: Seeking, now: datetime) -> bool:
    """Whether two requests may sit at one table (the map and players aside)."""
    if a.user_id == b.user_id or a.rated != b.rated:
        return False
    if a.turn_time_limit != b.turn_time_limit:
        return False
    if a.map_name is not None and b.map_name is not None and a.map_name != b.map_name:
        return False
    gap = abs(_rating(a) - _rating(b))
    return gap <= max(rating_window(a, now), rating_window(b, now))


def _table_for(group: Sequence[Seeking],
               players: Mapping[str, tuple[int, int]]) -> FormedTable | None:
    """The table `group` forms, if it is enough players for every request in it and a
    map they all accept."""
    seats = len(group)
    if any(not r.min_players <= seats <= r.max_players for r in group):
        return None
    named = {r.map_name for r in group if r.map_name is not None}
    for map_name in sorted(named or players):
        low, high = players.get(map_name, (0, -1))
        if low <= seats <= high:
            return FormedTable(map_name, tuple(r.request_id for r in group))
    return None


def form_tables(waiting: Sequence[Seeking], now: datetime,
                players: Mapping[str, tuple[int, int]]) -> list[FormedTable]:
    """The tables the waiting requests form now (each request in at most one).

    `players`: each map's number of players (least, most). A request for a map not in
    it, or for players its map does not take, forms nothing (the service refuses such
    requests before they wait).
    """
    # Speed: only requests with the same terms can agree, so each kind is paired apart.
    kinds: dict[tuple[bool, int | None], list[Seeking]] = {}
    for request in waiting:
        kinds.setdefault((request.rated, request.turn_time_limit), []).append(request)
    age = {r.request_id: (r.since, r.request_id) for r in waiting}
    tables = [t for kind in kinds.values() for t in _form_among(kind, now, players)]
    return sorted(tables, key=lambda t: min(age[i] for i in t.request_ids))


def _form_among(waiting: Sequence[Seeking], now: datetime,
                players: Mapping[str, tuple[int, int]]) -> list[FormedTable]:
    """`form_tables` among requests of the same terms."""
    pending = sorted(waiting, key=lambda r: (r.since, r.request_id))
    seated: set[str] = set()
    tables: list[FormedTable] = []
    for first in pending:
        if first.request_id in seated:
            continue
        group = [first]
        others = sorted((r for r in pending if r.request_id not in seated
                         and r.request_id != first.request_id),
                        key=lambda r: (abs(_rating(r) - _rating(first)), r.since, r.request_id))
        table = None
        for other in others:
            candidate = [*group, other]
            if not all(_agree(other, member, now) for member in group):
                continue
            if len(candidate) > min(r.max_players for r in candidate):
                continue
            group = candidate
            table = _table_for(group, players)
            if table is not None:
                break
        if table is None:
            continue
        tables.append(table)
        seated.update(table.request_ids)
    return tables
