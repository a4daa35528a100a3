"""Webhooks in the store: each user's registration, the deliveries owed to it, and
every attempt made to deliver them.

Three tables (migration 3): `webhooks` (one per user: the URL and the secret that
signs what is sent), `webhook_deliveries` (one message to one user: its kind, game
and version, the exact body, its status ``pending``, ``delivered`` or ``failed``, how
many attempts were made and when the next is due) and `webhook_attempts` (each
attempt: when, the HTTP status or the error, how long it took).

A delivery is unique per (user, game, version, kind), so a fan-out that runs twice
creates nothing twice. Two delivery jobs never send the same attempt: a job first
*claims* the delivery (`claim`: it must be pending, due, and not claimed by another
job whose claim still runs), and recording the attempt (`record_attempt`) checks
that no other attempt was recorded meanwhile. A job that dies while it holds a
claim leaves the delivery due again once the claim runs out; the sweep
(`due_deliveries`) finds it then.

`WebhookTables` holds the SQL, on the adapter's `Database`, so both adapters run the
same statements; `SqlStore` inherits it (the `events.ports.WebhookStore` port).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from events.database import Database, Row

if TYPE_CHECKING:
    pass

PENDING, DELIVERED, FAILED = "pending", "delivered", "failed"
STATUSES = (PENDING, DELIVERED, FAILED)

_DELIVERY_COLUMNS = ("delivery_id, user_id, kind, game_id, version, status, attempts, "
                     "created_at, next_attempt_at, body")
_ATTEMPT_COLUMNS = "delivery_id, number, attempted_at, status_code, error, duration_ms"


@dataclass(frozen=True, slots=True)
class Webhook:
    user_id: str
    url: str
    secret: str
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class NewDelivery:
    """A message to `user_id`'s webhook; `body` is the exact JSON text to send."""
    delivery_id: str
    user_id: str
    kind: str
    game_id: str | None  # None: not about a game (a ping)
    version: int | None
    body: str


@dataclass(frozen=True, slots=True)
class Attempt:
    number: int  # 1, 2, …
    attempted_at: datetime
    status_code: int | None  # the receiver's HTTP status; None when it gave none
    error: str | None  # why it failed without a status (timeout, refused, …)
    duration_ms: int


@dataclass(frozen=True, slots=True)
class Delivery:
    delivery_id: str
    user_id: str
    kind: str
    game_id: str | None
    version: int | None
    status: str
    attempts: int  # attempts made so far
    created_at: datetime
    next_attempt_at: datetime | None  # None once delivered or failed
    body: str
    attempt_log: tuple[Attempt, ...] = ()  # filled by `deliveries_of`


