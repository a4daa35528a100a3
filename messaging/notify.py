""""Something new happened in game X": the signal that wakes long polls and SSE streams.

The log is the truth; a notification only says *look again*. So a lost or late
notification costs latency, never correctness: every waiter also wakes on its own
timeout and re-reads the log. `publish(game_id, version, users)` is called after
each append; `wait(keys, timeout)` blocks until one of the keys (``game:<id>`` or
``user:<id>``) is published or the timeout passes. A waiter that reads the log first
and then waits takes a `watch(keys)` *before* reading and passes it to `wait`, so a
change published between its read and its wait still wakes it at once.

Two adapters: `LocalNotifier` (one process: the embedded mode, tests) and
`RedisNotifier` (Redis pub/sub: a writer in one API process or worker wakes the
streams held by every other process). Each process runs one subscriber thread
that fans a message out to its local waiters.

Because every change anywhere is heard by every API process, `RedisNotifier` also
keeps `Hearsay`: the newest version heard of each game while subscribed, which lets
the game log act on a cached state without first asking the log whether it is still
the latest (see `GameLog.vouched`).
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections.abc import Iterable
from typing import Any, Protocol

from events.jsontext import parse, to_bytes
from messaging.hearsay import Hearsay
from messaging.subscription import Subscription

log = logging.getLogger(__name__)
# The message format's version is in the name: a process of an older release (during
# a rolling deploy) hears nothing it cannot read, only misses these (so it vouches for
# nothing newer, and its waiters fall back on their timeouts) until it is replaced.
CHANNEL = "ttr:changes:2"
# How long the sender thread lets changes gather before it publishes them together.
LINGER_SECONDS = 0.005


def game_key(game_id: str) -> str:
    return f"game:{game_id}"


def user_key(user_id: str) -> str:
    return f"user:{user_id}"


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
        """What this process hears of every process's changes; None if it hears only
        its own (so it cannot vouch for any state)."""

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


class RedisNotifier(LocalNotifier):
    """Publishes on a Redis channel; a subscriber thread wakes this process's waiters.

    A message on the channel is one change, ``{"game", "version", "users"}``, or a list
    of them (what an API process's sender thread gathered). Every process hears every
    message, which is why the subscriber reads its socket itself
    (`messaging.subscription`) rather than through redis-py's pub/sub client."""

    def __init__(self, url: str, background: bool = False) -> None:
        super().__init__()
        # background: publish from a sender thread (API processes, which live on);
        # otherwise at once (a worker's job process may exit right after its job)
        self._background = background
        import redis

        self._redis: Any = redis.Redis.from_url(url, socket_timeout=5,
                                                socket_connect_timeout=3)
        self._url = url
        self._stop = threading.Event()
        self._subscribed = threading.Event()
        self._thread: threading.Thread | None = None
        self._sender: threading.Thread | None = None
        self._outbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._unsent = 0  # changes queued or being sent (for `flush`)
        self._unsent_lock = threading.Lock()
        self._thread_lock = threading.Lock()
        self._hearsay = Hearsay()

    @property
    def hearsay(self) -> Hearsay | None:
        self._start_subscriber()
        return self._hearsay

    def publish(self, game_id: str, version: int, users: Iterable[str] = ()) -> None:
        users = list(users)
        change = {"game": game_id, "version": version, "users": users}
        if self._background:
            # The request that changed the game does not wait for Redis: a sender
            # thread publishes what has queued up, as one message, under load.
            with self._unsent_lock:
                self._unsent += 1
            self._outbox.put(change)
            self._ensure_sender()
        else:
            try:
                self._redis.publish(CHANNEL, to_bytes(change))
            except Exception as error:  # Redis down: streams still wake on their timeouts
                log.warning("could not publish a change of %s: %s", game_id, error)
        # this process's own waiters need no round trip through Redis
        super().publish(game_id, version, users)

    def tell(self, keys: Iterable[str]) -> None:
        keys = list(keys)
        try:
            # at once, not through the sender: whoever tells wants it heard now. In the
            # shape of a change (of no game) so that an older process reads it too.
            self._redis.publish(CHANNEL, to_bytes(
                {"game": "", "version": 0, "users": [], "keys": keys}))
        except Exception as error:
            log.warning("could not tell %s: %s", keys, error)
        super().tell(keys)

    def _ensure_sender(self) -> None:
        if self._sender is not None and self._sender.is_alive():
            return
        with self._thread_lock:
            if self._sender is None or not self._sender.is_alive():
                self._sender = threading.Thread(target=self._send, name="ttr-publish",
                                                daemon=True)
                self._sender.start()

    def _send(self) -> None:
        while not self._stop.is_set():
            try:
                first = self._outbox.get(timeout=1.0)
            except queue.Empty:
                continue
            # Speed: waking this thread (and handing the GIL to it and back) costs the
            # process several times what the PUBLISH does; a moment's wait lets the
            # changes of the next few milliseconds share the wake-up and the round trip
            # (measured in-process: ~3x less CPU in this thread at a few hundred
            # changes a second). A waiter hears of a change that much later.
            time.sleep(LINGER_SECONDS)
            batch = [first]
            while len(batch) < 100:
                try:
                    batch.append(self._outbox.get_nowait())
                except queue.Empty:
                    break
            try:
                # One message for the lot: every API process hears every message, and
                # waking its listener costs it far more than reading one more change.
                self._redis.publish(CHANNEL, to_bytes(batch if len(batch) > 1 else first))
            except Exception as error:  # Redis down: streams still wake on their timeouts
                log.warning("could not publish %d change(s): %s", len(batch), error)
            finally:
                with self._unsent_lock:
                    self._unsent -= len(batch)

    def flush(self, timeout: float = 2.0) -> None:
        """Wait until every queued change has been handed to Redis (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        while self._unsent > 0 and time.monotonic() < deadline:
            time.sleep(0.005)

    def watch(self, keys: Iterable[str]) -> Watch:
        self._ensure_subscriber()
        return super().watch(keys)

    def wait(self, keys: Iterable[str], timeout: float, since: Watch | None = None) -> bool:
        self._ensure_subscriber()
        return super().wait(keys, timeout, since)

    def _ensure_subscriber(self) -> None:
        """Start this process's subscriber, and give it a moment to subscribe, so that
        a change published right after a reader looked is not missed."""
        if self._start_subscriber():
            self._subscribed.wait(2.0)

    def _start_subscriber(self) -> bool:
        """Start the subscriber thread unless it runs (in this process: a forked child
        has none); whether it had to be started."""
        if self._thread is not None and self._thread.is_alive():
            return False
        with self._thread_lock:
            if self._thread is None or not self._thread.is_alive():
                self._hearsay.listening(False)
                self._subscribed.clear()
                self._thread = threading.Thread(target=self._listen, name="ttr-notify",
                                                daemon=True)
                self._thread.start()
        return True

    def _listen(self) -> None:
        while not self._stop.is_set():
            subscription = Subscription(self._url, CHANNEL, name=f"ttr-changes-{os.getpid()}")
            try:
                # Listening counts from Redis's answer to the SUBSCRIBE: every change
                # published after it reaches us.
                subscription.open()
                self._hearsay.listening(True)
                self._subscribed.set()
                while not self._stop.is_set():
                    for payload in subscription.receive(timeout=1.0):
                        self._heard(payload)
            except Exception as error:
                self._hearsay.listening(False)
                log.warning("change notifications from Redis interrupted: %s", error)
                self._stop.wait(1.0)
            finally:
                subscription.close()
        self._hearsay.listening(False)

    def _heard(self, payload: bytes) -> None:
        data = parse(payload)
        changes = data if isinstance(data, list) else [data]  # a sender's batch, or one
        keys = []
        for change in changes:
            if change.get("keys"):  # told, not changed (`tell`)
                keys += change["keys"]
                continue
            self._hearsay.heard(change["game"], int(change["version"]))
            keys.append(game_key(change["game"]))
            keys += (user_key(u) for u in change.get("users", []))
        self._bump(keys)

    def close(self) -> None:
        self.flush()
        self._hearsay.listening(False)
        self._stop.set()
        self._redis.close()
        super().close()
