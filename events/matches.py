"""Quick-match requests in the store (migration 9), and the pairing done under one lock.

A request waits until the pairing (`domain.matching.form_tables`) seats it at a table
with others, or until bots take the seats still empty, or until its player cancels it.
Every change of state happens under the store's one matching lock (PostgreSQL: an
advisory lock held by the transaction; SQLite: ``BEGIN IMMEDIATE``, its only write
lock; in memory: the store's lock), so two processes pairing at once cannot seat one
request twice. Once matched, a request names its game: the caller creates that game
from the requests that name it (`requests_of_game`), and may do so again after a crash
(the game log refuses a second creation), so no request is lost between the two.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from domain.matching import FormedTable, Seeking, form_tables
from events.database import Cursor, Database
from events.store import StoreError

WAITING = "waiting"
MATCHED = "matched"
CANCELLED = "cancelled"

NewGameId = Callable[[], str]


class AlreadyWaiting(StoreError):
    """The player has a waiting request already (one at a time: no player is seated
    at two tables by the pairing)."""

    def __init__(self, request_id: str) -> None:
        super().__init__(f"request {request_id} is still waiting")
        self.request_id = request_id


@dataclass(frozen=True, slots=True)
class MatchRequest:
    """A player's request for a game (see `domain.matching.Seeking` for the terms)."""
    request_id: str
    user_id: str
    seat_name: str  # the player's name at the table
    map_name: str | None
    min_players: int
    max_players: int
    rated: bool
    turn_time_limit: int | None
    created_at: datetime
    rating: float | None = None
    bot_level: str | None = None  # bots of this level fill the table after `bots_at`
    bots_at: datetime | None = None
    state: str = WAITING
    game_id: str | None = None
    table_map: str | None = None  # the map of the game it sits at

    def seeking(self) -> Seeking:
        return Seeking(self.request_id, self.user_id, self.map_name, self.min_players,
                       self.max_players, self.rated, self.turn_time_limit,
                       self.created_at, self.rating)


@dataclass(frozen=True, slots=True)
class Pairing:
    """A table the pairing formed: its game (still to be created), map and requests."""
    game_id: str
    map_name: str
    requests: tuple[MatchRequest, ...]


def pairings(waiting: Sequence[MatchRequest], now: datetime,
             players: Mapping[str, tuple[int, int]], new_game_id: NewGameId) -> list[Pairing]:
    """The tables `waiting` forms now, each with a new game id (the decision itself is
    `domain.matching.form_tables`)."""
    by_id = {r.request_id: r for r in waiting}
    formed: list[FormedTable] = form_tables([r.seeking() for r in waiting], now, players)
    made = []
    for table in formed:
        game_id = new_game_id()
        made.append(Pairing(game_id, table.map_name, tuple(
            replace(by_id[i], state=MATCHED, game_id=game_id, table_map=table.map_name)
            for i in table.request_ids)))
    return made


def alone_with_bots(request: MatchRequest, now: datetime,
                    players: Mapping[str, tuple[int, int]], game_id: str) -> Pairing | None:
    """The table a waiting request whose bot wait is over forms with bots, if it is due."""
    if request.state != WAITING or request.bots_at is None or request.bots_at > now:
        return None
    map_name = request.map_name or min(players)
    return Pairing(game_id, map_name, (replace(request, state=MATCHED, game_id=game_id,
                                               table_map=map_name),))


_COLUMNS = ("request_id, user_id, seat_name, map, min_players, max_players, rated, "
            "turn_time_limit, created_at, rating, bot_level, bots_at, state, game_id, table_map")


