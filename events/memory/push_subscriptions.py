"""Push subscriptions in memory, by the rules of the SQL stores' `push_subscriptions`
table (`events.push_subscriptions`): one per user and endpoint, a repeat taking the
new keys, listed oldest first, deleted by id or by endpoint."""

from __future__ import annotations

from dataclasses import replace

from events.clock import utcnow
from events.memory.base import Clock, MemoryTables, utc
from events.push_subscriptions import Subscription


class MemoryPushSubscriptions(MemoryTables):
    """Browsers' push subscriptions (`events.ports.PushSubscriptions`), in memory."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._push: dict[tuple[str, str], Subscription] = {}  # (user, endpoint) → it

    def add_push_subscription(self, sub: Subscription) -> tuple[Subscription, bool]:
        """Keep `sub`; if the user has one with the same endpoint, that one takes the new
        keys (and keeps its id). The subscription as stored, and whether it is new."""
        with self._lock:
            kept = self._push.get((sub.user_id, sub.endpoint))
            stored = (replace(sub, created_at=utc(sub.created_at)) if kept is None
                      else replace(kept, p256dh=sub.p256dh, auth=sub.auth))
            self._push[(sub.user_id, sub.endpoint)] = stored
            return stored, kept is None

    def push_subscriptions_of(self, user_id: str) -> list[Subscription]:
        """The user's subscriptions, oldest first."""
        with self._lock:
            mine = [s for s in self._push.values() if s.user_id == user_id]
        return sorted(mine, key=lambda s: (s.created_at, s.subscription_id))

    def delete_push_subscription(self, user_id: str, subscription_id: str) -> bool:
        """Delete the user's subscription `subscription_id`; whether there was one."""
        with self._lock:
            for key, sub in self._push.items():
                if sub.user_id == user_id and sub.subscription_id == subscription_id:
                    del self._push[key]
                    return True
            return False

    def drop_push_endpoint(self, user_id: str, endpoint: str) -> bool:
        """Delete the user's subscription at `endpoint`; whether there was one."""
        with self._lock:
            return self._push.pop((user_id, endpoint), None) is not None
