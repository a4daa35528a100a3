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

    def migrate(self) -> list[int]:
        """Apply every missing migration; returns the numbers applied (often none)."""
        applied_now: list[int] = []
        with self.transaction() as cur:
            self.migration_lock(cur)
            cur.execute("CREATE TABLE IF NOT EXISTS schema_migrations ("
                        "number INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                        f"applied_at {self.TYPES['time']} NOT NULL)")
            cur.execute("SELECT number FROM schema_migrations")
            done = {row[0] for row in cur.fetchall()}
            for migration in MIGRATIONS:
                if migration.number in done:
                    continue
                self._apply(cur, migration)
                applied_now.append(migration.number)
        return applied_now

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
