""""Something new happened in game X": the signal that wakes long polls and SSE streams.

The log is the truth; a notification only says *look again*. So a lost or late
notification costs latency, never correctness: every waiter also wakes on its own
timeout and re-reads the log. `publish(game_id, version, users)` is called after
each append; `wait(keys, timeout)` blocks until one of the keys (``game:<id>`` or
``user:<id>``) is published or the timeout passes. A waiter that reads the log first
and then waits takes a `watch(keys)` *before* reading and passes it to `wait`, so a
change published between its read and its wait still wakes it at once.

Two adapters: `LocalNotifier` (one process: the embedded mode, tests) and
`RedisNotifier` (Redis sharded pub/sub: a writer in one API process or worker wakes the
streams held by every other process). A change is published on its game's channel and
on each of its players' (`channel_of`), and a process subscribes to a key's channel
only while it watches or waits on that key, and a few seconds after
(`messaging.followed`): it hears what its own clients follow, not every change of the
service. On a Redis Cluster the channels, and the fan-out, spread over the shards; a
single Redis 7 serves the same commands.

For the games it follows, `RedisNotifier` also keeps `Hearsay`: the newest version
heard of each while subscribed, which lets the game log act on a cached state of such
a game without first asking the log whether it is still the latest (see
`GameLog.vouched`); any other game's state is read from the log.

What is *told* to every process (`tell`: e.g. an account's tokens revoked) goes on one
channel every API process follows all its life: rare, so its fan-out to every process
costs little.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from events.jsontext import parse, to_bytes
from messaging.followed import LINGER_SECONDS as UNHELD_LINGER
from messaging.followed import Followed, Nodes
from messaging.hearsay import Hearsay

log = logging.getLogger(__name__)
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


class RedisNotifier(LocalNotifier):
    """Publishes on Redis's sharded channels; this process's subscriptions
    (`messaging.followed`) wake its waiters.

    A message on a key's channel is one change, ``{"game", "version"}``, or a list of
    them (what an API process's sender thread gathered for that key). `cluster`: `url`
    names a node of a Redis Cluster (the others are found from it)."""

    def __init__(self, url: str, background: bool = False, cluster: bool = False,
                 linger: float = UNHELD_LINGER) -> None:
        super().__init__()
        # background: publish from a sender thread (API processes, which live on);
        # otherwise at once (a worker's job process may exit right after its job)
        self._background = background
        self._client: Any = None  # made at first use (`_redis`)
        self._client_lock = threading.Lock()
        self._url = url
        self._cluster = cluster
        self._linger = linger
        self._stop = threading.Event()
        self._sender: threading.Thread | None = None
        self._outbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._unsent = 0  # changes queued or being sent (for `flush`)
        self._unsent_lock = threading.Lock()
        self._thread_lock = threading.Lock()
        self._hearsay = Hearsay()
        self._followed: Followed | None = None
        self._pid = os.getpid()
        # told of every message heard from Redis (the API's metrics set it)
        self.on_heard: Callable[[], None] | None = None

    @property
    def hearsay(self) -> Hearsay | None:
        self._ears()
        return self._hearsay

    @property
    def _redis(self) -> Any:
        """The client that publishes, made at first use: a cluster's client reads the
        cluster's map when it is made, and a process whose notifications' Redis is down
        at its start still starts (its waiters fall back on their time-outs)."""
        client = self._client
        if client is None:
            with self._client_lock:
                if self._client is None:
                    self._client = _client(self._url, self._cluster)
                client = self._client
        return client

    def following(self) -> set[str]:
        """The channels this process is subscribed to now (tests, metrics)."""
        return self._ears().following()

    def _ears(self) -> Followed:
        """This process's subscriptions, started on first use (and again in a forked
        child, which inherits none of its parent's threads)."""
        followed = self._followed
        if followed is None or self._pid != os.getpid():
            with self._thread_lock:
                if self._followed is None or self._pid != os.getpid():
                    self._pid = os.getpid()
                    nodes = Nodes(self._url, (lambda: self._redis) if self._cluster
                                  else None)
                    self._followed = Followed(nodes,
                                              self._heard, self._confirmed, self._linger,
                                              name=f"ttr-changes-{os.getpid()}")
                    self._followed.follow([TELL_CHANNEL], 0.0, always=True)
                followed = self._followed
        return followed

    def publish(self, game_id: str, version: int, users: Iterable[str] = ()) -> None:
        users = list(users)
        change = {"game": game_id, "version": version, "users": users}
        if self._background:
            # The request that changed the game does not wait for Redis: a sender
            # thread publishes what has queued up, under load.
            with self._unsent_lock:
                self._unsent += 1
            self._outbox.put(change)
            self._ensure_sender()
        else:
            self._publish([change])
        # this process's own waiters need no round trip through Redis
        super().publish(game_id, version, users)

    def _publish(self, changes: list[dict[str, Any]]) -> None:
        """`changes` on their games' and players' channels: one message per channel."""
        by_channel: dict[str, list[dict[str, Any]]] = {}
        for change in changes:
            heard = {"game": change["game"], "version": change["version"]}
            for key in (game_key(change["game"]), *map(user_key, change["users"])):
                by_channel.setdefault(channel_of(key), []).append(heard)
        try:
            pipe = self._redis.pipeline(transaction=False)
            for channel, said in by_channel.items():
                pipe.spublish(channel, to_bytes(said if len(said) > 1 else said[0]))
            pipe.execute()
        except Exception as error:  # Redis down: streams still wake on their timeouts
            log.warning("could not publish %d change(s): %s", len(changes), error)

    def tell(self, keys: Iterable[str]) -> None:
        keys = list(keys)
        try:
            # at once, not through the sender: whoever tells wants it heard now
            self._redis.spublish(TELL_CHANNEL, to_bytes({"keys": keys}))
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
            # process several times what the publishing does; a moment's wait lets the
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
                self._publish(batch)
            finally:
                with self._unsent_lock:
                    self._unsent -= len(batch)

    def flush(self, timeout: float = 2.0) -> None:
        """Wait until every queued change has been handed to Redis (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        while self._unsent > 0 and time.monotonic() < deadline:
            time.sleep(0.005)

    def watch(self, keys: Iterable[str]) -> Watch:
        keys = list(keys)
        self._follow(keys, CONFIRM_SECONDS)
        return super().watch(keys)

    def wait(self, keys: Iterable[str], timeout: float, since: Watch | None = None) -> bool:
        keys = list(keys)
        channels = self._follow(keys, CONFIRM_SECONDS if since is None else 0.0)
        ears = self._ears()
        ears.hold(channels)  # subscribed while waiting, and a linger after
        try:
            return super().wait(keys, timeout, since)
        finally:
            ears.release(channels)

    def _follow(self, keys: list[str], wait: float) -> list[str]:
        """Subscribe the keys' channels (waiting up to `wait` s for Redis to confirm
        new ones, so that a change published after the caller reads reaches it); the
        channels."""
        channels = [channel_of(k) for k in keys if k.startswith(FOLLOWED_KEYS)]
        if len(channels) < len(keys):  # a told key: heard on the channel always followed
            channels.append(TELL_CHANNEL)
        self._ears().follow(channels, wait)
        return channels

    def _heard(self, channel: str, payload: bytes) -> None:
        if self.on_heard is not None:
            self.on_heard()
        data = parse(payload)
        said = data if isinstance(data, list) else [data]
        if channel == TELL_CHANNEL:
            self._bump([key for told in said for key in told.get("keys", [])])
            return
        key = channel.removeprefix(NAMESPACE)
        if key.startswith("game:"):
            for change in said:
                self._hearsay.heard(change["game"], int(change["version"]))
        self._bump([key])

    def _confirmed(self, channel: str, yes: bool, again: bool) -> None:
        if channel == TELL_CHANNEL:
            self._hearsay.listening(yes)
            return
        key = channel.removeprefix(NAMESPACE)
        if key.startswith("game:"):
            self._hearsay.following(key.removeprefix("game:"), yes)
        if again:  # subscribed again after a break: what was missed meanwhile, read now
            self._bump([key])

    def close(self) -> None:
        self.flush()
        self._hearsay.listening(False)
        self._stop.set()
        if self._followed is not None:
            self._followed.close()
        if self._client is not None:
            self._client.close()
        super().close()


def _client(url: str, cluster: bool) -> Any:
    """A redis-py client for publishing: of the one Redis, or of the cluster `url` is a
    node of."""
    import redis

    if cluster:
        from redis.cluster import RedisCluster

        return RedisCluster.from_url(url, socket_timeout=5, socket_connect_timeout=3)
    return redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=3)
