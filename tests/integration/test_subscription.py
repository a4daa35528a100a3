"""The change feed's subscription to Redis: what it hears, and when it counts itself broken."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import pytest
import redis

from messaging import subscription
from messaging.subscription import Subscription, SubscriptionBroken


@pytest.fixture
def channel() -> str:
    return "test:" + uuid.uuid4().hex


@pytest.fixture
def client(redis_url: str) -> Iterator[redis.Redis]:
    connection = redis.Redis.from_url(redis_url)
    yield connection
    connection.close()


def opened(url: str, channel: str, name: str = "ttr-test") -> Subscription:
    listening = Subscription(url, channel, name=name)
    listening.open()
    return listening


def receive_all(listening: Subscription, count: int, timeout: float = 5.0) -> list[bytes]:
    got: list[bytes] = []
    deadline = time.monotonic() + timeout
    while len(got) < count and time.monotonic() < deadline:
        got += listening.receive(timeout=0.2)
    return got


def test_a_message_published_on_the_channel_is_received(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    listening = opened(redis_url, channel)
    client.publish(channel, b'{"game": "g1", "version": 3}')
    assert receive_all(listening, 1) == [b'{"game": "g1", "version": 3}']
    listening.close()


def test_messages_arrive_in_the_order_they_were_published(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    listening = opened(redis_url, channel)
    pipe = client.pipeline(transaction=False)
    for i in range(200):
        pipe.publish(channel, str(i))
    pipe.execute()
    assert receive_all(listening, 200) == [str(i).encode() for i in range(200)]
    listening.close()


def test_messages_of_other_channels_are_not_received(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    listening = opened(redis_url, channel)
    client.publish(channel + ":other", b"not for us")
    client.publish(channel, b"for us")
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
    client.publish(channel, b"still here")
    assert receive_all(listening, 1) == [b"still here"]
    listening.close()


def test_a_refused_password_is_reported(redis_url: str, channel: str) -> None:
    wrong = redis_url.replace("redis://", "redis://:not-the-password@", 1)
    with pytest.raises(SubscriptionBroken, match="AUTH"):
        Subscription(wrong, channel).open()


def test_a_url_that_is_not_redis_is_refused(channel: str) -> None:
    with pytest.raises(ValueError, match="not a Redis URL"):
        Subscription("http://127.0.0.1:6379", channel).open()


def test_a_message_read_with_the_confirmation_is_not_lost(
        redis_url: str, channel: str, client: redis.Redis,
        monkeypatch: pytest.MonkeyPatch) -> None:
    listening = Subscription(redis_url, channel, name="ttr-test")
    send = listening._send

    def subscribe_then_publish(data: bytes) -> None:
        send(data)
        if b"SUBSCRIBE" in data:  # both answers wait in the socket before the first read
            time.sleep(0.05)
            client.publish(channel, b"right away")
            time.sleep(0.05)

    # this subscription's only: a change feed of another test's app still listening in
    # this process, subscribing again meanwhile, would publish a second message
    monkeypatch.setattr(listening, "_send", subscribe_then_publish)
    listening.open()
    assert receive_all(listening, 1) == [b"right away"]
    listening.close()


def test_a_refused_client_name_still_subscribes(
        redis_url: str, channel: str, client: redis.Redis) -> None:
    listening = opened(redis_url, channel, name="no spaces allowed")
    client.publish(channel, b"heard anyway")
    assert receive_all(listening, 1) == [b"heard anyway"]
    listening.close()
