"""The notice outbox and notice settings in the store, on every adapter (the in-memory
one too): a delivery is stored once per key, claimed by one job at a time, settled once,
and found again by the sweep when its claim lapses."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

from events import SqlStore
from events.notice_outbox import PENDING, SENT, NewNoticeDelivery

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
_ids = itertools.count()


def new_id() -> str:
    return f"nd_{next(_ids)}"


def one(key: str = "your_turn:g1:3:u1:mail", due: datetime = T0) -> NewNoticeDelivery:
    return NewNoticeDelivery(key, "u1", "mail", "your_turn", "g1", 3, due, {"seat": 1})


def test_a_delivery_is_stored_once_per_key(any_store: SqlStore) -> None:
    first = any_store.add_notice_deliveries([one(), one()], T0, new_id)
    again = any_store.add_notice_deliveries([one()], T0, new_id)
    assert len(first) == 1 and again == []
    stored = any_store.notice_delivery(first[0])
    assert stored is not None and (stored.status, stored.data) == (PENDING, {"seat": 1})


def test_one_job_at_a_time_holds_a_delivery(any_store: SqlStore) -> None:
    [delivery_id] = any_store.add_notice_deliveries([one()], T0, new_id)
    held = any_store.claim_notice(delivery_id, T0, T0 + timedelta(minutes=2))
    assert held is not None and held.attempts == 1
    assert any_store.claim_notice(delivery_id, T0, T0 + timedelta(minutes=2)) is None
    assert any_store.due_notices(T0) == []
    lapsed = T0 + timedelta(minutes=3)  # its worker died: the sweep finds it again
    assert [d.delivery_id for d in any_store.due_notices(lapsed)] == [delivery_id]


def test_a_delivery_is_not_claimed_before_it_is_due(any_store: SqlStore) -> None:
    [delivery_id] = any_store.add_notice_deliveries([one(due=T0 + timedelta(hours=1))], T0,
                                                    new_id)
    assert any_store.claim_notice(delivery_id, T0, T0 + timedelta(minutes=2)) is None


def test_a_settled_delivery_is_never_sent_again(any_store: SqlStore) -> None:
    [delivery_id] = any_store.add_notice_deliveries([one()], T0, new_id)
    any_store.claim_notice(delivery_id, T0, T0 + timedelta(minutes=2))
    any_store.settle_notices([delivery_id], SENT, T0)
    later = T0 + timedelta(hours=1)
    assert any_store.claim_notice(delivery_id, later, later) is None
    settled = any_store.notice_delivery(delivery_id)
    assert settled is not None and (settled.status, settled.sent_at) == (SENT, T0)


def test_settings_are_kept_and_make_a_player_reachable(any_store: SqlStore) -> None:
    assert any_store.notice_settings_of("u1") is None
    any_store.put_notice_settings("u1", {"digest_hours": 24}, T0)
    any_store.put_notice_settings("u1", {"digest_hours": 12}, T0)
    assert any_store.notice_settings_of("u1") == {"digest_hours": 12}
    assert any_store.reachable_users() == {"u1"}
