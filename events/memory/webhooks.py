"""Webhooks held in memory: the `events.ports.WebhookStore` port in plain Python, with
the semantics of the SQL tables (`events.webhooks`) to the letter.

A registration per user, the deliveries owed to it (unique per delivery id, and per
(user, game, version, kind) when game and version are known: a ping never collides,
as NULLs never do in SQL), each delivery's attempts, and the claim a delivery job
holds. Every method runs under the store's lock (`self._lock`), which makes each one
a transaction, as in SQL.

`MemoryWebhooks` is a part of `events.memory.MemoryStore` (`events.memory.base`): it
needs only the store's `clock` and `_lock`. Times are kept in UTC, as SQLite gives
them back.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from events.clock import utcnow
from events.memory.base import Clock, MemoryTables
from events.webhooks import (
    DELIVERED,
    FAILED,
    PENDING,
    STATUSES,
    Attempt,
    Delivery,
    NewDelivery,
    Webhook,
)

if TYPE_CHECKING:
    from events.ports import WebhookStore

__all__ = ["DELIVERED", "FAILED", "PENDING", "MemoryWebhooks"]

_Key = tuple[str, str, int, str]  # (user, game, version, kind)


@dataclass(slots=True)
class _Held:
    """A stored delivery: what `Delivery` shows, the claim, and the order it came in."""
    delivery: Delivery
    order: int
    claimed_until: datetime | None = None
    attempts: list[Attempt] = field(default_factory=list)

    def set(self, **changes: Any) -> None:
        self.delivery = replace(self.delivery, **changes)


class MemoryWebhooks(MemoryTables):
    """Webhook registrations, deliveries and attempts (`events.ports.WebhookStore`)."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._webhooks: dict[str, Webhook] = {}
        self._deliveries: dict[str, _Held] = {}
        self._delivery_keys: dict[_Key, str] = {}
        self._delivery_order = itertools.count()

    # -- registrations --------------------------------------------------------------------

    def put_webhook(self, user_id: str, url: str, secret: str) -> tuple[Webhook, bool]:
        """Register (or replace) `user_id`'s webhook; True as well if it is new."""
        now = _utc(self.clock())
        with self._lock:
            old = self._webhooks.get(user_id)
            hook = Webhook(user_id, url, secret, old.created_at if old else now, now)
            self._webhooks[user_id] = hook
        return hook, old is None

    def webhook_of(self, user_id: str) -> Webhook | None:
        with self._lock:
            return self._webhooks.get(user_id)

    def delete_webhook(self, user_id: str) -> bool:
        """Remove `user_id`'s webhook; its pending deliveries fail (nowhere to send them)."""
        with self._lock:
            deleted = self._webhooks.pop(user_id, None) is not None
            for held in self._deliveries.values():
                if held.delivery.user_id == user_id and held.delivery.status == PENDING:
                    _end(held, FAILED)
        return deleted

    def webhook_users(self) -> frozenset[str]:
        with self._lock:
            return frozenset(self._webhooks)

    # -- deliveries -----------------------------------------------------------------------

    def add_deliveries(self, deliveries: Sequence[NewDelivery], now: datetime,
                       due: datetime | None = None) -> list[str]:
        """Store the deliveries whose user still has a webhook, created `now` and first due
        at `due` (by default `now`); the ids of those stored now."""
        created: list[str] = []
        now = _utc(now)
        at = _utc(due) if due is not None else now
        with self._lock:
            for d in deliveries:
                key = _key_of(d)
                if (d.user_id not in self._webhooks or d.delivery_id in self._deliveries
                        or (key is not None and key in self._delivery_keys)):
                    continue
                stored = Delivery(d.delivery_id, d.user_id, d.kind, d.game_id, d.version,
                                  PENDING, 0, now, at, d.body)
                self._deliveries[d.delivery_id] = _Held(stored, next(self._delivery_order))
                if key is not None:
                    self._delivery_keys[key] = d.delivery_id
                created.append(d.delivery_id)
        return created

    def delivery(self, delivery_id: str) -> Delivery | None:
        with self._lock:
            held = self._deliveries.get(delivery_id)
            return held.delivery if held is not None else None

    def deliveries_of(self, user_id: str, limit: int = 50) -> list[Delivery]:
        """`user_id`'s deliveries, newest first, each with its attempts (oldest first)."""
        with self._lock:
            mine = [h for h in self._deliveries.values() if h.delivery.user_id == user_id]
            mine.sort(key=_newest_first)
            return [replace(h.delivery, attempt_log=tuple(h.attempts)) for h in mine[:limit]]

    def claim(self, delivery_id: str, now: datetime, until: datetime,
              early: float = 0.0) -> Delivery | None:
        """Take the pending delivery to send it now, for a job that holds it until `until`;
        None when it is not pending, not due (within `early` seconds) or still claimed."""
        due = now + timedelta(seconds=early)
        with self._lock:
            held = self._deliveries.get(delivery_id)
            if held is None or not _due(held, due, now):
                return None
            held.claimed_until = until
            return held.delivery

    def record_attempt(self, delivery_id: str, attempt: Attempt, status: str,
                       next_attempt_at: datetime | None) -> bool:
        """Record attempt number `attempt.number` and the delivery's new `status`; False,
        and nothing written, if that attempt was recorded already or the delivery is no
        longer pending."""
        if status not in STATUSES:
            raise ValueError(f"unknown delivery status {status!r}")
        with self._lock:
            held = self._deliveries.get(delivery_id)
            if (held is None or held.delivery.status != PENDING
                    or held.delivery.attempts != attempt.number - 1):
                return False
            held.set(status=status, attempts=attempt.number,
                     next_attempt_at=_utc(next_attempt_at) if next_attempt_at else None)
            held.claimed_until = None
            held.attempts.append(replace(attempt, attempted_at=_utc(attempt.attempted_at)))
        return True

    def give_up(self, delivery_id: str) -> bool:
        """Fail a pending delivery without another attempt (its webhook is gone)."""
        with self._lock:
            held = self._deliveries.get(delivery_id)
            if held is None or held.delivery.status != PENDING:
                return False
            _end(held, FAILED)
        return True

    def due_deliveries(self, now: datetime,
                       limit: int = 1000) -> list[tuple[str, datetime]]:
        """Pending deliveries due by `now` that no job holds: (id, when due), oldest first."""
        with self._lock:
            due = [h for h in self._deliveries.values() if _due(h, now, now)]
        due.sort(key=lambda h: (h.delivery.next_attempt_at, h.order))
        return [(h.delivery.delivery_id, _when(h)) for h in due[:limit]]

    def count_deliveries(self) -> dict[str, int]:
        """How many deliveries there are in each status (for a gauge)."""
        counted = dict.fromkeys(STATUSES, 0)
        with self._lock:
            for held in self._deliveries.values():
                counted[held.delivery.status] += 1
        return counted

    def prune_deliveries(self, before: datetime, limit: int = 1000) -> int:
        """Delete up to `limit` delivered or failed deliveries created before `before`
        (and their attempts), the oldest first; returns how many."""
        with self._lock:
            old = sorted((h for h in self._deliveries.values()
                          if h.delivery.status != PENDING and h.delivery.created_at < before),
                         key=lambda h: h.order)[:limit]
            for held in old:
                del self._deliveries[held.delivery.delivery_id]
                key = _key_of(held.delivery)
                if key is not None:
                    self._delivery_keys.pop(key, None)
        return len(old)


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


