"""The webhook store (`events.ports.WebhookStore`) on every adapter alike (SQLite,
PostgreSQL, in memory): registrations, deliveries created once, claims, attempts
recorded once, what the sweep finds, pruning."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest

from events.ports import WebhookStore
from events.webhooks import DELIVERED, FAILED, PENDING, Attempt, NewDelivery

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def store(any_store: WebhookStore) -> WebhookStore:
    """Every adapter, the in-memory one too."""
    return any_store


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def new(delivery_id: str, user: str = "u1", game: str | None = "g1", version: int | None = 1,
        kind: str = "your_turn") -> NewDelivery:
    return NewDelivery(delivery_id, user, kind, game, version,
                       f'{{"id":"{delivery_id}","kind":"{kind}"}}')


def attempt(number: int, seconds: float, status: int | None = 500,
            error: str | None = None) -> Attempt:
    return Attempt(number, at(seconds), status, error, 12)


def test_a_webhook_is_registered_replaced_read_and_removed(store: WebhookStore) -> None:
    assert store.webhook_of("u1") is None and store.webhook_users() == frozenset()
    hook, created = store.put_webhook("u1", "https://a.example/hook", "s" * 16)
    assert created and hook.url == "https://a.example/hook" and hook.secret == "s" * 16
    again, created = store.put_webhook("u1", "https://b.example/hook", "t" * 16)
    assert not created and again.url == "https://b.example/hook" and again.secret == "t" * 16
    assert again.created_at == hook.created_at
    store.put_webhook("u2", "https://c.example/", "u" * 16)
    assert store.webhook_users() == {"u1", "u2"}
    assert store.delete_webhook("u1") and not store.delete_webhook("u1")
    assert store.webhook_of("u1") is None and store.webhook_users() == {"u2"}


def test_deliveries_are_created_once_per_user_game_version_and_kind(store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    first = store.add_deliveries([new("d1"), new("d2", kind="game_started")], at(0))
    assert first == ["d1", "d2"]
    # the same fan-out again (new random ids): nothing new
    assert store.add_deliveries([new("d3"), new("d4", kind="game_started")], at(1)) == []
    assert store.add_deliveries([new("d5", version=2)], at(1)) == ["d5"]
    # a user without a webhook gets nothing; pings (no game) never collide
    assert store.add_deliveries([new("d6", user="u9")], at(1)) == []
    pings = [new(f"p{i}", game=None, version=None, kind="ping") for i in range(2)]
    assert store.add_deliveries(pings, at(2)) == ["p0", "p1"]
    found = store.delivery("d1")
    assert found is not None and found.status == PENDING and found.attempts == 0
    assert found.next_attempt_at == at(0) and found.body == '{"id":"d1","kind":"your_turn"}'
    assert store.count_deliveries() == {PENDING: 5, DELIVERED: 0, FAILED: 0}


def test_a_claim_holds_a_due_delivery_for_one_job(store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    store.add_deliveries([new("d1")], at(0), due=at(10))
    assert store.claim("d1", at(5), at(40)) is None  # not due yet
    assert store.claim("d1", at(8), at(40), early=2.0) is not None  # due, within `early`
    assert store.claim("d1", at(11), at(41)) is None  # held by the first job
    assert store.due_deliveries(at(20)) == []  # (and the sweep leaves it alone)
    again = store.claim("d1", at(40), at(70))  # the claim ran out: the job died
    assert again is not None and again.delivery_id == "d1"
    assert store.claim("nope", at(40), at(70)) is None


def test_attempts_are_recorded_once_each_and_end_the_delivery(store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    store.add_deliveries([new("d1")], at(0))
    assert store.claim("d1", at(0), at(30)) is not None
    assert store.record_attempt("d1", attempt(1, 0, 500), PENDING, at(10))
    assert not store.record_attempt("d1", attempt(1, 0, 500), PENDING, at(10))  # again
    assert store.claim("d1", at(5), at(35)) is None  # the retry is not due yet
    assert store.due_deliveries(at(9)) == [] and store.due_deliveries(at(10)) == [
        ("d1", at(10))]
    assert store.claim("d1", at(10), at(40)) is not None
    assert store.record_attempt("d1", attempt(2, 10, None, "timed out"), PENDING, at(40))
    assert store.claim("d1", at(40), at(70)) is not None
    assert store.record_attempt("d1", attempt(3, 40, 204), DELIVERED, None)
    assert not store.record_attempt("d1", attempt(4, 41, 204), DELIVERED, None)
    [shown] = store.deliveries_of("u1")
    assert shown.status == DELIVERED and shown.attempts == 3 and shown.next_attempt_at is None
    assert [(a.number, a.status_code, a.error) for a in shown.attempt_log] == [
        (1, 500, None), (2, None, "timed out"), (3, 204, None)]
    assert shown.attempt_log[1].attempted_at == at(10) and shown.attempt_log[0].duration_ms == 12
    assert store.claim("d1", at(100), at(130)) is None  # over


def test_deliveries_are_listed_newest_first_per_user(store: WebhookStore) -> None:
    for user in ("u1", "u2"):
        store.put_webhook(user, "https://a.example/", "s" * 16)
    for n in range(5):
        store.add_deliveries([new(f"d{n}", version=n + 1)], at(n))
    store.add_deliveries([new("x", user="u2")], at(9))
    assert [d.delivery_id for d in store.deliveries_of("u1")] == ["d4", "d3", "d2", "d1", "d0"]
    assert [d.delivery_id for d in store.deliveries_of("u1", limit=2)] == ["d4", "d3"]
    assert [d.delivery_id for d in store.deliveries_of("u2")] == ["x"]


def test_removing_a_webhook_fails_its_pending_deliveries(store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    store.add_deliveries([new("d1"), new("d2", version=2)], at(0))
    assert store.claim("d2", at(0), at(30)) is not None
    store.record_attempt("d2", attempt(1, 0, 200), DELIVERED, None)
    store.delete_webhook("u1")
    statuses = {d.delivery_id: (d.status, d.next_attempt_at) for d in store.deliveries_of("u1")}
    assert statuses == {"d1": (FAILED, None), "d2": (DELIVERED, None)}
    assert store.due_deliveries(at(100)) == []
    store.put_webhook("u2", "https://a.example/", "s" * 16)
    store.add_deliveries([new("e1", user="u2")], at(0))
    assert store.give_up("e1") and not store.give_up("e1")


def test_old_finished_deliveries_are_pruned(store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    store.add_deliveries([new("old"), new("pending", version=2)], at(0))
    store.add_deliveries([new("recent", version=3)], at(1000))
    for delivery_id, when in (("old", 0), ("recent", 1000)):
        assert store.claim(delivery_id, at(when), at(when + 30)) is not None
        store.record_attempt(delivery_id, attempt(1, when, 200), DELIVERED, None)
    assert store.prune_deliveries(at(500)) == 1
    assert {d.delivery_id for d in store.deliveries_of("u1")} == {"pending", "recent"}
    assert store.prune_deliveries(at(500)) == 0


def test_the_sweep_lists_due_deliveries_oldest_first_up_to_its_limit(
        store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    for n, due in enumerate((30, 10, 20, 99)):
        store.add_deliveries([new(f"d{n}", version=n + 1)], at(0), due=at(due))
    assert store.due_deliveries(at(50)) == [("d1", at(10)), ("d2", at(20)), ("d0", at(30))]
    assert store.due_deliveries(at(50), limit=2) == [("d1", at(10)), ("d2", at(20))]


def test_an_attempt_out_of_turn_or_of_no_known_status_changes_nothing(
        store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    store.add_deliveries([new("d1")], at(0))
    with pytest.raises(ValueError):
        store.record_attempt("d1", attempt(1, 0), "lost", None)
    assert not store.record_attempt("d1", attempt(2, 0), PENDING, at(10))  # 1 comes first
    assert not store.record_attempt("nope", attempt(1, 0), PENDING, at(10))
    found = store.delivery("d1")
    assert found is not None and found.attempts == 0 and found.next_attempt_at == at(0)
    assert store.deliveries_of("u1")[0].attempt_log == ()


def test_a_failed_delivery_is_neither_claimed_nor_attempted(store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    store.add_deliveries([new("d1")], at(0))
    assert store.claim("d1", at(0), at(30)) is not None
    assert store.give_up("d1")  # even while a job holds it
    assert store.claim("d1", at(100), at(130)) is None
    assert not store.record_attempt("d1", attempt(1, 1), DELIVERED, None)
    found = store.delivery("d1")
    assert found is not None and (found.status, found.next_attempt_at) == (FAILED, None)


def test_deliveries_are_counted_by_status(store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    store.add_deliveries([new(f"d{n}", version=n) for n in range(4)], at(0))
    assert store.claim("d0", at(0), at(30)) is not None
    store.record_attempt("d0", attempt(1, 0, 200), DELIVERED, None)
    store.give_up("d1")
    assert store.count_deliveries() == {PENDING: 2, DELIVERED: 1, FAILED: 1}


def test_pruning_keeps_pending_deliveries_and_stops_at_its_limit(store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    store.add_deliveries([new(f"d{n}", version=n) for n in range(4)], at(0))
    for n in range(3):
        store.give_up(f"d{n}")
    assert store.prune_deliveries(at(1), limit=2) == 2
    assert store.count_deliveries() == {PENDING: 1, DELIVERED: 0, FAILED: 1}
    assert store.prune_deliveries(at(1)) == 1
    assert [d.delivery_id for d in store.deliveries_of("u1")] == ["d3"]


def test_a_pruned_delivery_leaves_nothing_behind(store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    store.add_deliveries([new("d1")], at(0))
    assert store.claim("d1", at(0), at(30)) is not None
    store.record_attempt("d1", attempt(1, 0, 200), DELIVERED, None)
    assert store.prune_deliveries(at(1)) == 1
    assert store.delivery("d1") is None
    # its id and its (user, game, version, kind) are free again, with no old attempts
    assert store.add_deliveries([new("d1")], at(2)) == ["d1"]
    [again] = store.deliveries_of("u1")
    assert again.attempts == 0 and again.attempt_log == () and again.created_at == at(2)


def test_of_two_jobs_claiming_at_once_one_holds_the_delivery(store: WebhookStore) -> None:
    store.put_webhook("u1", "https://a.example/", "s" * 16)
    store.add_deliveries([new("d1")], at(0))
    start = threading.Barrier(8)
    won: list[bool] = []

    def job() -> None:
        start.wait()
        won.append(store.claim("d1", at(1), at(31)) is not None)

    threads = [threading.Thread(target=job) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(won) == [False] * 7 + [True]
