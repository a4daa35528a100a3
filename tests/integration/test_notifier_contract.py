"""The notifier's contract, written once and run on every adapter: `LocalNotifier` (one
process) and `RedisNotifier` (real Redis sharded pub/sub, on a single Redis and on a
Redis Cluster of three primaries and three replicas). Game ids are random: every test
session on the shared Redis publishes in the same channels' namespace."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator

import pytest

from messaging.notify import LocalNotifier, Notifier, game_key, user_key
from messaging.redis_notify import RedisNotifier
from tests.redis_cluster import redis_cluster as redis_cluster  # noqa: F401 (a fixture)

ADAPTERS = ["local", "redis", "cluster"]
# a wait woken by a change ends well before this; one left to time out does not
WAKE_TIMEOUT = 20.0


@pytest.fixture(params=ADAPTERS)
def notifier(request: pytest.FixtureRequest) -> Iterator[Notifier]:
    """Each notifier adapter in turn."""
    made: Notifier
    if request.param == "local":
        made = LocalNotifier()
    elif request.param == "redis":
        made = RedisNotifier(request.getfixturevalue("redis_url"), background=True)
    else:
        made = RedisNotifier(request.getfixturevalue("redis_cluster").url, background=True,
                             cluster=True)
    yield made
    made.close()


def new_game() -> str:
    return "g_" + uuid.uuid4().hex


def test_a_waiter_wakes_on_its_key_and_not_on_others(notifier: Notifier) -> None:
    g, other = new_game(), new_game()
    watch = notifier.watch([game_key(g)])
    notifier.publish(other, 1)
    assert not notifier.wait([game_key(g)], timeout=0.0, since=watch)
    notifier.publish(g, 1)
    assert notifier.wait([game_key(g)], timeout=0.0, since=watch)


def test_a_change_wakes_the_game_and_each_of_its_players_only(notifier: Notifier) -> None:
    g, player, stranger = new_game(), "u_" + uuid.uuid4().hex, "u_" + uuid.uuid4().hex
    keys = [game_key(g), user_key(player), user_key(stranger)]
    watch = notifier.watch(keys)
    notifier.publish(g, 3, users=[player])
    assert notifier.wait([game_key(g)], timeout=0.0, since=watch)
    assert notifier.wait([user_key(player)], timeout=0.0, since=watch)
    assert not notifier.wait([user_key(stranger)], timeout=0.0, since=watch)


def test_a_wait_with_nothing_published_ends_at_its_timeout(notifier: Notifier) -> None:
    started = time.monotonic()
    assert not notifier.wait([game_key(new_game())], timeout=0.2)
    assert 0.15 <= time.monotonic() - started < 5.0  # (a busy machine's scheduling)


def test_a_change_between_the_watch_and_the_wait_is_not_missed(notifier: Notifier) -> None:
    g = new_game()
    watch = notifier.watch([game_key(g)])  # before reading the log …
    notifier.publish(g, 1)  # … a change lands while the reader reads …
    started = time.monotonic()
    assert notifier.wait([game_key(g)], timeout=WAKE_TIMEOUT, since=watch)  # … and wakes
    assert time.monotonic() - started < WAKE_TIMEOUT / 2  # it at once, not at the timeout


def test_a_blocked_waiter_is_woken_by_a_change_published_meanwhile(notifier: Notifier) -> None:
    g = new_game()
    notifier.watch([game_key(g)])  # (subscribed before the timer starts)
    publisher = threading.Timer(0.1, notifier.publish, args=(g, 1))
    publisher.start()
    started = time.monotonic()
    try:
        assert notifier.wait([game_key(g)], timeout=WAKE_TIMEOUT)
        assert time.monotonic() - started < WAKE_TIMEOUT / 2
    finally:
        publisher.join()
