"""What players want to be told (`notice_settings`) and the notice outbox
(`notice_deliveries`), migration 12.

A player's settings are one JSON document (`referee.notice_choice` reads it); a player
with settings or a verified address is *reachable* (`reachable_users`: the cache the
referee asks after every change, so a game of unreachable players costs nothing).

The outbox holds one delivery per notice, recipient and channel, its `notice_key`
unique: deciding twice stores nothing twice. A delivery is `pending` until it is
handed over (`sent`), dropped (`skipped`: no longer worth sending, the player was at
the table…) or given up (`failed`). A send job first claims it (`claimed_until`), so
two jobs never send it at once; it is marked sent only after it was handed over, so a
worker that dies in between leaves it pending for the sweep, never lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from events.database import Database

PENDING, SENT, SKIPPED, FAILED = "pending", "sent", "skipped", "failed"


@dataclass(frozen=True, slots=True)
class NewNoticeDelivery:
    notice_key: str  # unique: (kind, game, version, user, channel)
    user_id: str
    channel: str  # "mail", "push" or "digest"
    kind: str
    game_id: str | None
    version: int | None
    due_at: datetime
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NoticeDelivery:
    delivery_id: str
    notice_key: str
    user_id: str
    channel: str
    kind: str
    game_id: str | None
    version: int | None
    data: dict[str, Any]
    status: str
    attempts: int
    created_at: datetime
    due_at: datetime
    claimed_until: datetime | None
    sent_at: datetime | None


_COLUMNS = ("delivery_id, notice_key, user_id, channel, kind, game_id, version, data, "
            "status, attempts, created_at, due_at, claimed_until, sent_at")


class NoticeTables(Database):
    """The `notice_settings` and `notice_deliveries` tables (`events.ports.NoticeOutbox`)."""

    # -- settings ----------------------------------------------------------------------

    def notice_settings_of(self, user_id: str) -> dict[str, Any] | None:
        with self.reading() as cur:
            cur.execute("SELECT settings FROM notice_settings WHERE user_id = %s", (user_id,))
            row = cur.fetchone()
        return None if row is None else dict(self.json_value(row[0]))

    def put_notice_settings(self, user_id: str, settings: dict[str, Any],
                            now: datetime) -> None:
        with self.transaction() as cur:
            cur.execute("INSERT INTO notice_settings (user_id, settings, updated_at) "
                        "VALUES (%s, %s, %s) ON CONFLICT (user_id) DO UPDATE SET "
                        "settings = excluded.settings, updated_at = excluded.updated_at",
                        (user_id, self.json_param(settings), self.time_param(now)))

    def reachable_users(self) -> frozenset[str]:
        """The users with notice settings or a working address."""
        with self.reading() as cur:
            cur.execute("SELECT user_id FROM notice_settings UNION "
                        "SELECT user_id FROM mail_addresses WHERE disabled_at IS NULL")
            return frozenset(str(row[0]) for row in cur.fetchall())

    # -- the outbox --------------------------------------------------------------------

    def add_notice_deliveries(self, deliveries: Sequence[NewNoticeDelivery], now: datetime,
                              new_id: Callable[[], str]) -> list[str]:
        """Store the deliveries not stored yet (by `notice_key`); the ids of the new ones.
        `new_id()` makes an id."""
        added = []
        with self.transaction() as cur:
            for d in deliveries:
                delivery_id = new_id()
                cur.execute(
                    f"INSERT INTO notice_deliveries ({_COLUMNS}) VALUES "
                    "(%s, %s, %s, %s, %s, %s, %s, %s, %s, 0, %s, %s, NULL, NULL) "
                    "ON CONFLICT (notice_key) DO NOTHING",
                    (delivery_id, d.notice_key, d.user_id, d.channel, d.kind, d.game_id,
                     d.version, self.json_param(d.data), PENDING, self.time_param(now),
                     self.time_param(d.due_at)))
                if cur.rowcount == 1:
                    added.append(delivery_id)
        return added

    def notice_delivery(self, delivery_id: str) -> NoticeDelivery | None:
        with self.reading() as cur:
            cur.execute(f"SELECT {_COLUMNS} FROM notice_deliveries WHERE delivery_id = %s",
                        (delivery_id,))
            row = cur.fetchone()
        return None if row is None else self._notice_row(row)

    def claim_notice(self, delivery_id: str, now: datetime,
                     until: datetime) -> NoticeDelivery | None:
        """Hold a pending, due delivery that no other job holds until `until`; the
        delivery, or None if it is not to be sent now."""
        with self.transaction() as cur:
            cur.execute("UPDATE notice_deliveries SET claimed_until = %s, "
                        "attempts = attempts + 1 WHERE delivery_id = %s AND status = %s "
                        "AND due_at <= %s AND (claimed_until IS NULL OR claimed_until <= %s)",
                        (self.time_param(until), delivery_id, PENDING, self.time_param(now),
                         self.time_param(now)))
            if cur.rowcount != 1:
                return None
        return self.notice_delivery(delivery_id)

    def settle_notices(self, delivery_ids: Sequence[str], status: str,
                       now: datetime) -> None:
        """Mark deliveries `sent`, `skipped` or `failed` (done: never sent again)."""
        with self.transaction() as cur:
            for delivery_id in delivery_ids:
                cur.execute("UPDATE notice_deliveries SET status = %s, sent_at = %s, "
                            "claimed_until = NULL WHERE delivery_id = %s AND status = %s",
                            (status, self.time_param(now) if status == SENT else None,
                             delivery_id, PENDING))

    def release_notice(self, delivery_id: str, due_at: datetime) -> None:
        """Let go of a claimed delivery, to be tried again at `due_at`."""
        with self.transaction() as cur:
            cur.execute("UPDATE notice_deliveries SET claimed_until = NULL, due_at = %s "
                        "WHERE delivery_id = %s AND status = %s",
                        (self.time_param(due_at), delivery_id, PENDING))

    def due_notices(self, now: datetime, limit: int = 1000) -> list[NoticeDelivery]:
        """Pending deliveries due by `now` that no job holds, the oldest first."""
        with self.reading() as cur:
            cur.execute(f"SELECT {_COLUMNS} FROM notice_deliveries WHERE status = %s "
                        "AND due_at <= %s AND (claimed_until IS NULL OR claimed_until <= %s) "
                        "ORDER BY due_at, delivery_id LIMIT %s",
                        (PENDING, self.time_param(now), self.time_param(now), limit))
            return [self._notice_row(row) for row in cur.fetchall()]

    def pending_notices_of(self, user_id: str, channel: str) -> list[NoticeDelivery]:
        """The user's pending deliveries on `channel`, the oldest first."""
        with self.reading() as cur:
            cur.execute(f"SELECT {_COLUMNS} FROM notice_deliveries WHERE user_id = %s "
                        "AND channel = %s AND status = %s ORDER BY created_at, delivery_id",
                        (user_id, channel, PENDING))
            return [self._notice_row(row) for row in cur.fetchall()]

    def _notice_row(self, row: tuple[Any, ...]) -> NoticeDelivery:
        (delivery_id, key, user_id, channel, kind, game_id, version, data, status,
         attempts, created, due, claimed, sent) = row
        return NoticeDelivery(
            str(delivery_id), str(key), str(user_id), str(channel), str(kind),
            None if game_id is None else str(game_id), None if version is None else int(version),
            dict(self.json_value(data)), str(status), int(attempts), self.time_value(created),
            self.time_value(due), None if claimed is None else self.time_value(claimed),
            None if sent is None else self.time_value(sent))
