"""Players' e-mail addresses and the one-time links sent to them (migration 12).

An address is stored only once it is verified, and only sealed (`sealed`: encrypted by
the layer above, `referee.address_seal`) with a keyed hash to find it by (`lookup`,
unique: one account per address). A link (to verify an address, to sign in) is kept
as its SHA-256 only; a verification link carries the address it verifies, sealed too.
Using a link claims it once: of two uses at once, one wins; a used or expired link is
refused. Links are kept a day past their expiry, so that a late second use is told
"already used", and then deleted.

`failures` counts the sends in a row that failed for good; at `limit` the address is
disabled (`disabled_at`), and the player sees it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from events.database import Database

KEPT_AFTER_EXPIRY = timedelta(days=1)
VERIFY = "verify"
SIGNIN = "signin"


@dataclass(frozen=True, slots=True)
class MailAddress:
    """A player's verified address (sealed: the store never sees it in clear)."""
    user_id: str
    sealed: str
    lookup: str
    verified_at: datetime
    failures: int = 0
    disabled_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class MailLink:
    """A one-time link sent by mail (never the link itself: the store has its hash)."""
    purpose: str  # VERIFY or SIGNIN
    user_id: str
    sealed: str | None  # the address a verification link verifies
    lookup: str | None
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None = None

    def expired(self, now: datetime) -> bool:
        return now >= self.expires_at


@dataclass(frozen=True, slots=True)
class LinkUse:
    """What using a link found (`link`, as it was before; None: no such link) and
    whether this use claimed it."""
    link: MailLink | None
    claimed: bool


_ADDRESS = "user_id, sealed, lookup, verified_at, failures, disabled_at"
_LINK = "purpose, user_id, sealed, lookup, created_at, expires_at, used_at"


class MailAddressTables(Database):
    """The `mail_addresses` and `mail_links` tables (`events.ports.MailAddresses`)."""

    def mail_address_of(self, user_id: str) -> MailAddress | None:
        with self.reading() as cur:
            cur.execute(f"SELECT {_ADDRESS} FROM mail_addresses WHERE user_id = %s",
                        (user_id,))
            row = cur.fetchone()
        return None if row is None else self._address(row)

    def mail_address_by_lookup(self, lookups: Sequence[str]) -> MailAddress | None:
        """The address whose keyed hash is one of `lookups`."""
        if not lookups:
            return None
        marks = ", ".join(["%s"] * len(lookups))
        with self.reading() as cur:
            cur.execute(f"SELECT {_ADDRESS} FROM mail_addresses WHERE lookup IN ({marks})",
                        tuple(lookups))
            row = cur.fetchone()
        return None if row is None else self._address(row)

    def remove_mail_address(self, user_id: str) -> bool:
        with self.transaction() as cur:
            cur.execute("DELETE FROM mail_addresses WHERE user_id = %s", (user_id,))
            return cur.rowcount > 0

    def add_mail_link(self, link: MailLink, link_sha256: str) -> MailLink:
        """Store a new link (and forget the links long past their expiry)."""
        with self.transaction() as cur:
            cur.execute("DELETE FROM mail_links WHERE expires_at < %s",
                        (self.time_param(link.created_at - KEPT_AFTER_EXPIRY),))
            cur.execute(f"INSERT INTO mail_links (link_sha256, {_LINK}) "
                        "VALUES (%s, %s, %s, %s, %s, %s, %s, NULL)",
                        (link_sha256, link.purpose, link.user_id, link.sealed, link.lookup,
                         self.time_param(link.created_at), self.time_param(link.expires_at)))
        return link

    def use_mail_link(self, link_sha256: str, purpose: str, now: datetime) -> LinkUse:
        """Claim the link at `now` if it is one for `purpose`, unused and unexpired; a
        verification link's address becomes its user's (replacing theirs, and taken
        from any other account: whoever reads the mailbox owns the address)."""
        with self.transaction() as cur:
            cur.execute(f"SELECT {_LINK} FROM mail_links WHERE link_sha256 = %s "
                        "AND purpose = %s", (link_sha256, purpose))
            row = cur.fetchone()
            if row is None:
                return LinkUse(None, False)
            link = self._link(row)
            cur.execute("UPDATE mail_links SET used_at = %s WHERE link_sha256 = %s "
                        "AND used_at IS NULL AND expires_at > %s",
                        (self.time_param(now), link_sha256, self.time_param(now)))
            if cur.rowcount != 1:
                return LinkUse(link, False)
            if purpose == VERIFY and link.sealed is not None:
                cur.execute("DELETE FROM mail_addresses WHERE lookup = %s OR user_id = %s",
                            (link.lookup, link.user_id))
                cur.execute(f"INSERT INTO mail_addresses ({_ADDRESS}) "
                            "VALUES (%s, %s, %s, %s, 0, NULL)",
                            (link.user_id, link.sealed, link.lookup, self.time_param(now)))
        return LinkUse(link, True)

    def record_mail_outcome(self, user_id: str, sent: bool, now: datetime,
                            limit: int) -> MailAddress | None:
        """Count a send to the user's address: a success clears the count, a permanent
        failure adds one, and the `limit`-th disables the address."""
        with self.transaction() as cur:
            if sent:
                cur.execute("UPDATE mail_addresses SET failures = 0 WHERE user_id = %s "
                            "AND disabled_at IS NULL", (user_id,))
            else:
                cur.execute("UPDATE mail_addresses SET failures = failures + 1 "
                            "WHERE user_id = %s AND disabled_at IS NULL", (user_id,))
                cur.execute("UPDATE mail_addresses SET disabled_at = %s WHERE user_id = %s "
                            "AND disabled_at IS NULL AND failures >= %s",
                            (self.time_param(now), user_id, limit))
        return self.mail_address_of(user_id)

    def _address(self, row: tuple[object, ...]) -> MailAddress:
        user_id, sealed, lookup, verified, failures, disabled = row
        return MailAddress(str(user_id), str(sealed), str(lookup), self.time_value(verified),
                           int(failures),  # type: ignore[call-overload]
                           None if disabled is None else self.time_value(disabled))

    def _link(self, row: tuple[object, ...]) -> MailLink:
        purpose, user_id, sealed, lookup, created, expires, used = row
        return MailLink(str(purpose), str(user_id),
                        None if sealed is None else str(sealed),
                        None if lookup is None else str(lookup),
                        self.time_value(created), self.time_value(expires),
                        None if used is None else self.time_value(used))
