"""The event store's logic, written once in SQL both adapters run.

`SqlStore` holds every query; an adapter (`events.postgres`, `events.sqlite`) gives
it connections and the few things the two databases do differently: column types,
JSON and time values, how a global position is assigned and which events a feed
reader may already see, and how a unique-key violation shows up. Queries are
written with `%s` placeholders (psycopg's); the SQLite adapter rewrites them.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from events.clock import utcnow
from events.index import GAME_COLUMNS, PLAYER_COLUMNS, GameRow, GameSummary, PlayerSummary
from events.jsontext import parse, to_text
from events.migrations import MIGRATIONS, Migration, statements
from events.store import (
    AppendResult,
    Idempotency,
    NewEvent,
    Recorded,
    VersionConflict,
    check_same_request,
)

Clock = Callable[[], datetime]
Row = tuple[Any, ...]
EVENT_COLUMNS = ("game_id, version, position, type, schema_version, recorded_at, actor, "
                 "data, private, audience")
KEY_COLUMNS = ("game_id, actor, key, request_hash, first_version, last_version, response, "
               "created_at")
# Appends hold at most this many events: a global position packs an index below it.
MAX_EVENTS_PER_APPEND = 4096


@dataclass(frozen=True, slots=True)
class User:
    user_id: str
    name: str
    admin: bool
    created_at: datetime


def _as_text(response: dict[str, Any] | None) -> str | None:
    # Stored as a JSON *string*: JSONB would reorder the keys, and a retry must get
    # the first answer byte for byte.
    return None if response is None else to_text(response)


def _from_text(stored: Any) -> dict[str, Any] | None:
    if isinstance(stored, str):
        loaded: dict[str, Any] = parse(stored)
        return loaded
    return stored if isinstance(stored, dict) else None


def request_hash(payload: Any) -> str:
    """A stable fingerprint of a request, to tell a retry from a reused key."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


class Cursor(ABC):
    """The little of a DB-API cursor the store uses, with `%s` placeholders."""

    @abstractmethod
    def execute(self, sql: str, params: Sequence[Any] = ()) -> None: ...

    @abstractmethod
    def fetchone(self) -> Row | None: ...

    @abstractmethod
    def fetchall(self) -> list[Row]: ...

    @property
    @abstractmethod
    def rowcount(self) -> int: ...


