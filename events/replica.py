"""Reads a PostgreSQL streaming replica may answer, and when it may not.

The service marks the reads that may be a little behind (the lobby, the feeds' pages,
profiles, leaderboards, analysis, exports) with `replica_reads(floor)`; inside it, and
only there, the PostgreSQL store's `reading()` asks the replica, if one is configured
and it is fresh enough. Everything else (appends, transactions, the reads that judge a
command or vouch for a cached state, and every read in a worker) stays on the primary:
the mark is a context variable, so a read nobody marked is never sent elsewhere.

Fresh enough means two things:

- *read-your-writes*: `floor` is the primary's WAL position after the reader's own last
  write (`PostgresStore.written_mark`, kept per user by the service); the replica must
  have replayed at least that far (`pg_last_wal_replay_lsn()`), else the read goes to
  the primary. Positions only grow, so once the replica has passed a floor it stays
  past it, and the read itself may run on another of its connections.
- *a bound on staleness for everyone*: a replica that lags more than `max_lag` seconds
  (the time since the last transaction it replayed, while it has received WAL it has
  not replayed yet or its WAL receiver is not streaming) is not asked.

What the replica says is remembered for `CHECK_EVERY` seconds, so most reads cost no
extra round trip; a floor beyond what was remembered asks again at once. A replica
that cannot be reached (or whose statement fails as a replica's may: cancelled by a
conflict with its recovery) is lost: the read in hand is made again on the primary
(`events.postgres`), and the reads after it go there too, while every `RETRY_AFTER`
seconds a thread of its own asks the replica again; once it answers, it is read again:
it comes back without a restart, and no request waits for it meanwhile.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol

from events.database import Cursor, Row
from events.store import StoreUnavailable

log = logging.getLogger(__name__)

CHECK_EVERY = 0.25  # seconds the replica's replay position and lag are believed
RETRY_AFTER = 2.0  # seconds an unreachable replica is left alone
# a floor no replica reaches: the reader's last write is not known (its record could
# not be read), so only the primary can be sure to show it
UNKNOWN_FLOOR = 2**62


@dataclass(frozen=True, slots=True)
class ReplicaRead:
    """A read the replica may answer: `floor`, the WAL position (in bytes) it must have
    replayed first; None: any position will do."""
    floor: int | None = None


_SCOPE: ContextVar[ReplicaRead | None] = ContextVar("ttr_replica_read", default=None)


@contextmanager
def replica_reads(floor: int | None = None) -> Iterator[None]:
    """The store's reads in this block may come from the replica, once it has replayed
    up to `floor` (see the module doc)."""
    token = _SCOPE.set(ReplicaRead(floor))
    try:
        yield
    finally:
        _SCOPE.reset(token)


@contextmanager
def primary_reads() -> Iterator[None]:
    """The store's reads in this block go to the primary, even inside `replica_reads`."""
    token = _SCOPE.set(None)
    try:
        yield
    finally:
        _SCOPE.reset(token)


def replica_read() -> ReplicaRead | None:
    """The read the current block allows from the replica, or None (the primary's)."""
    return _SCOPE.get()


class Reader(Protocol):
    """What the replica is read through: a store's `reading()` (its pool and circuit)."""

    def reading(self) -> AbstractContextManager[Cursor]: ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class ReplayState:
    replayed: int  # the WAL position replayed, in bytes (-1: not a standby)
    lag: float  # seconds behind the primary, as far as the replica can tell
    at: float  # when it was asked (monotonic)


# The replica's replay position, and its lag: none while it has replayed all it received
# and its WAL receiver streams (an idle primary sends nothing to replay, which is not
# lag); else the time since the last transaction it replayed. (Without the
# pg_read_all_stats role the receiver's status reads as NULL: streaming is assumed.)
_STATE = (
    "SELECT pg_is_in_recovery(), "
    "COALESCE((pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint, -1), "
    "CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() AND EXISTS "
    "(SELECT 1 FROM pg_stat_wal_receiver WHERE COALESCE(status, 'streaming') = 'streaming') "
    "THEN 0 ELSE EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) "
    "END::float8"
)


class Replica:
    """A streaming replica, and whether a read may go to it now (see the module doc)."""

    def __init__(self, reader: Reader, max_lag: float) -> None:
        self.reader = reader
        self.max_lag = max_lag
        self._state: ReplayState | None = None
        # lost: not read until a probe (a thread of its own) finds it again
        self._lost = False
        self._probe_after = 0.0
        self._probing = threading.Lock()

    def answers(self, read: ReplicaRead) -> bool:
        """May `read` go to the replica now?"""
        now = time.monotonic()
        if self._lost:
            if now >= self._probe_after and self._probing.acquire(blocking=False):
                threading.Thread(target=self._probe, daemon=True,
                                 name="ttr-replica-probe").start()
            return False
        state = self._state
        if (state is None or now - state.at > CHECK_EVERY
                or (read.floor is not None and state.replayed < read.floor)):
            try:
                state = self._state = self._ask(now)
            except StoreUnavailable as error:
                self.lost(error)
                return False
        return state.lag <= self.max_lag and (read.floor is None or state.replayed >= read.floor)

    def lost(self, error: Exception) -> None:
        """The replica failed a read: the primary's until a probe finds it again."""
        if not self._lost:
            log.warning("reading from the primary: the replica is unavailable (%s)",
                        " ".join(str(error).split()))
        self._probe_after = time.monotonic() + RETRY_AFTER
        self._lost = True

    def _probe(self) -> None:
        try:
            self._state = self._ask(time.monotonic())
        except Exception:  # still away (anything else: tried again later alike)
            self._probe_after = time.monotonic() + RETRY_AFTER
        else:
            self._lost = False
            log.warning("reading from the replica again")
        finally:
            self._probing.release()

    def _ask(self, now: float) -> ReplayState:
        with self.reader.reading() as cur:
            cur.execute(_STATE)
            row = cur.fetchone()
        if row is None or not row[0]:
            # promoted, or not a standby at all: it may have parted from the primary
            return ReplayState(-1, math.inf, now)
        lag = math.inf if row[2] is None else max(0.0, float(row[2]))
        return ReplayState(int(row[1]), lag, now)

    def close(self) -> None:
        self.reader.close()


class ReplicaCursor(Cursor):
    """A cursor on the replica that, if the replica fails a statement as a lost replica
    does (`lost(error)`, the adapter's judgement: it cannot be reached, it cancelled the
    statement for a conflict with its recovery), says so and runs that statement and
    the rest on the primary's cursor (`primary()`): a read, made twice, changes
    nothing."""

    __slots__ = ("_cur", "_primary", "_replica", "_lost", "_on_replica")

    def __init__(self, cur: Cursor, primary: Callable[[], Cursor], replica: Replica,
                 lost: Callable[[Exception], bool]) -> None:
        self._cur = cur
        self._primary = primary
        self._replica = replica
        self._lost = lost
        self._on_replica = True

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        if self._on_replica:
            try:
                self._cur.execute(sql, params)
                return
            except Exception as error:
                if not self._lost(error):
                    raise
                self._replica.lost(error)
                self._on_replica = False
                self._cur = self._primary()
        self._cur.execute(sql, params)

    def fetchone(self) -> Row | None:
        return self._cur.fetchone()

    def fetchall(self) -> list[Row]:
        return self._cur.fetchall()

    @property
    def rowcount(self) -> int:
        return self._cur.rowcount


# the primary's WAL position now, in bytes (after a write: a floor for the writer's reads)
WRITTEN_MARK = "SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint"
