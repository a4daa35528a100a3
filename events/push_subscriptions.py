"""Browsers' push subscriptions in the store (migration 13): where a player's notices
may be pushed (`worker.push_delivery`).

A subscription is what a browser's Push API gives when the player allows
notifications: the push service's endpoint, and the keys a message is encrypted for.
A player has one per browser they allowed; the same browser subscribing again (same
endpoint) replaces its keys. A subscription is deleted when its player removes it or
when the push service says it is gone (404/410).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from events.database import Database


@dataclass(frozen=True, slots=True)
class Subscription:
    """One browser's push subscription for one user."""
    subscription_id: str
    user_id: str
    endpoint: str
    p256dh: str  # the browser's public key (base64url)
    auth: str  # the shared authentication secret (base64url)
    created_at: datetime


_COLUMNS = "subscription_id, user_id, endpoint, p256dh, auth, created_at"


class PushSubscriptionTables(Database):
    """The `push_subscriptions` table (`events.ports.PushSubscriptions`)."""

    def add_push_subscription(self, sub: Subscription) -> tuple[Subscription, bool]:
        """Keep `sub`; if the user has one with the same endpoint, that one takes the new
        keys (and keeps its id). The subscription as stored, and whether it is new."""
        with self.transaction() as cur:
            cur.execute(f"INSERT INTO push_subscriptions ({_COLUMNS}) "
                        "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (user_id, endpoint) "
                        "DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth",
                        (sub.subscription_id, sub.user_id, sub.endpoint, sub.p256dh,
                         sub.auth, self.time_param(sub.created_at)))
            cur.execute(f"SELECT {_COLUMNS} FROM push_subscriptions "
                        "WHERE user_id = %s AND endpoint = %s", (sub.user_id, sub.endpoint))
            row = cur.fetchone()
        assert row is not None  # (written in this very transaction)
        stored = self._subscription(row)
        return stored, stored.subscription_id == sub.subscription_id

    def push_subscriptions_of(self, user_id: str) -> list[Subscription]:
        """The user's subscriptions, oldest first."""
        with self.reading() as cur:
            cur.execute(f"SELECT {_COLUMNS} FROM push_subscriptions WHERE user_id = %s "
                        "ORDER BY created_at, subscription_id", (user_id,))
            rows = cur.fetchall()
        return [self._subscription(row) for row in rows]

    def delete_push_subscription(self, user_id: str, subscription_id: str) -> bool:
        """Delete the user's subscription `subscription_id`; whether there was one."""
        with self.transaction() as cur:
            cur.execute("DELETE FROM push_subscriptions WHERE subscription_id = %s "
                        "AND user_id = %s", (subscription_id, user_id))
            return cur.rowcount > 0

    def drop_push_endpoint(self, user_id: str, endpoint: str) -> bool:
        """Delete the user's subscription at `endpoint` (its push service says it is
        gone); whether there was one."""
        with self.transaction() as cur:
            cur.execute("DELETE FROM push_subscriptions WHERE user_id = %s "
                        "AND endpoint = %s", (user_id, endpoint))
            return cur.rowcount > 0

    def _subscription(self, row: tuple[object, ...]) -> Subscription:
        sub_id, user_id, endpoint, p256dh, auth, created = row
        return Subscription(str(sub_id), str(user_id), str(endpoint), str(p256dh), str(auth),
                            self.time_value(created))
