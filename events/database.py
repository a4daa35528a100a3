"""A SQL database as the store's tables use it: connections, the dialect, migrations.

`Database` is what an adapter (`events.postgres`, `events.sqlite`) supplies: cursors
in and out of transactions, how JSON and time values go in and come out, how a
unique-key violation shows up, which events a feed reader may already see. The
tables written on top of it (`events.sql`, `events.index`, `events.accounts`,
`events.webhooks`) hold the SQL, written once with `%s` placeholders (psycopg's; the
SQLite adapter rewrites them).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from events.clock import utcnow
from events.migrations import MIGRATIONS, Migration, statements

Clock = Callable[[], datetime]
Row = tuple[Any, ...]
Progress = Callable[[int], None]  # told the rows an online conversion has copied so far
COPY_BATCH = 5000  # rows an online conversion copies in each of its transactions


class Cursor(ABC):
    """The little of a DB-API cursor the store uses, with `%s` placeholders."""

    @abstractmethod
    def execute(self, sql: str, params: Sequence[Any] = ()) -> None: ...

    @abstractmethod
    def fetchone(self) -> Row | None: ...

    @abstractmethod
    def fetchall(self) -> list[Row]: ...

    @property
    @abstractmethod
    def rowcount(self) -> int: ...


class Database(ABC):
    """A SQL database; the adapter supplies the dialect."""

    # column types for the migrations
    TYPES: dict[str, str]

    def __init__(self, clock: Clock = utcnow) -> None:
        self.clock = clock

    # -- what an adapter supplies --------------------------------------------------------

    @abstractmethod
    def transaction(self) -> AbstractContextManager[Cursor]:
        """A cursor in a read-write transaction, committed when the block ends."""

    @abstractmethod
    def reading(self) -> AbstractContextManager[Cursor]:
        """A cursor for reads (no transaction held open between statements)."""

    @abstractmethod
    def json_param(self, value: Any) -> Any: ...

    @abstractmethod
    def json_value(self, value: Any) -> Any: ...

    @abstractmethod
    def time_param(self, value: datetime) -> Any: ...

    @abstractmethod
    def time_value(self, value: Any) -> datetime: ...

    @abstractmethod
    def is_unique_violation(self, error: BaseException) -> bool: ...

    @abstractmethod
    def visible_sql(self) -> str:
        """A condition on `position` that a feed reader can safely read up to."""

    @abstractmethod
    def migration_lock(self, cur: Cursor) -> None:
        """Hold a database-wide lock until the transaction of `cur` ends."""

    @abstractmethod
    def matching_lock(self, cur: Cursor) -> None:
        """Hold the quick match's lock (`events.matches`) until the transaction of `cur`
        ends: one pairing at a time, across every process."""

    def written_mark(self) -> int | None:
        """Where the database's writes have reached, for a reader's later replica reads
        (`events.replica`); None: no replica, every read sees every write."""
        return None

    @abstractmethod
    def close(self) -> None: ...

    # -- migrations ---------------------------------------------------------------------

    def migrate(self, upto: int | None = None, *, batch: int = COPY_BATCH,
                progress: Progress | None = None) -> list[int]:
        """Apply every missing migration (up to number `upto`, if given); returns the
        numbers applied (often none).

        The migrations run in one transaction under the migration lock, except an
        online one this adapter converts in steps of its own (`convert_online`:
        `batch` rows a step, `progress` told the rows copied after each).
        """
        applied_now: list[int] = []
        while True:
            online = self._migrate_until_online(upto, applied_now)
            if online is None:
                return applied_now
            if self.convert_online(online, batch, progress):
                applied_now.append(online.number)

    def _migrate_until_online(self, upto: int | None, applied_now: list[int]
                              ) -> Migration | None:
        """Apply the missing migrations in one transaction, stopping before the first
        one this adapter converts online (returned; None when all are applied)."""
        with self.transaction() as cur:
            self.migration_lock(cur)
            cur.execute("CREATE TABLE IF NOT EXISTS schema_migrations ("
                        "number INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                        f"applied_at {self.TYPES['time']} NOT NULL)")
            cur.execute("SELECT number FROM schema_migrations")
            done = {row[0] for row in cur.fetchall()}
            for migration in MIGRATIONS:
                if migration.number in done or (upto is not None and migration.number > upto):
                    continue
                if migration.online and self.converts_online():
                    return migration
                self._apply(cur, migration)
                applied_now.append(migration.number)
        return None

    def converts_online(self) -> bool:
        """Does this adapter run the `online` migrations as conversions of its own
        (`convert_online`) rather than as statements in the migrating transaction?"""
        return False

    def convert_online(self, migration: Migration, batch: int, progress: Progress | None
                       ) -> bool:
        """Run `migration`'s conversion while the service goes on, committing as it
        goes, and record it; False if another process had already."""
        raise NotImplementedError(f"{type(self).__name__} converts nothing online")

    def _apply(self, cur: Cursor, migration: Migration) -> None:
        for statement in statements(migration, self.TYPES):
            cur.execute(statement)
        cur.execute("INSERT INTO schema_migrations (number, name, applied_at) "
                    "VALUES (%s, %s, %s)",
                    (migration.number, migration.name, self.time_param(self.clock())))

    def schema_version(self) -> int:
        with self.reading() as cur:
            cur.execute("SELECT COALESCE(MAX(number), 0) FROM schema_migrations")
            row = cur.fetchone()
        return int(row[0]) if row else 0
