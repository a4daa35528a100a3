"""The notifier of several processes: changes published on Redis's sharded channels,
and this process's subscriptions (`messaging.followed`) waking its waiters.

What a notification means, its keys and channels, and the one-process notifier it
builds on are `messaging.notify`'s; this module adds the publishing (at once, or
gathered on a sender thread in an API process), the subscriptions held while a key is
watched or waited on, and the `Hearsay` of the games it follows.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from events.jsontext import parse, to_bytes
from messaging.followed import LINGER_SECONDS as UNHELD_LINGER
from messaging.followed import Followed, Nodes
from messaging.hearsay import Hearsay
from messaging.notify import (
    CONFIRM_SECONDS,
    FOLLOWED_KEYS,
    LINGER_SECONDS,
    NAMESPACE,
    TELL_CHANNEL,
    LocalNotifier,
    Watch,
    channel_of,
    game_key,
    user_key,
)

log = logging.getLogger(__name__)


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
