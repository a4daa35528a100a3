"""Which of the API's reads may come from a PostgreSQL streaming replica, and how a player
who just acted still reads what they did.

A view wraps the store calls a replica may answer in `from_replica()`: the lobby, a
player's games, the feeds' pages, leaderboards, profiles, a finished game's analysis and
its export (`events.replica` routes them; without a replica they run as before). What
loads a game to judge a command, and every write, stays on the primary.

Read-your-writes: after every request that may have written (any method but GET, HEAD
and OPTIONS) by a signed-in user, the primary's WAL position is noted for that user
(`WrittenMarks`: in Redis, shared by every API process, so the player's next request may
land on any of them; in this process's memory without Redis). That user's replica reads
then wait for nothing: they go to the replica only once it has replayed that far, to
the primary before. A note lasts a little longer than the replica may lag
(`mark_ttl`): by then a replica within its bound has replayed it, and one beyond it is
not read at all. Reads of a game's log also check the version the caller was shown
(`stream_as_seen`), and a profile the replica does not know yet (a player who signed up
a moment ago) is looked up on the primary.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from flask import Response, g, has_app_context, request

from events.replica import UNKNOWN_FLOOR, primary_reads, replica_reads
from events.store import EventStore, Recorded, StoreUnavailable
from service.services import services

log = logging.getLogger(__name__)

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
T = TypeVar("T")


def mark_ttl(max_lag: float) -> float:
    """Seconds a user's written mark is kept: past the replica's allowed lag, and a
    margin for the time between the write and its note."""
    return 2 * max_lag + 10.0


class MemoryMarks:
    """The marks in this process (one process, or no Redis to share them): `WrittenMarks`."""

    def __init__(self, ttl: float) -> None:
        self._ttl = ttl
        self._marks: dict[str, tuple[int, float]] = {}
        self._lock = threading.Lock()

    def note(self, user_id: str, mark: int) -> None:
        now = time.monotonic()
        with self._lock:
            kept = self._marks.get(user_id)
            if kept is not None and kept[1] > now:
                mark = max(mark, kept[0])
            self._marks[user_id] = (mark, now + self._ttl)
            if len(self._marks) > 100_000:
                self._marks = {k: v for k, v in self._marks.items() if v[1] > now}

    def floor_of(self, user_id: str) -> int | None:
        kept = self._marks.get(user_id)
        return kept[0] if kept is not None and kept[1] > time.monotonic() else None


# keep the higher of the mark kept and the new one (two requests of one user may note
# theirs in either order), and make it last the whole TTL again
_NOTE = """
local kept = tonumber(redis.call('GET', KEYS[1]) or '-1')
local mark = tonumber(ARGV[1])
if mark > kept then kept = mark end
redis.call('SET', KEYS[1], string.format('%d', kept), 'PX', ARGV[2])
return kept
"""


class RedisMarks:
    """The marks in Redis, shared by every API process (one key per user, with a TTL)."""

    def __init__(self, url: str, queue: str, ttl: float) -> None:
        import redis

        self._redis: Any = redis.Redis.from_url(url, socket_timeout=0.5,
                                                socket_connect_timeout=0.5)
        self._script: Any = self._redis.register_script(_NOTE)
        self._prefix = f"ttr:{queue}:written:"
        self._ttl_ms = int(ttl * 1000)

    def note(self, user_id: str, mark: int) -> None:
        try:
            self._script(keys=[self._prefix + user_id], args=[mark, self._ttl_ms])
        except Exception as error:  # the next reads of this user go to the primary anyway
            log.warning("a write's mark was not kept (Redis: %s)", error)

    def floor_of(self, user_id: str) -> int | None:
        try:
            kept = self._redis.get(self._prefix + user_id)
        except Exception as error:
            log.warning("reading from the primary: no write mark (Redis: %s)", error)
            return UNKNOWN_FLOOR
        return None if kept is None else int(kept)


@contextmanager
def from_replica() -> Iterator[None]:
    """The store's reads in this block may come from the replica, once it has replayed
    the signed-in user's last write (the request's user as already looked up)."""
    # (outside a request, `ttr export`: no user, and a store of its own without replica)
    marks = services().marks if has_app_context() else None
    user = g.get("user") if marks is not None else None
    floor = marks.floor_of(user.user_id) if marks is not None and user is not None else None
    with replica_reads(floor):
        yield


def known(read: Callable[[], T | None]) -> T | None:
    """What `read()` finds on the replica (if it may); if the replica knows nothing of
    it, what the primary says (it may be too new for the replica: a player who signed
    up a moment ago)."""
    with from_replica():
        found = read()
    if found is None and services().marks is not None:  # (no replica: it was the primary)
        with primary_reads():
            found = read()
    return found


def stream_as_seen(store: EventStore, game_id: str, version: int, after: int = 0,
                   limit: int | None = None) -> list[Recorded]:
    """The game's events after `after` (from the replica if it may), reaching at least
    `version`, the version the caller was shown (else read again from the primary)."""
    with from_replica():
        records = store.read_stream(game_id, after, limit)
    last = records[-1].version if records else after
    if last < version and (limit is None or len(records) < limit):
        with primary_reads():
            records = store.read_stream(game_id, after, limit)
    return records


def note_write(response: Response) -> Response:
    """After a request that may have written, note where the primary's WAL is for its
    user (nothing to do without a replica)."""
    marks = services().marks
    user = g.get("user")
    if marks is None or user is None or request.method in SAFE_METHODS:
        return response
    try:
        mark = services().store.written_mark()
    except StoreUnavailable as error:
        log.warning("a write's mark was not kept (%s)", error)
        return response
    if mark is not None:
        marks.note(user.user_id, mark)
    return response
