"""The event catalogue and the event store: every game is its log of events.

`open_store(url)` picks the adapter: a ``postgresql://`` URL for PostgreSQL, a
``sqlite:///path`` URL (or nothing: ``ttr.sqlite3`` in the working directory) for
the embedded SQLite store, ``memory://`` for a new, empty store in the process's
memory (`events.memory`: the fast tests' store; nothing outlives the process).
`GameLog` loads a game's latest state cheaply and appends what comes next.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from events.outcome import GameNotFound
from events.repository import GameLog
from events.sql import SqlStore, request_hash
from events.store import (
    AppendResult,
    EventStore,
    Idempotency,
    IdempotencyMismatch,
    NewEvent,
    Recorded,
    StoreError,
    StoreUnavailable,
    VersionConflict,
    seat_actor,
    system_actor,
    user_actor,
)

if TYPE_CHECKING:
    from events.ports import Store

DEFAULT_SQLITE_FILE = "ttr.sqlite3"
MEMORY_URL = "memory://"


def is_postgres_url(url: str | None) -> bool:
    """Whether `url` names a PostgreSQL database (else `open_store` opens SQLite)."""
    return (url or "").startswith(("postgresql://", "postgres://"))


def open_store(url: str | None = None, **options: object) -> Store:
    """The event store at `url` (see the module doc); not yet migrated."""
    url = url or ""
    if url == MEMORY_URL:
        from events.memory import MemoryStore

        return MemoryStore(**options)  # type: ignore[arg-type]
    if is_postgres_url(url):
        from events.postgres import PostgresStore

        return PostgresStore(url, **options)  # type: ignore[arg-type]
    from events.sqlite import SqliteStore

    if url.startswith("sqlite:///"):
        path = url[len("sqlite:///"):]
    elif url.startswith("sqlite://"):
        path = url[len("sqlite://"):] or DEFAULT_SQLITE_FILE
    elif url == "":
        path = os.path.join(os.getcwd(), DEFAULT_SQLITE_FILE)
    else:
        raise ValueError(f"unsupported database URL {url!r}: use postgresql://, "
                         "sqlite:/// or memory://")
    return SqliteStore(path, **options)  # type: ignore[arg-type]


__all__ = [
    "AppendResult", "EventStore", "MEMORY_URL", "GameLog", "GameNotFound", "Idempotency",
    "IdempotencyMismatch", "NewEvent", "Recorded", "SqlStore", "StoreError", "is_postgres_url",
    "StoreUnavailable", "VersionConflict", "open_store", "request_hash", "seat_actor",
    "system_actor", "user_actor",
]
