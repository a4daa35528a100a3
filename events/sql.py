"""The event store's logic, written once in SQL both adapters run.

`SqlStore` holds the queries of the events (appends, streams, feeds, snapshots,
idempotency keys) and inherits those of the games index, the accounts and the
webhooks; an adapter (`events.postgres`, `events.sqlite`) gives it connections and
the few things the two databases do differently (`events.database.Database`): column
types, JSON and time values, how a global position is assigned and which events a
feed reader may already see, and how a unique-key violation shows up.
"""

from __future__ import annotations

import hashlib
import json
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from events.accounts import AccountTables
from events.database import Clock, Cursor, Database, Row
from events.index import GameIndexTables, GameSummary
from events.jsontext import parse, to_text
from events.mail_addresses import MailAddressTables
from events.matches import MatchTables
from events.notice_outbox import NoticeTables
from events.push_subscriptions import PushSubscriptionTables
from events.ratings import RatingTables
from events.ratings_read import RatingReads
from events.rematches import RematchTables
from events.shares import ShareTables
from events.signin_codes import SigninCodeTables
from events.store import (
    AppendResult,
    Idempotency,
    NewEvent,
    Recorded,
    VersionConflict,
    check_batch,
    check_same_request,
)
from events.tournaments import TournamentTables
from events.vacations import VacationTables
from events.webhooks import WebhookTables
from events.win_chances import WinChanceTables

if TYPE_CHECKING:
    from events.ports import Store

__all__ = ["Clock", "Cursor", "Row", "SqlStore", "request_hash"]

EVENT_COLUMNS = ("game_id, version, position, type, schema_version, recorded_at, actor, "
                 "data, private, audience")
KEY_COLUMNS = ("game_id, actor, key, request_hash, first_version, last_version, response, "
               "created_at")


def _as_text(response: dict[str, Any] | None) -> str | None:
    # Stored as a JSON *string*: JSONB would reorder the keys, and a retry must get
    # the first answer byte for byte.
    return None if response is None else to_text(response)


def _from_text(stored: Any) -> dict[str, Any] | None:
    if isinstance(stored, str):
        loaded: dict[str, Any] = parse(stored)
        return loaded
    return stored if isinstance(stored, dict) else None


