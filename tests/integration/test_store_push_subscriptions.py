"""Push subscriptions in the store, on every adapter (the in-memory one too): one per
user and endpoint, a browser subscribing again replaces its keys, each player's apart,
removed by their owner or when the push service says they are gone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from events import SqlStore
from events.push_subscriptions import Subscription

T0 = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


@pytest.fixture
def store(any_store: SqlStore) -> SqlStore:
    """Every adapter, the in-memory one too."""
    return any_store


def sub(sub_id: str, user_id: str = "u1", endpoint: str = "https://push.example.com/a",
        key: str = "key-1", minutes: int = 0) -> Subscription:
    return Subscription(sub_id, user_id, endpoint, key, "auth-1",
                        T0 + timedelta(minutes=minutes))


def test_a_new_subscription_is_kept_as_given(store: SqlStore) -> None:
    stored, new = store.add_push_subscription(sub("ps1"))
    assert new is True and stored == sub("ps1")
    assert store.push_subscriptions_of("u1") == [sub("ps1")]


def test_the_same_browser_subscribing_again_replaces_its_keys_and_keeps_its_id(
        store: SqlStore) -> None:
    store.add_push_subscription(sub("ps1"))
    stored, new = store.add_push_subscription(sub("ps2", key="key-2", minutes=5))
    assert new is False
    assert (stored.subscription_id, stored.p256dh, stored.created_at) == ("ps1", "key-2", T0)
    assert store.push_subscriptions_of("u1") == [stored]


def test_each_player_has_their_own_oldest_first(store: SqlStore) -> None:
    store.add_push_subscription(sub("ps2", endpoint="https://push.example.com/b", minutes=2))
    store.add_push_subscription(sub("ps1", minutes=1))
    store.add_push_subscription(sub("ps3", user_id="u2"))  # the same browser, another user
    assert [s.subscription_id for s in store.push_subscriptions_of("u1")] == ["ps1", "ps2"]
    assert [s.subscription_id for s in store.push_subscriptions_of("u2")] == ["ps3"]
    assert store.push_subscriptions_of("u3") == []


def test_a_player_deletes_their_own_subscription_and_no_one_elses(store: SqlStore) -> None:
    store.add_push_subscription(sub("ps1"))
    assert store.delete_push_subscription("u2", "ps1") is False
    assert store.delete_push_subscription("u1", "ps1") is True
    assert store.push_subscriptions_of("u1") == []
    assert store.delete_push_subscription("u1", "ps1") is False


def test_an_endpoint_gone_is_dropped_for_that_player_only(store: SqlStore) -> None:
    store.add_push_subscription(sub("ps1"))
    store.add_push_subscription(sub("ps2", user_id="u2"))
    assert store.drop_push_endpoint("u1", "https://push.example.com/a") is True
    assert store.drop_push_endpoint("u1", "https://push.example.com/a") is False
    assert store.push_subscriptions_of("u1") == []
    assert [s.subscription_id for s in store.push_subscriptions_of("u2")] == ["ps2"]
