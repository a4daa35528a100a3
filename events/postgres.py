"""The PostgreSQL event store (psycopg 3 with a connection pool).

**The gap problem, and how the feed avoids it.** A global position taken from a
sequence is handed out when a transaction inserts, but transactions commit in any
order: a reader could see position 11 committed while 10 is still in flight, move
its cursor to 11, and never see 10. Serialising every append behind one lock fixes
the order but also throttles every writer to one commit at a time.

Instead, the position is built from the appending transaction's own id:
``position = txid * 4096 + i`` (`pg_current_xact_id()`, 64-bit and never wrapping;
*i* is the event's index in its append). A feed reader only reads positions below
``xmin * 4096``, where ``xmin`` is the oldest transaction still running
(`pg_snapshot_xmin(pg_current_snapshot())`). Every transaction below `xmin` has
finished, so each event the reader can see there is final; any event that becomes
visible later belongs to a transaction at or above `xmin`, so its position is above
everything the reader has returned. Nothing is skipped, writers commit in parallel
(and share WAL flushes), and a feed lags only while an append is in flight.
Positions are therefore increasing but not consecutive.

**An outage is answered at once.** Left to the pool, every request during an outage
would wait its whole timeout (5 s) for a connection that cannot come. So a request
that finds no usable connection (a broken one, or none in time) opens a short
circuit: for `OUTAGE_HOLD` seconds every request is answered `StoreUnavailable` at
once, without waiting; after that the next requests try again, waiting
`PROBE_TIMEOUT` at most, until one gets through. New connections give up after
`CONNECT_TIMEOUT`, and the pool stops its backing-off reconnection attempts after
`RECONNECT_FOR` seconds, so that once the database is back a request's own attempt
reconnects at once instead of waiting for the pool's next retry, seconds later.

**A read replica** (`replica_url`) answers only the reads a caller marked
(`events.replica.replica_reads`), when it is fresh enough for them; it has a pool of
its own. Its feed reads keep the rule above: a hot standby's snapshot counts every
transaction it has seen WAL of, or of a later one, as running until it replays its
end, so its `xmin` too stays below every event it may show later. A statement the
replica fails is made again on the primary (`events.replica.ReplicaCursor`). Without a replica,
`reading()` is what it was.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from datetime import datetime
from functools import lru_cache
from typing import Any

import psycopg
from psycopg import errors
from psycopg.types.json import Jsonb, set_json_loads
from psycopg_pool import ConnectionPool, PoolTimeout

from events.clock import utcnow
from events.database import Clock, Cursor, Progress, Row
from events.game_partitions import GamePartitions
from events.index import GAME_COLUMNS, PLAYER_COLUMNS, GameSummary, game_params
from events.jsontext import parse, to_bytes
from events.migrations import Migration
from events.partitioning import partition_events
from events.replica import WRITTEN_MARK, Replica, ReplicaCursor, replica_read
from events.sql import EVENT_COLUMNS, KEY_COLUMNS, SqlStore
from events.store import (
    MAX_EVENTS_PER_APPEND,
    Idempotency,
    NewEvent,
    StoreUnavailable,
    encoded,
)

MIGRATION_LOCK = 0x7472_0001  # the advisory lock held while migrating ("tr" 1)
MATCHING_LOCK = 0x7472_0002  # the advisory lock held while pairing quick matches
OUTAGE_HOLD = 0.5  # seconds a failure to get a connection is believed without trying
PROBE_TIMEOUT = 0.5  # seconds a request waits for a connection after such a failure
CONNECT_TIMEOUT = 2  # seconds a new connection may take (libpq's least is 2)
RECONNECT_FOR = 3.0  # seconds the pool retries a failed connection in the background
REPLICA_TIMEOUT = 1.0  # seconds a read waits for a replica's connection before the primary


class _Connection(psycopg.Connection[Any]):
    """A pooled connection that keeps one cursor for the store's statements.

    Speed: a cursor made per statement costs a few microseconds, and the cursor that
    runs the same statement again keeps its parameter dumpers (psycopg keeps them
    while the query is the same string object): appends in a row pay neither.
    A connection serves one caller at a time (the pool's), so one cursor suffices;
    it holds its last result until its next statement.
    """

    _store_cursor: psycopg.Cursor[Any] | None = None

    def store_cursor(self) -> psycopg.Cursor[Any]:
        cur = self._store_cursor
        if cur is None or cur.closed:
            set_json_loads(parse, self)  # the same JSON reader as the rest of the service
            cur = self._store_cursor = self.cursor()
        return cur


class _PgCursor(Cursor):
    __slots__ = ("_cur",)

    def __init__(self, cur: psycopg.Cursor[Any]) -> None:
        self._cur = cur

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._cur.execute(sql, params)

    def fetchone(self) -> Row | None:
        return self._cur.fetchone()

    def fetchall(self) -> list[Row]:
        return self._cur.fetchall()

    @property
    def rowcount(self) -> int:
        return self._cur.rowcount


# The events, if the stream is at the expected version. The events travel as one JSON
# array: one parameter to encode, and one statement text whatever their number, so
# it stays prepared.
_EVENTS = (
    f"INSERT INTO {{events}} ({EVENT_COLUMNS}) "
    f"SELECT %s, r.v, pg_current_xact_id()::text::bigint * {MAX_EVENTS_PER_APPEND} "
    "+ (r.v - %s), r.t, r.s, COALESCE(r.r, %s), r.a, r.d, r.p, r.u "
    "FROM jsonb_to_recordset(%s) "
    "AS r(v int, t text, s int, a text, d jsonb, p jsonb, u jsonb, r timestamptz) "
    "WHERE (SELECT COALESCE(MAX(version), 0) FROM {events} WHERE game_id = %s) = %s"
)
_INSERTED = f"WITH inserted AS ({_EVENTS} RETURNING version)"
_KEY = (f", key AS (INSERT INTO idempotency_keys ({KEY_COLUMNS}) "
        "SELECT %s, %s, %s, %s, %s, %s, %s::jsonb, %s WHERE EXISTS (SELECT 1 FROM inserted))")
# The index rows, written only if the events were (the version check passed).
_INDEX = (
    f", game AS (INSERT INTO games ({GAME_COLUMNS}) SELECT %s, %s, %s, %s, %s, %s, %s, "
    "%s::timestamptz, %s, %s::timestamptz, %s::timestamptz, %s "
    "WHERE EXISTS (SELECT 1 FROM inserted) "
    "ON CONFLICT (game_id) DO UPDATE SET status = excluded.status, "
    "seats_taken = excluded.seats_taken, version = excluded.version, "
    "last_activity = excluded.last_activity, "
    "deadline = CASE WHEN %s THEN excluded.deadline ELSE games.deadline END)"
    ", departed AS (DELETE FROM game_players WHERE game_id = %s AND user_id = ANY(%s) "
    "AND EXISTS (SELECT 1 FROM inserted))"
    f", seated AS (INSERT INTO game_players ({PLAYER_COLUMNS}) "
    "SELECT %s, r.user_id, r.seat, r.name, r.to_act, r.out FROM jsonb_to_recordset(%s) "
    "AS r(user_id text, seat int, name text, to_act boolean, out text) "
    "WHERE EXISTS (SELECT 1 FROM inserted) ON CONFLICT (game_id, user_id) DO UPDATE SET "
    "seat = excluded.seat, name = excluded.name, to_act = excluded.to_act, out = excluded.out)"
)
_COUNT = " SELECT count(*) FROM inserted"
# (with an idempotency key, with the index rows) -> the statement. Written out once:
# the same string each time keeps psycopg's per-statement work cached. Events alone
# need no CTE: the INSERT's row count says whether the version check passed.
_APPENDS = {
    (False, False): _EVENTS,
    (True, False): _INSERTED + _KEY + _COUNT,
    (False, True): _INSERTED + _INDEX + _COUNT,
    (True, True): _INSERTED + _KEY + _INDEX + _COUNT,
}


@lru_cache(maxsize=512)
def append_sql(events: str, with_key: bool, with_index: bool) -> str:
    """The append's statement into the table `events` (the game's partition, or the
    parent: `events.game_partitions`), the same string each time for the same table."""
    return _APPENDS[with_key, with_index].replace("{events}", events)


def _check_quietly(pool: ConnectionPool[_Connection]) -> None:
    try:
        pool.check()
    except Exception:  # the pool may be closing; nothing to purge then
        pass


def reach(url: str) -> None:
    """Connect to `url` once, now, and let go: `StoreUnavailable` saying why not, in one
    line (the server refusing, no such host, no such database or role, a password
    refused). The pool would instead wait its whole time-out and then say only that
    it got no connection; a command checks with this first."""
    try:
        psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT).close()
    except psycopg.Error as error:
        raise StoreUnavailable(f"PostgreSQL is unavailable: {_one_line(error)}") from error


def _one_line(error: Exception) -> str:
    # libpq's messages run over several lines ("connection failed: …\n\tIs the server
    # running…?") with the server's "FATAL:  " inside: the first line says it
    first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return " ".join(first.removeprefix("connection failed: ").replace("FATAL:", "").split())


def _outage(error: Exception) -> bool:
    """Does `error` say the database cannot be reached (rather than that a statement
    failed: a deadlock, a cancelled query)?"""
    if isinstance(error, PoolTimeout):
        return True
    state = getattr(error, "sqlstate", None)
    # no SQLSTATE: the connection itself failed; 08: connection exceptions; 57P0x: the
    # server shutting down, crashed, or not yet accepting connections
    return state is None or state.startswith("08") or state in ("57P01", "57P02", "57P03")


def _replica_lost(error: Exception) -> bool:
    """Does `error`, from a statement on the replica, mean its reads should go to the
    primary for a while: it cannot be reached, or it cancelled the statement for a
    conflict with its recovery (40001; 40P01, a deadlock with it)?"""
    return isinstance(error, psycopg.Error) and (
        _outage(error) or getattr(error, "sqlstate", None) in ("40001", "40P01"))


class PostgresStore(SqlStore):
    TYPES = {"json": "JSONB", "time": "TIMESTAMPTZ", "bigint": "BIGINT", "bool": "BOOLEAN"}

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 10,
                 clock: Clock = utcnow, timeout: float = 5.0,
                 replica_url: str | None = None, replica_max_lag: float = 5.0) -> None:
        super().__init__(clock)
        self.url = url
        # the streaming replica for the reads marked `events.replica.replica_reads`; its
        # own pool, waiting little for a connection (the primary answers meanwhile)
        self._replica = None if replica_url is None else Replica(
            PostgresStore(replica_url, min_size=min_size, max_size=max_size, clock=clock,
                          timeout=REPLICA_TIMEOUT), replica_max_lag)
        self._sizes = (min_size, max_size)
        self._timeout = timeout
        self._pool: ConnectionPool[_Connection] | None = None
        self._pid = 0
        self._last_purge = 0.0
        self._lock = threading.Lock()
        self._partitions = GamePartitions(self._primary_reading)
        # the circuit (see the module doc): no attempt before `_down_until`
        # (monotonic); `_suspect`: the last attempt failed, wait `PROBE_TIMEOUT` at most
        self._down_until = 0.0
        self._suspect = False

    def _get_pool(self) -> ConnectionPool[_Connection]:
        # A forked child (gunicorn, rq) must not share its parent's sockets.
        if self._pool is None or self._pid != os.getpid():
            with self._lock:
                if self._pool is None or self._pid != os.getpid():
                    self._pool = ConnectionPool(
                        self.url, min_size=self._sizes[0], max_size=self._sizes[1],
                        timeout=self._timeout, open=True, connection_class=_Connection,
                        kwargs={"autocommit": True, "prepare_threshold": 2,
                                "connect_timeout": CONNECT_TIMEOUT},
                        reconnect_timeout=RECONNECT_FOR,
                    )
                    self._pid = os.getpid()
        return self._pool

    @contextmanager
    def _connection(self) -> Iterator[_Connection]:
        # Speed: the pool's getconn/putconn rather than its `connection()` context,
        # whose commit-or-rollback on exit has nothing to do in autocommit mode (a
        # `transaction()` block ends its own transaction; putconn rolls back anything
        # left open); a few microseconds a statement.
        if self._down_until > time.monotonic():
            raise StoreUnavailable("PostgreSQL is unavailable (it failed a moment ago)")
        try:
            pool = self._get_pool()
            conn = pool.getconn(PROBE_TIMEOUT if self._suspect else None)
            self._suspect = False
            try:
                yield conn
            finally:
                pool.putconn(conn)
        except (psycopg.OperationalError, PoolTimeout) as error:
            # (If the connection broke during COMMIT the append may have landed: a
            # client's retry with its idempotency key then gets the first answer.)
            if _outage(error):
                self._suspect = True
                self._down_until = time.monotonic() + OUTAGE_HOLD
            self._purge_broken()
            raise StoreUnavailable(f"PostgreSQL is unavailable: {_one_line(error)}") from error

    def _purge_broken(self) -> None:
        """After a failure (say PostgreSQL restarted), drop every broken idle connection
        at once, rather than letting each one fail its next request in turn."""
        now = time.monotonic()
        pool = self._pool
        if pool is None or now - self._last_purge < 1.0:
            return
        self._last_purge = now
        threading.Thread(target=_check_quietly, args=(pool,), daemon=True).start()

    @contextmanager
    def transaction(self) -> Iterator[Cursor]:
        with self._connection() as conn, conn.transaction():
            yield _PgCursor(conn.store_cursor())

    @contextmanager
    def reading(self) -> Iterator[Cursor]:
        replica = self._replica
        if replica is not None:
            read = replica_read()
            if read is not None and replica.answers(read):
                with ExitStack() as held:
                    try:
                        cur = held.enter_context(replica.reader.reading())
                    except StoreUnavailable as error:
                        replica.lost(error)
                    else:
                        yield ReplicaCursor(cur, lambda: held.enter_context(
                            self._primary_reading()), replica, _replica_lost)
                        return
        with self._primary_reading() as cur:
            yield cur

    @contextmanager
    def _primary_reading(self) -> Iterator[Cursor]:
        with self._connection() as conn:
            yield _PgCursor(conn.store_cursor())

    def written_mark(self) -> int | None:
        if self._replica is None:
            return None
        with self._connection() as conn:
            cur = conn.store_cursor()
            cur.execute(WRITTEN_MARK)
            row = cur.fetchone()
        return None if row is None else int(row[0])

    def json_param(self, value: Any) -> Any:
        return None if value is None else Jsonb(value, to_bytes)

    def json_value(self, value: Any) -> Any:
        return value

    def time_param(self, value: datetime) -> Any:
        return value

    def time_value(self, value: Any) -> datetime:
        assert isinstance(value, datetime)
        return value

    def is_unique_violation(self, error: BaseException) -> bool:
        return isinstance(error, errors.UniqueViolation)

    def _write(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency: Idempotency | None, summary: GameSummary | None,
               now: datetime) -> bool:
        # One statement, so one round trip and one implicit transaction: the version
        # check, the events and the idempotency key. A concurrent writer of the same
        # version (or a stored key) is a unique violation that undoes all of it.
        first = expected_version + 1
        rows = []
        for i, new in enumerate(events):
            name, schema, data, private, audience = encoded(new)
            rows.append({"v": first + i, "t": name, "s": schema, "a": new.actor,
                         "d": data, "p": private or None, "u": audience or None,
                         "r": new.recorded_at.isoformat() if new.recorded_at else None})
        params: list[Any] = [game_id, first, now, Jsonb(rows, to_bytes), game_id, expected_version]
        if idempotency is not None:
            params += self._key_row(game_id, events, expected_version, idempotency)
        if summary is not None:
            params += game_params(summary, self.time_param)
            params += [game_id, list(summary.departed), game_id, Jsonb([
                {"user_id": p.user_id, "seat": p.seat, "name": p.name, "to_act": p.to_act,
                 "out": p.out} for p in summary.changed_players], to_bytes)]
        sql = append_sql(self.events_table(game_id), idempotency is not None,
                         summary is not None)
        with self._connection() as conn:
            cur = conn.store_cursor()
            cur.execute(sql, params)
            if idempotency is None and summary is None:  # (events alone: no CTE)
                return cur.rowcount > 0
            row = cur.fetchone()
        return row is not None and row[0] > 0

    def events_table(self, game_id: str) -> str:
        return self._partitions.table_of(game_id)

    def visible_sql(self) -> str:
        return (f"position < pg_snapshot_xmin(pg_current_snapshot())::text::bigint "
                f"* {MAX_EVENTS_PER_APPEND}")

    def migration_lock(self, cur: Cursor) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))

    def converts_online(self) -> bool:
        return True

    def convert_online(self, migration: Migration, batch: int, progress: Progress | None
                       ) -> bool:
        # One connection for the whole conversion: the migration lock is its
        # session's, held across the copy's many transactions.
        with self._connection() as conn:
            conn.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
            try:
                return partition_events(conn, migration, visible=self.visible_sql(),
                                        batch=batch, progress=progress, now=self.clock())
            finally:
                if not conn.broken:
                    conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))

    def matching_lock(self, cur: Cursor) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (MATCHING_LOCK,))

    def close(self) -> None:
        if self._replica is not None:
            self._replica.close()
        if self._pool is not None and self._pid == os.getpid():
            self._pool.close()
        self._pool = None