def request_hash(payload: Any) -> str:
    """A stable fingerprint of a request, to tell a retry from a reused key."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


class SqlStore(GameIndexTables, SigninCodeTables, AccountTables, ShareTables, MatchTables,
               RematchTables, PushSubscriptionTables, VacationTables, WinChanceTables,
               WebhookTables, MailAddressTables, NoticeTables, RatingTables, RatingReads,
               TournamentTables, Database):
    """An event store on a SQL database; the adapter supplies the dialect (`Database`).

    It holds every port of `events.ports`: the events here, the games index, the
    accounts, the sign-in codes, the shares, the quick-match requests and the webhooks
    in the tables it inherits.
    """

    # -- appending ----------------------------------------------------------------------

    def append(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency: Idempotency | None = None, summary: GameSummary | None = None,
               recorded_at: datetime | None = None) -> AppendResult:
        check_batch(events)
        try:
            written = self._write(game_id, events, expected_version, idempotency, summary,
                                  recorded_at or self.clock())
        except BaseException as error:
            if not self.is_unique_violation(error):
                raise
            written = False
        if written:
            return AppendResult(game_id, expected_version + 1, expected_version + len(events))
        # Nothing was written: either this is a retry of a request whose key is
        # already stored (answer as it was answered), or the stream has moved on.
        if idempotency is not None:
            earlier = self.find_idempotent(game_id, idempotency.actor, idempotency.key)
            if earlier is not None:
                check_same_request(earlier, idempotency.key, idempotency.request_hash)
                return earlier
        raise VersionConflict(game_id, expected_version, self.current_version(game_id))

    @abstractmethod
    def _write(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency: Idempotency | None, summary: GameSummary | None,
               now: datetime) -> bool:
        """Append in one transaction if the stream is at `expected_version`; False if not.

        A concurrent writer of the same version, or an idempotency key already
        stored, must surface as a unique violation and roll everything back.
        """

    def _key_row(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
                 idempotency: Idempotency) -> tuple[Any, ...]:
        return (game_id, idempotency.actor, idempotency.key, idempotency.request_hash,
                expected_version + 1, expected_version + len(events),
                self.json_param(_as_text(idempotency.response)), self.time_param(self.clock()))

    def find_idempotent(self, game_id: str, actor: str, key: str) -> AppendResult | None:
        with self.reading() as cur:
            cur.execute("SELECT request_hash, first_version, last_version, response "
                        "FROM idempotency_keys WHERE game_id = %s AND actor = %s AND key = %s",
                        (game_id, actor, key))
            row = cur.fetchone()
        if row is None:
            return None
        response = _from_text(self.json_value(row[3])) if row[3] is not None else None
        return AppendResult(game_id, row[1], row[2], replayed=True, response=response,
                            request_hash=str(row[0]))

    # -- reading ------------------------------------------------------------------------

    def events_table(self, game_id: str) -> str:
        """The table to name in statements of `game_id`'s events alone (PostgreSQL's
        names the game's partition: `events.game_partitions`)."""
        return "events"

    def current_version(self, game_id: str) -> int:
        table = self.events_table(game_id)
        with self.reading() as cur:
            cur.execute(f"SELECT version FROM {table} WHERE game_id = %s "
                        "ORDER BY version DESC LIMIT 1", (game_id,))
            row = cur.fetchone()
        return int(row[0]) if row else 0

    def read_stream(self, game_id: str, after: int = 0,
                    limit: int | None = None) -> list[Recorded]:
        sql = (f"SELECT {EVENT_COLUMNS} FROM {self.events_table(game_id)} "
               "WHERE game_id = %s AND version > %s ORDER BY version")
        params: list[Any] = [game_id, after]
        if limit is not None:
            sql += " LIMIT %s"
            params.append(limit)
        with self.reading() as cur:
            cur.execute(sql, params)
            rows = cur.fetchall()
        return [self._recorded(r) for r in rows]

    def read_all(self, after: int = 0, limit: int = 1000) -> list[Recorded]:
        with self.reading() as cur:
            cur.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE position > %s "
                        f"AND {self.visible_sql()} ORDER BY position LIMIT %s", (after, limit))
            rows = cur.fetchall()
        return [self._recorded(r) for r in rows]

    def iter_all(self, after: int = 0, batch: int = 1000) -> Iterator[Recorded]:
        while True:
            page = self.read_all(after, batch)
            yield from page
            if len(page) < batch:
                return
            after = page[-1].position

    def _recorded(self, r: Row) -> Recorded:
        return Recorded(
            game_id=r[0], version=r[1], position=r[2], type=r[3], schema_version=r[4],
            recorded_at=self.time_value(r[5]), actor=r[6], data=self.json_value(r[7]),
            private=self.json_value(r[8]) if r[8] is not None else {},
            audience=self.json_value(r[9]) if r[9] is not None else {},
        )

    # -- snapshots ----------------------------------------------------------------------

    def save_snapshot(self, game_id: str, version: int, format: str,
                      state: dict[str, Any]) -> None:
        # Keep the newest: a slower writer must not replace a later snapshot.
        with self.transaction() as cur:
            cur.execute(
                "INSERT INTO snapshots (game_id, version, format, state, saved_at) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (game_id) DO UPDATE SET "
                "version = excluded.version, format = excluded.format, "
                "state = excluded.state, saved_at = excluded.saved_at "
                "WHERE snapshots.version < excluded.version OR snapshots.format <> excluded.format",
                (game_id, version, format, self.json_param(state),
                 self.time_param(self.clock())))

    def load_snapshot(self, game_id: str, format: str) -> tuple[int, dict[str, Any]] | None:
        with self.reading() as cur:
            cur.execute("SELECT version, state FROM snapshots WHERE game_id = %s AND format = %s",
                        (game_id, format))
            row = cur.fetchone()
        if row is None:
            return None
        return int(row[0]), self.json_value(row[1])

    # -- feeds ------------------------------------------------------------------------

    def read_user_events(self, user_id: str, after: int = 0,
                         limit: int = 1000) -> list[Recorded]:
        """Events of every game `user_id` sits at, after a global position."""
        with self.reading() as cur:
            cur.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE position > %s "
                        f"AND {self.visible_sql()} AND game_id IN "
                        "(SELECT game_id FROM game_players WHERE user_id = %s) "
                        "ORDER BY position LIMIT %s", (after, user_id, limit))
            rows = cur.fetchall()
        return [self._recorded(r) for r in rows]


if TYPE_CHECKING:
    def _holds_every_port(store: SqlStore) -> Store:
        return store  # mypy checks that `SqlStore` satisfies each port
