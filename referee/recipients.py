"""Who has a webhook: the per-process cache `Recipients`, so a game none of whose players
has one costs a set look-up and nothing else (`referee.notices.hand_over` asks it after
every change)."""

from __future__ import annotations

import logging
import threading
import time

from events.ports import WebhookStore

log = logging.getLogger(__name__)

REFRESH = 5.0  # seconds between reads of the users who have a webhook


class Recipients:
    """The users who have a webhook, read from the store at most every `refresh` s.

    A registration takes effect in other processes within `refresh` seconds (the
    API's own process drops its cache when a webhook is registered or removed).
    """

    def __init__(self, refresh: float = REFRESH) -> None:
        self.refresh = refresh
        self._users: frozenset[str] = frozenset()
        self._read_at = float("-inf")
        self._lock = threading.Lock()

    def users(self, store: WebhookStore) -> frozenset[str]:
        if time.monotonic() - self._read_at < self.refresh:
            return self._users
        if not self._lock.acquire(blocking=False):
            return self._users  # another thread is reading them: the last set will do
        try:
            if time.monotonic() - self._read_at >= self.refresh:
                try:
                    self._users = self._fetch(store)
                except Exception as error:  # the store is away: try again next time
                    log.warning("could not read the %s: %s", self.what, error)
                self._read_at = time.monotonic()
            return self._users
        finally:
            self._lock.release()

    what = "users with a webhook"

    def _fetch(self, store: WebhookStore) -> frozenset[str]:
        return store.webhook_users()

    def invalidate(self) -> None:
        self._read_at = float("-inf")
