"""Quick-match requests in the store, on every adapter (the in-memory one too): one
waiting request per player, paired under the store's lock, cancelled by their player."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from events import SqlStore
from events.matches import CANCELLED, MATCHED, WAITING, AlreadyWaiting, MatchRequest

T0 = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
PLAYERS = {"europe": (2, 5), "nordic": (2, 3), "usa": (2, 5)}


@pytest.fixture
def store(any_store: SqlStore) -> SqlStore:
    """Every adapter, the in-memory one too."""
    return any_store


def request(request_id: str, user_id: str, seconds: int = 0,
            bots_after: int | None = None) -> MatchRequest:
    at = T0 + timedelta(seconds=seconds)
    return MatchRequest(request_id, user_id, user_id.upper(), "europe", 2, 2, True, 60, at,
                        bots_at=None if bots_after is None else at + timedelta(
                            seconds=bots_after), bot_level=None if bots_after is None
                        else "easy")


def game_ids() -> Iterator[str]:
    return (f"g{n}" for n in itertools.count(1))


def test_a_request_waits_until_a_partner_comes(store: SqlStore) -> None:
    ids = game_ids()
    assert store.request_match(request("m1", "u1"), PLAYERS, lambda: next(ids)) == []
    assert store.match_request("m1") == request("m1", "u1")
    [table] = store.request_match(request("m2", "u2", 1), PLAYERS, lambda: next(ids))
    assert (table.game_id, [r.request_id for r in table.requests]) == ("g1", ["m1", "m2"])
    assert [(r.state, r.game_id, r.table_map) for r in store.requests_of_game("g1")] == [
        (MATCHED, "g1", "europe"), (MATCHED, "g1", "europe")]
    assert store.waiting_matches() == []


def test_a_player_has_one_waiting_request_at_a_time(store: SqlStore) -> None:
    store.request_match(request("m1", "u1"), PLAYERS, lambda: "g1")
    with pytest.raises(AlreadyWaiting) as refused:
        store.request_match(request("m2", "u1", 1), PLAYERS, lambda: "g1")
    assert refused.value.request_id == "m1"
    assert store.match_request("m2") is None


def test_a_cancelled_request_is_never_paired(store: SqlStore) -> None:
    store.request_match(request("m1", "u1"), PLAYERS, lambda: "g1")
    cancelled = store.cancel_match("u1", "m1")
    assert cancelled is not None and cancelled.state == CANCELLED
    assert store.request_match(request("m2", "u2", 1), PLAYERS, lambda: "g1") == []


def test_only_its_player_cancels_a_request(store: SqlStore) -> None:
    store.request_match(request("m1", "u1"), PLAYERS, lambda: "g1")
    assert store.cancel_match("u2", "m1") is None
    assert store.match_request("m1").state == WAITING  # type: ignore[union-attr]


def test_a_matched_request_stays_matched_when_cancelled(store: SqlStore) -> None:
    store.request_match(request("m1", "u1"), PLAYERS, lambda: "g1")
    store.request_match(request("m2", "u2", 1), PLAYERS, lambda: "g1")
    assert store.cancel_match("u1", "m1").state == MATCHED  # type: ignore[union-attr]


def test_bots_take_the_seats_only_once_the_wait_is_over(store: SqlStore) -> None:
    store.request_match(request("m1", "u1", bots_after=30), PLAYERS, lambda: "g1")
    assert store.seat_bots_for("m1", T0 + timedelta(seconds=29), PLAYERS, "g9") is None
    table = store.seat_bots_for("m1", T0 + timedelta(seconds=30), PLAYERS, "g9")
    assert table is not None and [r.game_id for r in table.requests] == ["g9"]
    assert store.seat_bots_for("m1", T0 + timedelta(seconds=31), PLAYERS, "g10") is None


def test_pairing_again_seats_requests_whose_windows_have_widened(store: SqlStore) -> None:
    strong = MatchRequest("m1", "u1", "U1", "europe", 2, 2, True, 60, T0, rating=30.0)
    new = MatchRequest("m2", "u2", "U2", "europe", 2, 2, True, 60, T0, rating=0.0)
    store.request_match(strong, PLAYERS, lambda: "g1")
    assert store.request_match(new, PLAYERS, lambda: "g1") == []
    [table] = store.pair_matches(T0 + timedelta(minutes=2), PLAYERS, lambda: "g1")
    assert {r.request_id for r in table.requests} == {"m1", "m2"}
