"""Shares of games in the store, on every adapter (the in-memory one too): found by the
capability's hash only, listed per game and maker, revoked by their maker alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from events import SqlStore
from events.shares import Share

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
def store(any_store: SqlStore) -> SqlStore:
    """Every adapter, the in-memory one too."""
    return any_store


def share(share_id: str, game_id: str = "g1", user_id: str = "u1", minutes: int = 0) -> Share:
    made = T0 + timedelta(minutes=minutes)
    return Share(share_id, game_id, user_id, made, made + timedelta(days=7))


def test_a_share_is_found_by_its_hash(store: SqlStore) -> None:
    made = store.add_share(share("s1"), "share-hash-1")
    assert store.share_by_hash("share-hash-1") == made
    assert store.share_by_hash("share-hash-2") is None


def test_shares_are_listed_per_game_and_maker_oldest_first(store: SqlStore) -> None:
    store.add_share(share("s2", minutes=2), "h2")
    store.add_share(share("s1", minutes=1), "h1")
    store.add_share(share("s3", game_id="g2"), "h3")
    store.add_share(share("s4", user_id="u2"), "h4")
    assert [s.share_id for s in store.shares_of("g1", "u1")] == ["s1", "s2"]


def test_a_revoked_share_is_gone(store: SqlStore) -> None:
    store.add_share(share("s1"), "h1")
    assert store.revoke_share("u1", "g1", "s1") is True
    assert store.share_by_hash("h1") is None
    assert store.revoke_share("u1", "g1", "s1") is False


def test_nobody_revokes_another_players_share(store: SqlStore) -> None:
    store.add_share(share("s1"), "h1")
    assert store.revoke_share("u2", "g1", "s1") is False
    assert store.revoke_share("u1", "g2", "s1") is False
    assert store.share_by_hash("h1") is not None


def test_a_capabilitys_hash_is_stored_once(store: SqlStore) -> None:
    store.add_share(share("s1"), "h1")
    with pytest.raises(Exception):  # noqa: B017  (each adapter raises its own)
        store.add_share(share("s2"), "h1")
    assert [s.share_id for s in store.shares_of("g1", "u1")] == ["s1"]
