"""What every part of the in-memory store shares: the clock, the one lock, the schema.

The in-memory store (`events.memory.MemoryStore`) is plain Python: dictionaries and
lists behind one `threading.RLock` (`_lock`), so a request thread, a greenlet and an
in-process job see each other's writes whole or not at all, as a transaction would
show them. Each part (the recorder, the games index, the accounts, …) is a mixin on
`MemoryTables`: it sets up its tables in `__init__(clock)` after calling
``super().__init__(clock)``, takes `self._lock` around every read and write, and
reaches the other parts only through their public port methods (an RLock, so a part
may call another while holding it).

Times are kept in UTC, as the SQL stores give them back.

There is no schema to migrate: `migrate()` applies nothing and `schema_version()`
reports the latest migration the SQL stores know, so a caller that checks the
schema sees an up-to-date store.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime

from events.clock import utcnow
from events.migrations import LATEST
from events.store import StoreError

Clock = Callable[[], datetime]


def utc(moment: datetime) -> datetime:
    """`moment` in UTC, as the SQL stores give times back (SQLite keeps them so)."""
    return moment.astimezone(UTC)


class DuplicateKey(StoreError):
    """A row with the same unique key is already stored (what SQL reports as a unique
    violation: a user id, a token hash)."""


class MemoryTables:
    """The root of the in-memory store's parts (see the module doc)."""

    def __init__(self, clock: Clock = utcnow) -> None:
        self.clock = clock
        self._lock = threading.RLock()

    # -- migrations (`events.ports.Migrations`) -----------------------------------------

    def migrate(self) -> list[int]:
        """Nothing to apply: the tables are Python objects, made with the store."""
        return []

    def schema_version(self) -> int:
        return LATEST
