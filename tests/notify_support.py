"""What the notifier's tests share: two notifiers standing for two processes, on a
single Redis and on the tests' Redis Cluster (`tests/redis_cluster.py`), a key held as
a stream holds it, and what Redis says of a channel's subscribers."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import redis

from messaging.followed import LINGER_SECONDS as UNHELD_LINGER
from messaging.notify import channel_of
from messaging.redis_notify import RedisNotifier
from tests.redis_cluster import RedisCluster

# seconds a channel no one holds stays subscribed: the service's own (shorter for the
# tests of the linger itself). A test watches a key, then another notifier publishes
# on it; that notifier's first publish makes its client, which on a Redis Cluster
# reads the cluster's map first, and on a busy machine that outlasted a 1 s linger:
# the channel was dropped before the change came (a CI run saw the waiter not woken).
LINGER = UNHELD_LINGER
SHORT_LINGER = 0.1
BACKENDS = ["redis", "cluster"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> tuple[str, bool]:
    """Where notifications go: (URL, whether it is a Redis Cluster)."""
    if request.param == "redis":
        return request.getfixturevalue("redis_url"), False
    cluster: RedisCluster = request.getfixturevalue("redis_cluster")
    return cluster.url, True


@pytest.fixture
def two_processes(backend: tuple[str, bool]) -> Iterator[tuple[RedisNotifier, RedisNotifier]]:
    """Two notifiers standing for two processes: an API process (`here`, publishing
    from its sender thread) and a worker (`there`, publishing at once)."""
    url, cluster = backend
    here = RedisNotifier(url, background=True, cluster=cluster, linger=LINGER)
    there = RedisNotifier(url, cluster=cluster, linger=LINGER)
    yield here, there
    here.close()
    there.close()


@pytest.fixture
def short_lived(backend: tuple[str, bool]) -> Iterator[RedisNotifier]:
    """A notifier whose channels no one holds are dropped after a tenth of a second."""
    url, cluster = backend
    notifier = RedisNotifier(url, cluster=cluster, linger=SHORT_LINGER)
    yield notifier
    notifier.close()


def wait_until(check: Callable[[], bool], what: str, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out: {what}"
        time.sleep(0.01)


def new_id(prefix: str) -> str:
    return prefix + uuid.uuid4().hex


def node_of(backend: tuple[str, bool], channel: str) -> redis.Redis:
    """A client of the node that serves `channel` (the one Redis, or its shard's primary)."""
    url, cluster = backend
    if not cluster:
        return redis.Redis.from_url(url)
    from redis.cluster import RedisCluster as ClusterClient

    client = ClusterClient.from_url(url)
    node = client.get_node_from_key(channel)
    client.close()
    return redis.Redis(host=node.host, port=node.port)


def subscribers(backend: tuple[str, bool], key: str) -> int:
    """How many connections Redis counts on `key`'s channel (`PUBSUB SHARDNUMSUB`)."""
    channel = channel_of(key)
    node = node_of(backend, channel)
    try:
        reply: Any = node.execute_command("PUBSUB", "SHARDNUMSUB", channel)
        return int(reply[1])
    finally:
        node.close()


@contextmanager
def held(notifier: RedisNotifier, key: str) -> Iterator[None]:
    """`key` held as a stream holds it: one wait after another, until the block ends."""
    done = threading.Event()

    def stream() -> None:
        while not done.is_set():
            notifier.wait([key], 0.2)

    holder = threading.Thread(target=stream)
    notifier.watch([key])
    holder.start()
    try:
        yield
    finally:
        done.set()
        holder.join()


def game_session(notifier: RedisNotifier, game_id: str) -> int:
    hearsay = notifier.hearsay
    assert hearsay is not None
    wait_until(lambda: hearsay.game_session(game_id) is not None, "the game never followed")
    session = hearsay.game_session(game_id)
    assert session is not None
    return session