class SqlStore(ABC):
    """An event store on a SQL database; the adapter supplies the dialect."""

    # column types for the migrations
    TYPES: dict[str, str]

    def __init__(self, clock: Clock = utcnow) -> None:
        self.clock = clock

    # -- what an adapter supplies --------------------------------------------------------

    @abstractmethod
    def transaction(self) -> AbstractContextManager[Cursor]:
        """A cursor in a read-write transaction, committed when the block ends."""

    @abstractmethod
    def reading(self) -> AbstractContextManager[Cursor]:
        """A cursor for reads (no transaction held open between statements)."""

    @abstractmethod
    def json_param(self, value: Any) -> Any: ...

    @abstractmethod
    def json_value(self, value: Any) -> Any: ...

    @abstractmethod
    def time_param(self, value: datetime) -> Any: ...

    @abstractmethod
    def time_value(self, value: Any) -> datetime: ...

    @abstractmethod
    def is_unique_violation(self, error: BaseException) -> bool: ...

    @abstractmethod
    def visible_sql(self) -> str:
        """A condition on `position` that a feed reader can safely read up to."""

    @abstractmethod
    def migration_lock(self, cur: Cursor) -> None:
        """Hold a database-wide lock until the transaction of `cur` ends."""

    @abstractmethod
    def close(self) -> None: ...

    # -- migrations ---------------------------------------------------------------------

    def migrate(self) -> list[int]:
        """Apply every missing migration; returns the numbers applied (often none)."""
        applied_now: list[int] = []
        with self.transaction() as cur:
            self.migration_lock(cur)
            cur.execute("CREATE TABLE IF NOT EXISTS schema_migrations ("
                        "number INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                        f"applied_at {self.TYPES['time']} NOT NULL)")
            cur.execute("SELECT number FROM schema_migrations")
            done = {row[0] for row in cur.fetchall()}
            for migration in MIGRATIONS:
                if migration.number in done:
                    continue
                self._apply(cur, migration)
                applied_now.append(migration.number)
        return applied_now

    def _apply(self, cur: Cursor, migration: Migration) -> None:
        for statement in statements(migration, self.TYPES):
            cur.execute(statement)
        cur.execute("INSERT INTO schema_migrations (number, name, applied_at) "
                    "VALUES (%s, %s, %s)",
                    (migration.number, migration.name, self.time_param(self.clock())))

    def schema_version(self) -> int:
        with self.reading() as cur:
            cur.execute("SELECT COALESCE(MAX(number), 0) FROM schema_migrations")
            row = cur.fetchone()
        return int(row[0]) if row else 0

    # -- appending ----------------------------------------------------------------------

    def append(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency: Idempotency | None = None, summary: GameSummary | None = None,
               recorded_at: datetime | None = None) -> AppendResult:
        if not events:
            raise ValueError("nothing to append")
        if len(events) > MAX_EVENTS_PER_APPEND:
            raise ValueError(f"at most {MAX_EVENTS_PER_APPEND} events per append")
        try:
            written = self._write(game_id, events, expected_version, idempotency, summary,
                                  recorded_at or self.clock())
        except BaseException as error:
            if not self.is_unique_violation(error):
                raise
            written = False
        if written:
            return AppendResult(game_id, expected_version + 1, expected_version + len(events))
        # Nothing was written: either this is a retry of a request whose key is
        # already stored (answer as it was answered), or the stream has moved on.
        if idempotency is not None:
            earlier = self.find_idempotent(game_id, idempotency.actor, idempotency.key)
            if earlier is not None:
                check_same_request(earlier, idempotency.key, idempotency.request_hash)
                return earlier
        raise VersionConflict(game_id, expected_version, self.current_version(game_id))

    @abstractmethod
    def _write(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency: Idempotency | None, summary: GameSummary | None,
               now: datetime) -> bool:
        """Append in one transaction if the stream is at `expected_version`; False if not.

        A concurrent writer of the same version, or an idempotency key already
        stored, must surface as a unique violation and roll everything back.
        """

    def _key_row(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
                 idempotency: Idempotency) -> tuple[Any, ...]:
        return (game_id, idempotency.actor, idempotency.key, idempotency.request_hash,
                expected_version + 1, expected_version + len(events),
                self.json_param(_as_text(idempotency.response)), self.time_param(self.clock()))

    def find_idempotent(self, game_id: str, actor: str, key: str) -> AppendResult | None:
        with self.reading() as cur:
            cur.execute("SELECT request_hash, first_version, last_version, response "
                        "FROM idempotency_keys WHERE game_id = %s AND actor = %s AND key = %s",
                        (game_id, actor, key))
            row = cur.fetchone()
        if row is None:
            return None
        response = _from_text(self.json_value(row[3])) if row[3] is not None else None
        return AppendResult(game_id, row[1], row[2], replayed=True, response=response,
                            request_hash=str(row[0]))

    # -- reading ------------------------------------------------------------------------

    def current_version(self, game_id: str) -> int:
        with self.reading() as cur:
            cur.execute("SELECT version FROM events WHERE game_id = %s "
                        "ORDER BY version DESC LIMIT 1", (game_id,))
            row = cur.fetchone()
        return int(row[0]) if row else 0

    def read_stream(self, game_id: str, after: int = 0,
                    limit: int | None = None) -> list[Recorded]:
        sql = (f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = %s AND version > %s "
               "ORDER BY version")
        params: list[Any] = [game_id, after]
        if limit is not None:
            sql += " LIMIT %s"
            params.append(limit)
        with self.reading() as cur:
            cur.execute(sql, params)
            rows = cur.fetchall()
        return [self._recorded(r) for r in rows]

    def read_all(self, after: int = 0, limit: int = 1000) -> list[Recorded]:
        with self.reading() as cur:
            cur.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE position > %s "
                        f"AND {self.visible_sql()} ORDER BY position LIMIT %s", (after, limit))
            rows = cur.fetchall()
        return [self._recorded(r) for r in rows]

    def iter_all(self, after: int = 0, batch: int = 1000) -> Iterator[Recorded]:
        while True:
            page = self.read_all(after, batch)
            yield from page
            if len(page) < batch:
                return
            after = page[-1].position

    def _recorded(self, r: Row) -> Recorded:
        return Recorded(
            game_id=r[0], version=r[1], position=r[2], type=r[3], schema_version=r[4],
            recorded_at=self.time_value(r[5]), actor=r[6], data=self.json_value(r[7]),
            private=self.json_value(r[8]) if r[8] is not None else {},
            audience=self.json_value(r[9]) if r[9] is not None else {},
        )

    # -- snapshots ----------------------------------------------------------------------

    def save_snapshot(self, game_id: str, version: int, format: str,
                      state: dict[str, Any]) -> None:
        # Keep the newest: a slower writer must not replace a later snapshot.
        with self.transaction() as cur:
            cur.execute(
                "INSERT INTO snapshots (game_id, version, format, state, saved_at) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (game_id) DO UPDATE SET "
                "version = excluded.version, format = excluded.format, "
                "state = excluded.state, saved_at = excluded.saved_at "
                "WHERE snapshots.version < excluded.version OR snapshots.format <> excluded.format",
                (game_id, version, format, self.json_param(state),
                 self.time_param(self.clock())))

    def load_snapshot(self, game_id: str, format: str) -> tuple[int, dict[str, Any]] | None:
        with self.reading() as cur:
            cur.execute("SELECT version, state FROM snapshots WHERE game_id = %s AND format = %s",
                        (game_id, format))
            row = cur.fetchone()
        if row is None:
            return None
        return int(row[0]), self.json_value(row[1])

    # -- users ----------------------------------------------------------------------------

    def create_user(self, user_id: str, name: str, token_sha256: str,
                    admin: bool = False) -> User:
        """Store a new user; the user as stored."""
        now = self.clock()
        with self.transaction() as cur:
            cur.execute("INSERT INTO users (user_id, name, token_sha256, admin, created_at) "
                        "VALUES (%s, %s, %s, %s, %s)",
                        (user_id, name, token_sha256, admin, self.time_param(now)))
        return User(user_id, name, admin, now)

    def user_by_token(self, token_sha256: str) -> User | None:
        """The user whose token hashes to `token_sha256` (an index lookup on the hash:
        comparing hashes of random tokens leaks nothing about a token)."""
        with self.reading() as cur:
            cur.execute("SELECT user_id, name, admin, created_at FROM users "
                        "WHERE token_sha256 = %s", (token_sha256,))
            row = cur.fetchone()
        if row is None:
            return None
        return User(row[0], row[1], bool(row[2]), self.time_value(row[3]))

    # -- the games index ------------------------------------------------------------------

    def game_row(self, game_id: str) -> GameRow | None:
        rows = self._game_rows("WHERE game_id = %s", [game_id], 1)
        return rows[0] if rows else None

    def open_games(self, map_name: str | None = None, limit: int = 50) -> list[GameRow]:
        """Public games with free seats, newest activity first."""
        where = "WHERE status = 'open' AND private = %s"
        params: list[Any] = [False]
        if map_name is not None:
            where += " AND map = %s"
            params.append(map_name)
        return self._game_rows(where + " ORDER BY last_activity DESC", params, limit)

    def games_of_user(self, user_id: str, status: str | None = None, my_turn: bool = False,
                      limit: int = 100) -> list[GameRow]:
        """The games `user_id` sits at, newest activity first."""
        where = ("WHERE game_id IN (SELECT game_id FROM game_players WHERE user_id = %s"
                 + (" AND to_act = %s" if my_turn else "") + ")")
        params: list[Any] = [user_id] + ([True] if my_turn else [])
        if status is not None:
            where += " AND status = %s"
            params.append(status)
        return self._game_rows(where + " ORDER BY last_activity DESC", params, limit)

    def overdue_games(self, now: datetime, limit: int = 100) -> list[GameRow]:
        """Games being played whose turn deadline has passed."""
        return self._game_rows("WHERE status = 'playing' AND deadline IS NOT NULL "
                               "AND deadline <= %s ORDER BY deadline",
                               [self.time_param(now)], limit)

    def games_with_status(self, status: str, limit: int = 100) -> list[GameRow]:
        return self._game_rows("WHERE status = %s ORDER BY last_activity", [status], limit)

    def _game_rows(self, where: str, params: list[Any], limit: int) -> list[GameRow]:
        with self.reading() as cur:
            cur.execute(f"SELECT {GAME_COLUMNS} FROM games {where} LIMIT %s", [*params, limit])
            games = cur.fetchall()
            players: dict[str, list[PlayerSummary]] = {g[0]: [] for g in games}
            if games:
                marks = ", ".join(["%s"] * len(games))
                cur.execute(f"SELECT {PLAYER_COLUMNS} FROM game_players "
                            f"WHERE game_id IN ({marks}) ORDER BY seat", [g[0] for g in games])
                for p in cur.fetchall():
                    players[p[0]].append(PlayerSummary(p[1], p[2], p[3], bool(p[4]), p[5]))
        return [GameRow(
            game_id=g[0], map=g[1], status=g[2], private=bool(g[3]), seats=g[4],
            seats_taken=g[5], created_by=g[6], created_at=self.time_value(g[7]), version=g[8],
            last_activity=self.time_value(g[9]),
            deadline=self.time_value(g[10]) if g[10] is not None else None,
            turn_time_limit=g[11], players=tuple(players[g[0]]),
        ) for g in games]

    def read_user_events(self, user_id: str, after: int = 0,
                         limit: int = 1000) -> list[Recorded]:
        """Events of every game `user_id` sits at, after a global position."""
        with self.reading() as cur:
            cur.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE position > %s "
                        f"AND {self.visible_sql()} AND game_id IN "
                        "(SELECT game_id FROM game_players WHERE user_id = %s) "
                        "ORDER BY position LIMIT %s", (after, user_id, limit))
            rows = cur.fetchall()
        return [self._recorded(r) for r in rows]
