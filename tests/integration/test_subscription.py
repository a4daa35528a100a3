"""One connection's sharded subscriptions to Redis (`SSUBSCRIBE`): what it hears, and
when it counts itself broken (on a single Redis 7; a cluster node's `MOVED` too)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest
import redis

from messaging import subscription
from messaging.subscription import (
    MESSAGE,
    SUBSCRIBED,
    UNSUBSCRIBED,
    SlotMoved,
    Subscription,
    SubscriptionBroken,
)
from tests.redis_cluster import RedisCluster
from tests.redis_cluster import redis_cluster as redis_cluster  # noqa: F401 (a fixture)


@pytest.fixture
def channel() -> str:
    return "test:" + uuid.uuid4().hex


@pytest.fixture
def client(redis_url: str) -> Iterator[redis.Redis]:
    connection = redis.Redis.from_url(redis_url)
    yield connection
    connection.close()


def confirmed(listening: Subscription, channel: str, timeout: float = 5.0) -> list[bytes]:
    """Until Redis confirms `channel`; the messages heard meanwhile (none expected)."""
    early: list[bytes] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for kind, name, payload in listening.receive(timeout=0.2):
            if kind == SUBSCRIBED and name == channel.encode():
                return early
            if kind == MESSAGE:
                early.append(payload)
    raise AssertionError(f"{channel} never confirmed")


def opened(url: str, channel: str, name: str = "ttr-test") -> Subscription:
    listening = Subscription(url, name=name)
    listening.open()
    listening.subscribe([channel])
    assert confirmed(listening, channel) == []
    return listening


def receive_all(listening: Subscription, count: int, timeout: float = 5.0) -> list[bytes]:
    got: list[bytes] = []
    deadline = time.monotonic() + timeout
    while len(got) < count and time.monotonic() < deadline:
        got += [payload for kind, _, payload in listening.receive(timeout=0.2)
                if kind == MESSAGE]
    return got


def test_a_message_published_on_the_channel_is_received(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    listening = opened(redis_url, channel)
    client.spublish(channel, b'{"game": "g1", "version": 3}')
    assert receive_all(listening, 1) == [b'{"game": "g1", "version": 3}']
    listening.close()


def test_messages_arrive_in_the_order_they_were_published(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    listening = opened(redis_url, channel)
    pipe = client.pipeline(transaction=False)
    for i in range(200):
        pipe.spublish(channel, str(i))
    pipe.execute()
    assert receive_all(listening, 200) == [str(i).encode() for i in range(200)]
    listening.close()


def test_messages_of_other_channels_are_not_received(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    listening = opened(redis_url, channel)
    client.spublish(channel + ":other", b"not for us")
    client.spublish(channel, b"for us")
    assert receive_all(listening, 1) == [b"for us"]
    assert listening.receive(timeout=0.2) == []
    listening.close()


def test_a_connection_closed_by_redis_breaks_the_subscription(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    name = "ttr-test-" + uuid.uuid4().hex[:8]
    listening = opened(redis_url, channel, name)
    killed = client.client_kill_filter(_id=next(
        c["id"] for c in client.client_list() if c["name"] == name))
    assert killed == 1
    with pytest.raises(SubscriptionBroken):
        listening.receive(timeout=2.0)
    listening.close()


def test_a_ping_left_unanswered_breaks_the_subscription(
        redis_url: str, channel: str, client: redis.Redis,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subscription, "HEALTH_SECONDS", 0.2)
    listening = opened(redis_url, channel)
    client.execute_command("CLIENT", "PAUSE", 1500, "ALL")  # Redis answers nothing
    try:
        with pytest.raises(SubscriptionBroken, match="PING"):
            deadline = time.monotonic() + 1.2
            while time.monotonic() < deadline:
                listening.receive(timeout=0.1)
    finally:
        client.execute_command("CLIENT", "UNPAUSE")
        listening.close()


def test_a_quiet_channel_is_kept_by_answered_pings(
        redis_url: str, channel: str, client: redis.Redis,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subscription, "HEALTH_SECONDS", 0.1)
    listening = opened(redis_url, channel)
    deadline = time.monotonic() + 0.8
    while time.monotonic() < deadline:
        assert listening.receive(timeout=0.05) == []
    client.spublish(channel, b"still here")
    assert receive_all(listening, 1) == [b"still here"]
    listening.close()


def test_a_refused_password_is_reported(redis_url: str) -> None:
    wrong = redis_url.replace("redis://", "redis://:not-the-password@", 1)
    with pytest.raises(SubscriptionBroken, match="AUTH"):
        Subscription(wrong).open()


def test_a_url_that_is_not_redis_is_refused() -> None:
    with pytest.raises(ValueError, match="not a Redis URL"):
        Subscription("http://127.0.0.1:6379").open()


def test_an_unsubscribed_channel_is_heard_no_more(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    listening = opened(redis_url, channel)
    listening.unsubscribe([channel])
    deadline = time.monotonic() + 5
    said: list[tuple[str, bytes, bytes]] = []
    while not said and time.monotonic() < deadline:
        said = listening.receive(timeout=0.2)
    assert said == [(UNSUBSCRIBED, channel.encode(), b"")]
    client.spublish(channel, b"too late")
    assert listening.receive(timeout=0.2) == []
    listening.close()


def test_several_channels_share_one_connection(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    listening = opened(redis_url, channel)
    other = channel + ":other"
    listening.subscribe([other])
    confirmed(listening, other)
    client.spublish(other, b"on the second")
    client.spublish(channel, b"on the first")
    assert receive_all(listening, 2) == [b"on the second", b"on the first"]
    listening.close()


def test_a_refused_client_name_still_subscribes(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    listening = opened(redis_url, channel, name="no spaces allowed")
    client.spublish(channel, b"heard anyway")
    assert receive_all(listening, 1) == [b"heard anyway"]
    listening.close()


def test_a_cluster_node_that_does_not_serve_the_channels_slot_says_it_moved(
        redis_cluster: RedisCluster, channel: str) -> None:
    from redis.cluster import RedisCluster as Client

    cluster = Client.from_url(redis_cluster.url)
    serving = cluster.get_node_from_key(channel)
    elsewhere = next(n for n in cluster.get_primaries() if n.port != serving.port)
    listening = Subscription(f"redis://127.0.0.1:{elsewhere.port}")
    listening.open()
    listening.subscribe([channel])
    with pytest.raises(SlotMoved):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            listening.receive(timeout=0.2)
    listening.close()
    cluster.close()