class MatchTables(Database):
    """The `match_requests` table (`events.ports.MatchRequests`)."""

    def request_match(self, request: MatchRequest, players: Mapping[str, tuple[int, int]],
                      new_game_id: NewGameId) -> list[Pairing]:
        """Store a new waiting request, then pair every waiting one; the tables formed.
        `AlreadyWaiting` if its player has a waiting request."""
        with self.transaction() as cur:
            self.matching_lock(cur)
            cur.execute("SELECT request_id FROM match_requests WHERE user_id = %s "
                        "AND state = %s", (request.user_id, WAITING))
            row = cur.fetchone()
            if row is not None:
                raise AlreadyWaiting(str(row[0]))
            cur.execute(f"INSERT INTO match_requests ({_COLUMNS}) VALUES "
                        "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                        self._params(request))
            return self._pair(cur, request.created_at, players, new_game_id)

    def pair_matches(self, now: datetime, players: Mapping[str, tuple[int, int]],
                     new_game_id: NewGameId) -> list[Pairing]:
        """Pair the waiting requests (their rating windows widen as they wait)."""
        with self.transaction() as cur:
            self.matching_lock(cur)
            return self._pair(cur, now, players, new_game_id)

    def seat_bots_for(self, request_id: str, now: datetime,
                      players: Mapping[str, tuple[int, int]], game_id: str) -> Pairing | None:
        """Mark the request matched for a table of its own (bots fill the rest) if it
        still waits and its bot wait is over."""
        with self.transaction() as cur:
            self.matching_lock(cur)
            request = self._one(cur, request_id)
            pairing = None if request is None else alone_with_bots(
                request, now, players, game_id)
            if pairing is not None:
                self._mark(cur, pairing)
            return pairing

    def cancel_match(self, user_id: str, request_id: str) -> MatchRequest | None:
        """Cancel the player's request if it still waits; the request as it now is
        (None: no such request of theirs)."""
        with self.transaction() as cur:
            self.matching_lock(cur)
            cur.execute("UPDATE match_requests SET state = %s WHERE request_id = %s "
                        "AND user_id = %s AND state = %s",
                        (CANCELLED, request_id, user_id, WAITING))
            request = self._one(cur, request_id)
        return request if request is not None and request.user_id == user_id else None

    def match_request(self, request_id: str) -> MatchRequest | None:
        with self.reading() as cur:
            return self._one(cur, request_id)

    def requests_of_game(self, game_id: str) -> list[MatchRequest]:
        """The requests seated at the game, oldest first."""
        with self.reading() as cur:
            cur.execute(f"SELECT {_COLUMNS} FROM match_requests WHERE game_id = %s "
                        "ORDER BY created_at, request_id", (game_id,))
            return [self._request(row) for row in cur.fetchall()]

    def waiting_matches(self, limit: int = 1000) -> list[MatchRequest]:
        """The waiting requests, oldest first."""
        with self.reading() as cur:
            return self._waiting(cur, limit)

    def _pair(self, cur: Cursor, now: datetime, players: Mapping[str, tuple[int, int]],
              new_game_id: NewGameId) -> list[Pairing]:
        made = pairings(self._waiting(cur, None), now, players, new_game_id)
        for pairing in made:
            self._mark(cur, pairing)
        return made

    def _mark(self, cur: Cursor, pairing: Pairing) -> None:
        for request in pairing.requests:
            cur.execute("UPDATE match_requests SET state = %s, game_id = %s, table_map = %s "
                        "WHERE request_id = %s AND state = %s",
                        (MATCHED, pairing.game_id, pairing.map_name, request.request_id,
                         WAITING))
            if cur.rowcount != 1:  # (not reached: the lock keeps the rows as read)
                raise StoreError(f"request {request.request_id} was no longer waiting")

    def _waiting(self, cur: Cursor, limit: int | None) -> list[MatchRequest]:
        cur.execute(f"SELECT {_COLUMNS} FROM match_requests WHERE state = %s "
                    "ORDER BY created_at, request_id"
                    + ("" if limit is None else f" LIMIT {int(limit)}"), (WAITING,))
        return [self._request(row) for row in cur.fetchall()]

    def _one(self, cur: Cursor, request_id: str) -> MatchRequest | None:
        cur.execute(f"SELECT {_COLUMNS} FROM match_requests WHERE request_id = %s",
                    (request_id,))
        row = cur.fetchone()
        return None if row is None else self._request(row)

    def _params(self, r: MatchRequest) -> tuple[object, ...]:
        return (r.request_id, r.user_id, r.seat_name, r.map_name, r.min_players,
                r.max_players, r.rated, r.turn_time_limit, self.time_param(r.created_at),
                r.rating, r.bot_level,
                None if r.bots_at is None else self.time_param(r.bots_at), r.state, r.game_id,
                r.table_map)

    def _request(self, row: tuple[object, ...]) -> MatchRequest:
        (request_id, user_id, seat_name, map_name, low, high, rated, limit, created,
         rating, bot_level, bots_at, state, game_id, table_map) = row
        return MatchRequest(
            str(request_id), str(user_id), str(seat_name),
            None if map_name is None else str(map_name), int(str(low)), int(str(high)),
            bool(rated), None if limit is None else int(str(limit)),
            self.time_value(created), None if rating is None else float(str(rating)),
            None if bot_level is None else str(bot_level),
            None if bots_at is None else self.time_value(bots_at), str(state),
            None if game_id is None else str(game_id),
            None if table_map is None else str(table_map))
