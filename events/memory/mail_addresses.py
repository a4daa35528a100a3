"""Players' e-mail addresses and mail links in memory, by the rules of the SQL stores'
tables (`events.mail_addresses`): sealed addresses found by their keyed hash, one
account per address, links kept by their hash and claimed once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from events.clock import utcnow
from events.mail_addresses import KEPT_AFTER_EXPIRY, VERIFY, LinkUse, MailAddress, MailLink
from events.memory.base import Clock, DuplicateKey, MemoryTables, utc


class MemoryMailAddresses(MemoryTables):
    """Addresses and mail links (`events.ports.MailAddresses`), in memory."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._addresses: dict[str, MailAddress] = {}  # user → address
        self._links: dict[str, MailLink] = {}  # hash → link

    def mail_address_of(self, user_id: str) -> MailAddress | None:
        with self._lock:
            return self._addresses.get(user_id)

    def mail_address_by_lookup(self, lookups: Sequence[str]) -> MailAddress | None:
        with self._lock:
            return next((a for a in self._addresses.values() if a.lookup in lookups), None)

    def remove_mail_address(self, user_id: str) -> bool:
        with self._lock:
            return self._addresses.pop(user_id, None) is not None

    def add_mail_link(self, link: MailLink, link_sha256: str) -> MailLink:
        link = replace(link, created_at=utc(link.created_at), expires_at=utc(link.expires_at))
        with self._lock:
            if link_sha256 in self._links:
                raise DuplicateKey("a mail link with this hash already exists")
            cutoff = link.created_at - KEPT_AFTER_EXPIRY
            for digest in [d for d, k in self._links.items() if k.expires_at < cutoff]:
                del self._links[digest]
            self._links[link_sha256] = link
        return link

    def use_mail_link(self, link_sha256: str, purpose: str, now: datetime) -> LinkUse:
        now = utc(now)
        with self._lock:
            link = self._links.get(link_sha256)
            if link is None or link.purpose != purpose:
                return LinkUse(None, False)
            if link.used_at is not None or link.expired(now):
                return LinkUse(link, False)
            self._links[link_sha256] = replace(link, used_at=now)
            if purpose == VERIFY and link.sealed is not None and link.lookup is not None:
                for user in [u for u, a in self._addresses.items() if a.lookup == link.lookup]:
                    del self._addresses[user]
                self._addresses[link.user_id] = MailAddress(link.user_id, link.sealed,
                                                            link.lookup, now)
        return LinkUse(link, True)

    def record_mail_outcome(self, user_id: str, sent: bool, now: datetime,
                            limit: int) -> MailAddress | None:
        with self._lock:
            address = self._addresses.get(user_id)
            if address is None or address.disabled_at is not None:
                return address
            failures = 0 if sent else address.failures + 1
            address = replace(address, failures=failures,
                              disabled_at=utc(now) if failures >= limit else None)
            self._addresses[user_id] = address
            return address
