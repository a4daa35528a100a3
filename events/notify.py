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
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from collections.abc import Iterable
from typing import Any, Protocol

log = logging.getLogger(__name__)
CHANNEL = "ttr:changes"
# How long the sender thread lets changes gather before it publishes them together.
LINGER_SECONDS = 0.005


def game_key(game_id: str) -> str:
    return f"game:{game_id}"


def user_key(user_id: str) -> str:
    return f"user:{user_id}"


Watch = dict[str, int]


class Notifier(Protocol):
    def publish(self, game_id: str, version: int, users: Iterable[str] = ()) -> None: ...

    def watch(self, keys: Iterable[str]) -> Watch:
        """What has been published on `keys` so far (to wait for what comes after)."""

    def wait(self, keys: Iterable[str], timeout: float, since: Watch | None = None) -> bool:
        """Block until one of `keys` is published after `since` (default: now), True, or
        `timeout` seconds pass, False."""

    def close(self) -> None: ...


class LocalNotifier:
    """Waiters and publishers in one process."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._counts: dict[str, int] = {}

    def publish(self, game_id: str, version: int, users: Iterable[str] = ()) -> None:
        self._bump([game_key(game_id), *(user_key(u) for u in users)])

    def _bump(self, keys: list[str]) -> None:
        with self._cond:
            for key in keys:
                self._counts[key] = self._counts.get(key, 0) + 1
            self._cond.notify_all()

    def watch(self, keys: Iterable[str]) -> Watch:
        with self._cond:
            return {k: self._counts.get(k, 0) for k in keys}

    def wait(self, keys: Iterable[str], timeout: float, since: Watch | None = None) -> bool:
        wanted = list(keys)
        deadline = time.monotonic() + timeout
        with self._cond:
            start = since if since is not None else {k: self._counts.get(k, 0) for k in wanted}
            while True:
                if any(self._counts.get(k, 0) != start.get(k, 0) for k in wanted):
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)

    def close(self) -> None:
        with self._cond:
            self._cond.notify_all()


class RedisNotifier(LocalNotifier):
    """Publishes on a Redis channel; a subscriber thread wakes this process's waiters."""

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
        self._outbox: queue.Queue[str] = queue.Queue()
        self._unsent = 0  # changes queued or being sent (for `flush`)
        self._unsent_lock = threading.Lock()
        self._thread_lock = threading.Lock()

    def publish(self, game_id: str, version: int, users: Iterable[str] = ()) -> None:
        users = list(users)
        message = json.dumps({"game": game_id, "version": version, "users": users})
        if self._background:
            # The request that changed the game does not wait for Redis: a sender
            # thread publishes what has queued up, several per round trip under load.
            with self._unsent_lock:
                self._unsent += 1
            self._outbox.put(message)
            self._ensure_sender()
        else:
            try:
                self._redis.publish(CHANNEL, message)
            except Exception as error:  # Redis down: streams still wake on their timeouts
                log.warning("could not publish a change of %s: %s", game_id, error)
        # this process's own waiters need no round trip through Redis
        super().publish(game_id, version, users)

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
                pipe = self._redis.pipeline(transaction=False)
                for message in batch:
                    pipe.publish(CHANNEL, message)
                pipe.execute()
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
        if self._thread is not None and self._thread.is_alive():
            return
        with self._thread_lock:
            if self._thread is None or not self._thread.is_alive():
                self._subscribed.clear()
                self._thread = threading.Thread(target=self._listen, name="ttr-notify",
                                                daemon=True)
                self._thread.start()
        self._subscribed.wait(2.0)

    def _listen(self) -> None:
        import redis

        while not self._stop.is_set():
            try:
                client: Any = redis.Redis.from_url(self._url, socket_connect_timeout=3,
                                                   health_check_interval=10)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(CHANNEL)
                self._subscribed.set()
                while not self._stop.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message is None:
                        continue
                    data = json.loads(message["data"])
                    self._bump([game_key(data["game"]),
                                *(user_key(u) for u in data.get("users", []))])
            except Exception as error:
                log.warning("change notifications from Redis interrupted: %s", error)
                self._stop.wait(1.0)

    def close(self) -> None:
        self.flush()
        self._stop.set()
        self._redis.close()
        super().close()
