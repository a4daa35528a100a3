""""Something new happened in game X": the signal that wakes long polls and SSE streams.

The log is the truth; a notification only says *look again*. So a lost or late
notification costs latency, never correctness: every waiter also wakes on its own
timeout and re-reads the log. `publish(game_id, version, users)` is called after
each append; `wait(keys, timeout)` blocks until one of the keys (``game:<id>`` or
``user:<id>``) is published or the timeout passes. A waiter that reads the log first
and then waits takes a `watch(keys)` *before* reading and passes it to `wait`, so a
change published between its read and its wait still wakes it at once.

Two adapters: `LocalNotifier` (one process: the embedded mode, tests), here, and
`messaging.redis_notify.RedisNotifier` (Redis sharded pub/sub: a writer in one API
process or worker wakes the streams held by every other process). A change is
published on its game's channel and on each of its players' (`channel_of`), and a
process subscribes to a key's channel only while it watches or waits on that key, and a
few seconds after (`messaging.followed`): it hears what its own clients follow, not
every change of the service. On a Redis Cluster the channels, and the fan-out, spread
over the shards; a single Redis 7 serves the same commands.

For the games it follows, `RedisNotifier` also keeps `Hearsay`: the newest version
heard of each while subscribed, which lets the game log act on a cached state of such
a game without first asking the log whether it is still the latest (see
`GameLog.vouched`); any other game's state is read from the log.

What is *told* to every process (`tell`: e.g. an account's tokens revoked) goes on one
channel every API process follows all its life: rare, so its fan-out to every process
costs little.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any, Protocol

from messaging.hearsay import Hearsay

# The message format's version is in the channels' names: a process of another release
# (during a rolling deploy) hears nothing it cannot read, only misses these (its waiters
# fall back on their time-outs; what it vouches for, the append's version check
# corrects) until it is replaced.
NAMESPACE = "ttr:3:"
TELL_CHANNEL = NAMESPACE + "tell"
# keys with a channel of their own; any other key (`tell`) rides TELL_CHANNEL
FOLLOWED_KEYS = ("game:", "user:")
# How long a watch waits for Redis to confirm a new key's subscription.
CONFIRM_SECONDS = 2.0
# How long the sender thread lets changes gather before it publishes them together.
LINGER_SECONDS = 0.005


def game_key(game_id: str) -> str:
    return f"game:{game_id}"


def user_key(user_id: str) -> str:
    return f"user:{user_id}"


def channel_of(key: str) -> str:
    """The sharded channel a key's changes are published on."""
    return NAMESPACE + key


Watch = dict[str, int]
GENERATION = ""  # a watch's key for the notifier's generation (no real key is empty)


class Notifier(Protocol):
    def publish(self, game_id: str, version: int, users: Iterable[str] = ()) -> None: ...

    def tell(self, keys: Iterable[str]) -> None:
        """Publish `keys` alone, in every process (no game changed: e.g. an account's
        tokens, whose cached look-ups every API process must drop)."""

    def watch(self, keys: Iterable[str]) -> Watch:
        """What has been published on `keys` so far (to wait for what comes after)."""

    def wait(self, keys: Iterable[str], timeout: float, since: Watch | None = None) -> bool:
        """Block until one of `keys` is published after `since` (default: now), True, or
        `timeout` seconds pass, False."""

    @property
    def hearsay(self) -> Hearsay | None:
        """What this process hears of other processes' changes to the games it follows;
        None if it hears only its own (so it cannot vouch for any state)."""

    def close(self) -> None: ...


def _event_class() -> Any:
    """What a waiter waits on: `messaging.wake.Wake` in a gevent worker, else `threading.Event`
    (`threading.Event` built on gevent's patched primitives takes over a kilobyte and
    more per wait: with thousands of held streams, a good part of each one's memory).
    (In a gevent worker every publisher is a greenlet of the same native thread: the
    request handlers, the Redis listener, the in-process jobs.)"""
    from messaging.native_threads import gevent_patched

    if gevent_patched():
        from messaging.wake import Wake

        return Wake
    return threading.Event


class LocalNotifier:
    """Waiters and publishers in one process.

    A count per key says how often it has been published. A long-lived process would
    keep one for every game and user it ever heard of, so past `MAX_KEYS` the counts
    start over in a new generation; a waiter that watched during an earlier one wakes
    at once (and reads the log again) rather than miss a change in the reset counts.

    Each waiter registers under its own keys only, so a change wakes the streams and
    long polls of its game and of the users it concerns, not every waiter of the
    process: what a change costs grows with its own subscribers, not with every
    stream held (with one condition for all, the wake-ups were most of an API
    worker's time at a few thousand held streams).
    """

    MAX_KEYS = 100_000

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[str, int] = {}
        self._waiters: dict[str, set[Any]] = {}
        self._generation = 0
        self._new_event = _event_class()

    @property
    def hearsay(self) -> Hearsay | None:
        return None

    def publish(self, game_id: str, version: int, users: Iterable[str] = ()) -> None:
        self._bump([game_key(game_id), *(user_key(u) for u in users)])

    def tell(self, keys: Iterable[str]) -> None:
        self._bump(list(keys))

    def _bump(self, keys: list[str]) -> None:
        woken: list[Any] = []
        with self._lock:
            if len(self._counts) >= self.MAX_KEYS:
                self._counts.clear()
                self._generation += 1
                for every in self._waiters.values():
                    woken += every
            for key in keys:
                self._counts[key] = self._counts.get(key, 0) + 1
                waiting = self._waiters.get(key)
                if waiting:
                    woken += waiting
        for event in woken:
            event.set()

    def watch(self, keys: Iterable[str]) -> Watch:
        with self._lock:
            return self._watch(keys)

    def _watch(self, keys: Iterable[str]) -> Watch:
        return {GENERATION: self._generation, **{k: self._counts.get(k, 0) for k in keys}}

    def _changed(self, start: Watch, keys: list[str]) -> bool:
        return start.get(GENERATION, 0) != self._generation or any(
            self._counts.get(k, 0) != start.get(k, 0) for k in keys)

    def wait(self, keys: Iterable[str], timeout: float, since: Watch | None = None) -> bool:
        wanted = list(keys)
        event = self._new_event()
        with self._lock:
            start = since if since is not None else self._watch(wanted)
            if self._changed(start, wanted) or timeout <= 0:
                return self._changed(start, wanted)
            for key in wanted:
                self._waiters.setdefault(key, set()).add(event)
        try:
            event.wait(timeout)
        finally:
            with self._lock:
                for key in wanted:
                    waiting = self._waiters.get(key)
                    if waiting is not None:
                        waiting.discard(event)
                        if not waiting:
                            del self._waiters[key]
                changed = self._changed(start, wanted)
        return changed

    def heard_of(self, key: str) -> int:
        """How often `key` has been published here (by this process, or heard from
        another), without following it (tests, metrics)."""
        with self._lock:
            return self._counts.get(key, 0)

    def waiting(self) -> int:
        """How many keys have a waiter now (metrics, tests)."""
        with self._lock:
            return len(self._waiters)

    def interrupt(self) -> None:
        """Wake every waiter now (the process is stopping: its streams end)."""
        with self._lock:
            woken = [event for waiting in self._waiters.values() for event in waiting]
        for event in woken:
            event.set()

    def close(self) -> None:
        self.interrupt()
