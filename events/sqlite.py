"""The SQLite event store: the embedded default (a file in the working directory).

SQLite lets one writer at a time hold the database (`BEGIN IMMEDIATE` takes the
write lock at the start of an append), so appends commit one after another and a
global position of ``MAX(position) + 1`` taken under that lock is already in commit
order: a feed reader can never see a later position before an earlier one. WAL mode
lets readers go on while a writer writes. Each thread (and each forked process)
opens its own connection.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache
from typing import Any

from events.clock import utcnow
from events.database import Clock, Cursor, Row
from events.index import (
    DELETE_PLAYER,
    UPSERT_GAME,
    UPSERT_PLAYER,
    GameSummary,
    game_params,
    player_params,
)
from events.jsontext import parse, to_text
from events.sql import EVENT_COLUMNS, KEY_COLUMNS, SqlStore
from events.store import Idempotency, NewEvent, StoreUnavailable, encoded

BUSY_TIMEOUT_MS = 30_000


@cache
def _qmarks(sql: str) -> str:
    return sql.replace("%s", "?")


def _use_wal(conn: sqlite3.Connection) -> None:
    # Switching a new database to WAL needs a moment alone with it, and SQLite
    # answers "locked" at once (without its busy handler) when processes start
    # together: try again for a while.
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _why_not(path: str) -> str:
    # SQLite says only "unable to open database file"; the usual reason, named
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f" (there is no directory {folder})"
    if not os.access(folder, os.W_OK):
        return f" (this process may not write in {folder})"
    return ""


class _SqliteCursor(Cursor):
    __slots__ = ("_cur",)

    def __init__(self, cur: sqlite3.Cursor) -> None:
        self._cur = cur

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._cur.execute(_qmarks(sql), tuple(params))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._cur.executemany(_qmarks(sql), rows)

    def fetchone(self) -> Row | None:
        row: Row | None = self._cur.fetchone()
        return row

    def fetchall(self) -> list[Row]:
        return self._cur.fetchall()

    @property
    def rowcount(self) -> int:
        return self._cur.rowcount


class SqliteStore(SqlStore):
    TYPES = {"json": "TEXT", "time": "TEXT", "bigint": "INTEGER", "bool": "INTEGER"}

    def __init__(self, path: str, *, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self.path = path
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._all_lock = threading.Lock()

    def _connection(self) -> sqlite3.Connection:
        local = self._local
        conn: sqlite3.Connection | None = getattr(local, "conn", None)
        if conn is None or getattr(local, "pid", None) != os.getpid():
            try:
                conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000,
                                       isolation_level=None, check_same_thread=False)
                conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
                _use_wal(conn)
                conn.execute("PRAGMA synchronous=NORMAL")
            except sqlite3.OperationalError as error:
                raise StoreUnavailable(f"SQLite database {self.path} cannot be opened: "
                                       f"{error}{_why_not(self.path)}") from error
            local.conn = conn
            local.pid = os.getpid()
            with self._all_lock:
                self._all.append(conn)
        return conn

    @contextmanager
    def transaction(self) -> Iterator[_SqliteCursor]:
        conn = self._connection()
        cur = conn.cursor()
        try:
            cur.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as error:
            raise StoreUnavailable(f"SQLite is busy: {error}") from error
        try:
            yield _SqliteCursor(cur)
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        else:
            cur.execute("COMMIT")
        finally:
            cur.close()

    @contextmanager
    def reading(self) -> Iterator[Cursor]:
        cur = self._connection().cursor()
        try:
            yield _SqliteCursor(cur)
        finally:
            cur.close()

    def json_param(self, value: Any) -> Any:
        if value is None:
            return None
        return to_text(value)

    def json_value(self, value: Any) -> Any:
        return parse(value) if isinstance(value, str | bytes) else value

    def time_param(self, value: datetime) -> Any:
        # ISO-8601 in UTC with a fixed width sorts as text in time order.
        return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")

    def time_value(self, value: Any) -> datetime:
        return datetime.strptime(value, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)

    def is_unique_violation(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error)

    def _write(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency: Idempotency | None, summary: GameSummary | None,
               now: datetime) -> bool:
        with self.transaction() as cur:  # BEGIN IMMEDIATE: the only writer from here on
            cur.execute("SELECT version FROM events WHERE game_id = %s "
                        "ORDER BY version DESC LIMIT 1", (game_id,))
            row = cur.fetchone()
            if (row[0] if row else 0) != expected_version:
                return False
            cur.execute("SELECT COALESCE(MAX(position), 0) FROM events")
            top = cur.fetchone()
            position = int(top[0]) if top else 0
            at = self.time_param(now)
            rows = []
            for i, new in enumerate(events):
                name, schema, data, private, audience = encoded(new)
                when = self.time_param(new.recorded_at) if new.recorded_at else at
                rows.append((game_id, expected_version + 1 + i, position + 1 + i, name, schema,
                             when, new.actor, self.json_param(data),
                             self.json_param(private) if private else None,
                             self.json_param(audience) if audience else None))
            cur.executemany(f"INSERT INTO events ({EVENT_COLUMNS}) "
                            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)", rows)
            if idempotency is not None:
                cur.execute(f"INSERT INTO idempotency_keys ({KEY_COLUMNS}) "
                            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                            self._key_row(game_id, events, expected_version, idempotency))
            if summary is not None:
                cur.execute(UPSERT_GAME, game_params(summary, self.time_param))
                for user_id in summary.departed:
                    cur.execute(DELETE_PLAYER, (game_id, user_id))
                cur.executemany(UPSERT_PLAYER, [player_params(game_id, p)
                                                for p in summary.changed_players])
        return True

    def visible_sql(self) -> str:
        return "1 = 1"

    def migration_lock(self, cur: Cursor) -> None:
        pass  # BEGIN IMMEDIATE already holds the only write lock

    def matching_lock(self, cur: Cursor) -> None:
        pass  # BEGIN IMMEDIATE already holds the only write lock

    def close(self) -> None:
        with self._all_lock:
            for conn in self._all:
                try:
                    conn.close()
                except sqlite3.ProgrammingError:
                    pass
            self._all.clear()
        self._local = threading.local()