class WebhookTables(Database):
    """The webhook tables (`events.ports.WebhookStore`)."""

    # -- registrations --------------------------------------------------------------------

    def put_webhook(self, user_id: str, url: str, secret: str) -> tuple[Webhook, bool]:
        """Register (or replace) `user_id`'s webhook; True as well if it is new."""
        now = self.time_param(self.clock())
        with self.transaction() as cur:
            cur.execute("SELECT 1 FROM webhooks WHERE user_id = %s", (user_id,))
            new = cur.fetchone() is None
            cur.execute("INSERT INTO webhooks (user_id, url, secret, created_at, updated_at) "
                        "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (user_id) DO UPDATE SET "
                        "url = excluded.url, secret = excluded.secret, "
                        "updated_at = excluded.updated_at "
                        "RETURNING user_id, url, secret, created_at, updated_at",
                        (user_id, url, secret, now, now))
            row = cur.fetchone()
        assert row is not None
        return self._webhook(row), new

    def webhook_of(self, user_id: str) -> Webhook | None:
        with self.reading() as cur:
            cur.execute("SELECT user_id, url, secret, created_at, updated_at FROM webhooks "
                        "WHERE user_id = %s", (user_id,))
            row = cur.fetchone()
        return self._webhook(row) if row is not None else None

    def delete_webhook(self, user_id: str) -> bool:
        """Remove `user_id`'s webhook; its pending deliveries fail (nowhere to send them)."""
        with self.transaction() as cur:
            cur.execute("DELETE FROM webhooks WHERE user_id = %s", (user_id,))
            deleted = cur.rowcount > 0
            cur.execute("UPDATE webhook_deliveries SET status = %s, next_attempt_at = NULL, "
                        "claimed_until = NULL WHERE user_id = %s AND status = %s",
                        (FAILED, user_id, PENDING))
        return deleted

    def webhook_users(self) -> frozenset[str]:
        """Every user with a webhook (the per-process cache of recipients reads this)."""
        with self.reading() as cur:
            cur.execute("SELECT user_id FROM webhooks")
            return frozenset(str(row[0]) for row in cur.fetchall())

    def _webhook(self, row: Row) -> Webhook:
        return Webhook(str(row[0]), str(row[1]), str(row[2]), self.time_value(row[3]),
                       self.time_value(row[4]))

    # -- deliveries -----------------------------------------------------------------------

    def add_deliveries(self, deliveries: Sequence[NewDelivery], now: datetime,
                       due: datetime | None = None) -> list[str]:
        """Store the deliveries whose user still has a webhook, created `now` and first due
        at `due` (by default `now`).

        Returns the ids of those stored now: one already stored for the same (user, game,
        version, kind), or for a user without a webhook, is left out.
        """
        created: list[str] = []
        if not deliveries:
            return created
        created_at = self.time_param(now)
        at = self.time_param(due if due is not None else now)
        with self.transaction() as cur:
            for d in deliveries:
                # (the WHERE also tells SQLite that ON CONFLICT is not a join's ON)
                cur.execute(
                    f"INSERT INTO webhook_deliveries ({_DELIVERY_COLUMNS}) "
                    "SELECT %s, %s, %s, %s, %s, %s, 0, %s, %s, %s "
                    "WHERE EXISTS (SELECT 1 FROM webhooks WHERE user_id = %s) "
                    "ON CONFLICT DO NOTHING RETURNING delivery_id",
                    (d.delivery_id, d.user_id, d.kind, d.game_id, d.version, PENDING,
                     created_at, at, d.body, d.user_id))
                row = cur.fetchone()
                if row is not None:
                    created.append(str(row[0]))
        return created

    def delivery(self, delivery_id: str) -> Delivery | None:
        with self.reading() as cur:
            cur.execute(f"SELECT {_DELIVERY_COLUMNS} FROM webhook_deliveries "
                        "WHERE delivery_id = %s", (delivery_id,))
            row = cur.fetchone()
        return self._delivery(row) if row is not None else None

    def deliveries_of(self, user_id: str, limit: int = 50) -> list[Delivery]:
        """`user_id`'s deliveries, newest first, each with its attempts (oldest first)."""
        with self.reading() as cur:
            cur.execute(f"SELECT {_DELIVERY_COLUMNS} FROM webhook_deliveries "
                        "WHERE user_id = %s "
                        "ORDER BY created_at DESC, version DESC, delivery_id DESC LIMIT %s",
                        (user_id, limit))
            rows = cur.fetchall()
            attempts: dict[str, list[Attempt]] = {str(r[0]): [] for r in rows}
            if rows:
                marks = ", ".join(["%s"] * len(rows))
                cur.execute(f"SELECT {_ATTEMPT_COLUMNS} FROM webhook_attempts "
                            f"WHERE delivery_id IN ({marks}) ORDER BY delivery_id, number",
                            [r[0] for r in rows])
                for a in cur.fetchall():
                    attempts[str(a[0])].append(self._attempt(a))
        return [self._delivery(r, tuple(attempts[str(r[0])])) for r in rows]

    def claim(self, delivery_id: str, now: datetime, until: datetime,
              early: float = 0.0) -> Delivery | None:
        """Take the pending delivery to send it now, for a job that holds it until `until`.

        None when it is not pending, not due (`early`: seconds before its time that still
        count as due, for clocks that differ a little) or claimed by a job whose claim
        still runs.
        """
        due = self.time_param(now + timedelta(seconds=early))
        current = self.time_param(now)
        with self.transaction() as cur:
            cur.execute(f"UPDATE webhook_deliveries SET claimed_until = %s "
                        "WHERE delivery_id = %s AND status = %s AND next_attempt_at <= %s "
                        "AND (claimed_until IS NULL OR claimed_until <= %s) "
                        f"RETURNING {_DELIVERY_COLUMNS}",
                        (self.time_param(until), delivery_id, PENDING, due, current))
            row = cur.fetchone()
        return self._delivery(row) if row is not None else None

    def record_attempt(self, delivery_id: str, attempt: Attempt, status: str,
                       next_attempt_at: datetime | None) -> bool:
        """Record attempt number `attempt.number` and the delivery's new `status` (with its
        next attempt when still pending). False, and nothing written, if that attempt was
        already recorded or the delivery is no longer pending."""
        if status not in STATUSES:
            raise ValueError(f"unknown delivery status {status!r}")
        next_at = self.time_param(next_attempt_at) if next_attempt_at is not None else None
        with self.transaction() as cur:
            cur.execute("UPDATE webhook_deliveries SET status = %s, attempts = %s, "
                        "next_attempt_at = %s, claimed_until = NULL "
                        "WHERE delivery_id = %s AND status = %s AND attempts = %s",
                        (status, attempt.number, next_at, delivery_id, PENDING,
                         attempt.number - 1))
            if cur.rowcount == 0:
                return False
            cur.execute(f"INSERT INTO webhook_attempts ({_ATTEMPT_COLUMNS}) "
                        "VALUES (%s, %s, %s, %s, %s, %s)",
                        (delivery_id, attempt.number, self.time_param(attempt.attempted_at),
                         attempt.status_code, attempt.error, attempt.duration_ms))
        return True

    def give_up(self, delivery_id: str) -> bool:
        """Fail a pending delivery without another attempt (its webhook is gone)."""
        with self.transaction() as cur:
            cur.execute("UPDATE webhook_deliveries SET status = %s, next_attempt_at = NULL, "
                        "claimed_until = NULL WHERE delivery_id = %s AND status = %s",
                        (FAILED, delivery_id, PENDING))
            return cur.rowcount > 0

    def due_deliveries(self, now: datetime,
                       limit: int = 1000) -> list[tuple[str, datetime]]:
        """Pending deliveries due by `now` that no job holds: (id, when due), oldest first."""
        current = self.time_param(now)
        with self.reading() as cur:
            cur.execute("SELECT delivery_id, next_attempt_at FROM webhook_deliveries "
                        "WHERE status = %s AND next_attempt_at <= %s "
                        "AND (claimed_until IS NULL OR claimed_until <= %s) "
                        "ORDER BY next_attempt_at LIMIT %s",
                        (PENDING, current, current, limit))
            rows = cur.fetchall()
        return [(str(r[0]), self.time_value(r[1])) for r in rows]

    def count_deliveries(self) -> dict[str, int]:
        """How many deliveries there are in each status (for a gauge)."""
        with self.reading() as cur:
            cur.execute("SELECT status, COUNT(*) FROM webhook_deliveries GROUP BY status")
            counted = {str(r[0]): int(r[1]) for r in cur.fetchall()}
        return {status: counted.get(status, 0) for status in STATUSES}

    def prune_deliveries(self, before: datetime, limit: int = 1000) -> int:
        """Delete up to `limit` delivered or failed deliveries created before `before`
        (and their attempts); returns how many."""
        with self.transaction() as cur:
            cur.execute("SELECT delivery_id FROM webhook_deliveries WHERE status <> %s "
                        "AND created_at < %s LIMIT %s",
                        (PENDING, self.time_param(before), limit))
            ids = [r[0] for r in cur.fetchall()]
            if not ids:
                return 0
            marks = ", ".join(["%s"] * len(ids))
            cur.execute(f"DELETE FROM webhook_attempts WHERE delivery_id IN ({marks})", ids)
            cur.execute(f"DELETE FROM webhook_deliveries WHERE delivery_id IN ({marks})", ids)
        return len(ids)

    def _delivery(self, r: Row, attempts: tuple[Attempt, ...] = ()) -> Delivery:
        return Delivery(
            delivery_id=str(r[0]), user_id=str(r[1]), kind=str(r[2]),
            game_id=_opt_str(r[3]), version=int(r[4]) if r[4] is not None else None,
            status=str(r[5]), attempts=int(r[6]), created_at=self.time_value(r[7]),
            next_attempt_at=self.time_value(r[8]) if r[8] is not None else None,
            body=str(r[9]), attempt_log=attempts)

    def _attempt(self, a: Row) -> Attempt:
        return Attempt(number=int(a[1]), attempted_at=self.time_value(a[2]),
                       status_code=int(a[3]) if a[3] is not None else None,
                       error=_opt_str(a[4]), duration_ms=int(a[5]))

def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)
