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
        others = sorted((r for r in pending if r.request_id not in seated
                         and r.request_id != first.request_id and _agree(first, r, now)),
                        key=lambda r: (abs(_rating(r) - _rating(first)), r.since, r.request_id))
        table = _smallest_table(first, others, now, players)
        if table is not None:
            tables.append(table)
            seated.update(table.request_ids)
    return tables


def _smallest_table(first: Seeking, others: Sequence[Seeking], now: datetime,
                    players: Mapping[str, tuple[int, int]]) -> FormedTable | None:
    """The smallest table `first` sits at with `others` (best partners first), if any.

    Each size and map is tried on its own: a partner who would make the table too big
    for one request, or too small for another, is passed over for that table rather
    than kept (a request for 2 players and one for 3 never block each other's table).
    """
    maps = [first.map_name] if first.map_name is not None else sorted(players)
    for seats in range(first.min_players, first.max_players + 1):
        best: tuple[list[int], str] | None = None
        for map_name in maps:
            low, high = players.get(map_name, (0, -1))
            if not low <= seats <= high:
                continue
            chosen = _partners(others, seats, map_name, now)
            if chosen is not None and (best is None or chosen < best[0]):
                best = (chosen, map_name)
        if best is not None:
            partners = [others[i].request_id for i in best[0]]
            return FormedTable(best[1], (first.request_id, *partners))
    return None


def _partners(others: Sequence[Seeking], seats: int, map_name: str,
              now: datetime) -> list[int] | None:
    """The places in `others` (each agreeing with the table's first request already)
    of the best partners who fill a table of `seats` on `map_name`, each agreeing with
    every other; None if too few do."""
    chosen: list[int] = []
    for place, other in enumerate(others):
        if len(chosen) == seats - 1:
            break
        if not other.min_players <= seats <= other.max_players:
            continue
        if other.map_name not in (None, map_name):
            continue
        if all(_agree(other, others[i], now) for i in chosen):
            chosen.append(place)
    return chosen if len(chosen) == seats - 1 else None