def _key_of(d: NewDelivery | Delivery) -> _Key | None:
    """The delivery's unique key, or None when a part is missing (NULLs never collide)."""
    if d.game_id is None or d.version is None:
        return None
    return (d.user_id, d.game_id, d.version, d.kind)


def _due(held: _Held, due: datetime, now: datetime) -> bool:
    """Pending, due by `due`, and held by no job whose claim runs past `now`."""
    d = held.delivery
    return (d.status == PENDING and d.next_attempt_at is not None and d.next_attempt_at <= due
            and (held.claimed_until is None or held.claimed_until <= now))


def _when(held: _Held) -> datetime:
    at = held.delivery.next_attempt_at
    assert at is not None  # (a due delivery has its time)
    return at


def _end(held: _Held, status: str) -> None:
    held.set(status=status, next_attempt_at=None)
    held.claimed_until = None


def _newest_first(held: _Held) -> tuple[float, float, _Reversed]:
    """SQL's `ORDER BY created_at DESC, version DESC, delivery_id DESC`; a delivery without
    a version sorts as PostgreSQL sorts NULL (first, when descending)."""
    d = held.delivery
    version = float("inf") if d.version is None else d.version
    return (-d.created_at.timestamp(), -version, _Reversed(d.delivery_id))


@dataclass(frozen=True, slots=True)
class _Reversed:
    """A string that sorts backwards (for a descending key among ascending ones)."""
    text: str

    def __lt__(self, other: _Reversed) -> bool:
        return self.text > other.text


if TYPE_CHECKING:
    def _holds_the_port(store: MemoryWebhooks) -> WebhookStore:
        return store  # mypy checks that `MemoryWebhooks` satisfies the port
