"""The PostgreSQL events table split by hash of the game id, and the online conversion
of an existing database to it (migration 16).

**The shape.** `events` is `PARTITION BY HASH (game_id)` over `PARTITIONS` tables
(`events_p0` …): a game's whole log lives in one partition, so an append (its
version check included) and a stream read touch one partition's indexes, and each
partition's heap, indexes and vacuuming stay a fraction of the whole. The primary key
`(game_id, version)` holds the partition key, so it stays the guard against two
writers appending the same version. A unique index on `position` alone is not
possible on a partitioned table (each unique index must hold the partition key), so
`events_by_position` is unique on `(position, game_id)`: it orders the global feed
(an ordered scan of each partition, merged) as before. The position stays unique
across games by construction, as it always was: it is the appending transaction's id
× 4096 + the event's index, and one transaction appends to one game
(`events.postgres`).

**The conversion, online.** PostgreSQL cannot make a filled table a hash partition
without rewriting it, so the rows are copied into a new partitioned table while the
service goes on appending to the old one:

1. `events_partitioned` is created with its partitions and indexes (left in place if
   an interrupted conversion had made it: the copy then resumes after its last row);
2. the rows are copied in position order, `batch` rows a transaction, each committed,
   in rounds: a round copies up to the last position the feed can already see
   (`visible_sql`: below the oldest running transaction × 4096). Every row that
   commits later lies above that horizon, so nothing at or below the copy's cursor
   can appear afterwards (above it, an append still in flight could commit later with
   a smaller position than one already copied). Rounds go on while appends keep
   adding a batch or more, `ROUNDS` at most (so that appends as fast as the copy
   cannot keep it going for ever);
3. one short transaction locks `events` (appends wait on that lock, for as long as
   this step takes), copies what was appended since the last batch, drops the old
   table, gives the new one its names and records the migration. If the lock is not
   had within `LOCK_WAIT` (a long read holds the table) it lets go, so appends are
   not held behind it, copies another round of batches and tries again; the last of
   `LOCK_ATTEMPTS` waits as long as it takes.

An append waiting on the lock carries on into the new table: PostgreSQL looks the
name up again once a lock it waited for is granted, and re-plans prepared statements
whose table changed. The same database-wide migration lock as every other migration
(here held by the session, across the copy's transactions) keeps two processes from
converting at once.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import psycopg
from psycopg import errors, sql

from events.database import Progress
from events.migrations import Migration
from events.sql import EVENT_COLUMNS

PARTITIONS = 16  # fixed: changing it means another copy of the whole table
LOCK_WAIT = "2s"  # how long the final step waits for its lock before letting go
LOCK_ATTEMPTS = 5  # the last one waits without limit
ROUNDS = 5  # rounds of batches at most before each attempt at the lock

_NEW = "events_partitioned"
_INDEXES = (  # the new table's index (as created) -> its name once it is `events`
    ("events_partitioned_pkey", "events_pkey"),
    ("events_partitioned_by_position", "events_by_position"),
    ("events_partitioned_scored", "events_scored"),
)
_CREATE = (
    # the columns as the migrations made them, in the same order
    f"CREATE TABLE {_NEW} (LIKE events INCLUDING DEFAULTS INCLUDING CONSTRAINTS "
    "INCLUDING STORAGE, PRIMARY KEY (game_id, version)) PARTITION BY HASH (game_id)",
    *(f"CREATE TABLE events_p{r} PARTITION OF {_NEW} "
      f"FOR VALUES WITH (MODULUS {PARTITIONS}, REMAINDER {r})" for r in range(PARTITIONS)),
    f"CREATE UNIQUE INDEX events_partitioned_by_position ON {_NEW} (position, game_id)",
    f"CREATE INDEX events_partitioned_scored ON {_NEW} (position) WHERE type = 'game_scored'",
)
_COPY = (
    f"WITH moved AS (INSERT INTO {_NEW} ({EVENT_COLUMNS}) SELECT {EVENT_COLUMNS} FROM events "
    "WHERE position > %s AND position <= %s ORDER BY position LIMIT %s RETURNING position) "
    "SELECT count(*), COALESCE(max(position), %s) FROM moved"
)
_CATCH_UP = (f"INSERT INTO {_NEW} ({EVENT_COLUMNS}) SELECT {EVENT_COLUMNS} FROM events "
             "WHERE position > %s")


def partition_events(conn: psycopg.Connection[Any], migration: Migration, *, visible: str,
                     batch: int, progress: Progress | None, now: datetime) -> bool:
    """Convert `events` on `conn` (autocommit, holding the migration lock for its
    session) and record `migration`; False if it was already recorded."""
    if batch < 1:
        raise ValueError(f"a copy batch holds at least one row, not {batch}")
    done = conn.execute("SELECT 1 FROM schema_migrations WHERE number = %s",
                        (migration.number,)).fetchone()
    if done is not None:
        return False
    with conn.transaction():
        if conn.execute("SELECT to_regclass(%s)", (_NEW,)).fetchone() == (None,):
            for statement in _CREATE:
                conn.execute(statement)
    row = conn.execute(f"SELECT COALESCE(max(position), 0), count(*) FROM {_NEW}").fetchone()
    assert row is not None
    cursor, copied = int(row[0]), int(row[1])
    horizon = f"SELECT position FROM events WHERE {visible} ORDER BY position DESC LIMIT 1"
    for attempt in range(1, LOCK_ATTEMPTS + 1):
        cursor, copied = _copy_rounds(conn, horizon, cursor, copied, batch, progress)
        try:
            with conn.transaction():
                if attempt < LOCK_ATTEMPTS:
                    conn.execute(f"SET LOCAL lock_timeout = '{LOCK_WAIT}'")
                conn.execute("LOCK TABLE events IN ACCESS EXCLUSIVE MODE")
                conn.execute(_CATCH_UP, (cursor,))
                _swap(conn)
                conn.execute("INSERT INTO schema_migrations (number, name, applied_at) "
                             "VALUES (%s, %s, %s)", (migration.number, migration.name, now))
            return True
        except errors.LockNotAvailable:
            continue  # let appends through, copy what they added, try again
    raise AssertionError("unreachable: the last attempt waits for its lock")


def _copy_rounds(conn: psycopg.Connection[Any], horizon: str, cursor: int, copied: int,
                 batch: int, progress: Progress | None) -> tuple[int, int]:
    """Copy in rounds, `batch` rows a transaction, each round up to the last position
    final when it began; returns the last position copied and the rows copied so far."""
    for _ in range(ROUNDS):
        row = conn.execute(horizon).fetchone()
        target = int(row[0]) if row is not None else cursor
        in_round = 0
        while True:
            with conn.transaction():
                moved_row = conn.execute(_COPY, (cursor, target, batch, cursor)).fetchone()
            assert moved_row is not None
            moved, cursor = int(moved_row[0]), int(moved_row[1])
            in_round += moved
            copied += moved
            if progress is not None:
                progress(copied)
            if moved < batch:
                break
        if in_round < batch:  # the appends have slowed to less than a batch a round
            break
    return cursor, copied


def _swap(conn: psycopg.Connection[Any]) -> None:
    """Put the new table in the old one's place, names and all (under the lock)."""
    conn.execute("DROP TABLE events")
    conn.execute(sql.SQL("ALTER TABLE {} RENAME TO events").format(sql.Identifier(_NEW)))
    for made, final in _INDEXES:
        conn.execute(sql.SQL("ALTER INDEX {} RENAME TO {}").format(
            sql.Identifier(made), sql.Identifier(final)))
