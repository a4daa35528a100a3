"""Notice settings and the notice outbox in memory, by the rules of the SQL stores'
tables (`events.notice_outbox`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from events.clock import utcnow
from events.memory.base import Clock, MemoryTables, utc
from events.notice_outbox import PENDING, SENT, NewNoticeDelivery, NoticeDelivery

if TYPE_CHECKING:
    from events.mail_addresses import MailAddress


class MemoryNoticeOutbox(MemoryTables):
    """Notice settings and deliveries (`events.ports.NoticeOutbox`), in memory. Mixed
    into a store with the addresses (`_addresses`)."""

    if TYPE_CHECKING:
        _addresses: dict[str, MailAddress]

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._notice_settings: dict[str, dict[str, Any]] = {}
        self._notices: dict[str, NoticeDelivery] = {}
        self._notice_keys: set[str] = set()

    def notice_settings_of(self, user_id: str) -> dict[str, Any] | None:
        with self._lock:
            found = self._notice_settings.get(user_id)
            return None if found is None else dict(found)

    def put_notice_settings(self, user_id: str, settings: dict[str, Any],
                            now: datetime) -> None:
        with self._lock:
            self._notice_settings[user_id] = dict(settings)

    def reachable_users(self) -> frozenset[str]:
        with self._lock:
            return frozenset(self._notice_settings) | frozenset(
                u for u, a in self._addresses.items() if a.disabled_at is None)

    def add_notice_deliveries(self, deliveries: Sequence[NewNoticeDelivery], now: datetime,
                              new_id: Callable[[], str]) -> list[str]:
        added = []
        with self._lock:
            for d in deliveries:
                if d.notice_key in self._notice_keys:
                    continue
                delivery_id = new_id()
                self._notice_keys.add(d.notice_key)
                self._notices[delivery_id] = NoticeDelivery(
                    delivery_id, d.notice_key, d.user_id, d.channel, d.kind, d.game_id,
                    d.version, dict(d.data), PENDING, 0, utc(now), utc(d.due_at), None, None)
                added.append(delivery_id)
        return added

    def notice_delivery(self, delivery_id: str) -> NoticeDelivery | None:
        with self._lock:
            return self._notices.get(delivery_id)

    def claim_notice(self, delivery_id: str, now: datetime,
                     until: datetime) -> NoticeDelivery | None:
        now = utc(now)
        with self._lock:
            d = self._notices.get(delivery_id)
            if d is None or d.status != PENDING or d.due_at > now or (
                    d.claimed_until is not None and d.claimed_until > now):
                return None
            d = self._notices[delivery_id] = replace(d, claimed_until=utc(until),
                                                     attempts=d.attempts + 1)
            return d

    def settle_notices(self, delivery_ids: Sequence[str], status: str,
                       now: datetime) -> None:
        with self._lock:
            for delivery_id in delivery_ids:
                d = self._notices.get(delivery_id)
                if d is not None and d.status == PENDING:
                    self._notices[delivery_id] = replace(
                        d, status=status, claimed_until=None,
                        sent_at=utc(now) if status == SENT else None)

    def release_notice(self, delivery_id: str, due_at: datetime) -> None:
        with self._lock:
            d = self._notices.get(delivery_id)
            if d is not None and d.status == PENDING:
                self._notices[delivery_id] = replace(d, claimed_until=None, due_at=utc(due_at))

    def due_notices(self, now: datetime, limit: int = 1000) -> list[NoticeDelivery]:
        now = utc(now)
        with self._lock:
            due = [d for d in self._notices.values() if d.status == PENDING and d.due_at <= now
                   and (d.claimed_until is None or d.claimed_until <= now)]
        return sorted(due, key=lambda d: (d.due_at, d.delivery_id))[:limit]

    def pending_notices_of(self, user_id: str, channel: str) -> list[NoticeDelivery]:
        with self._lock:
            found = [d for d in self._notices.values() if d.user_id == user_id
                     and d.channel == channel and d.status == PENDING]
        return sorted(found, key=lambda d: (d.created_at, d.delivery_id))
