"""Which of the events table's partitions holds a game, so that the statements of one
game (its reads, its append and the append's version check) name that partition.

Named through the partitioned parent, a prepared statement's plan covers every
partition, and PostgreSQL locks and prunes all of them each time it runs
(`bench/partitions.py` measures the cost: the figures are in bench/NOTES.md); named
through the game's own partition, it is a plain table's plan. A row can never land in
the wrong partition this way: PostgreSQL checks a partition's bound on every row
written to it directly.

The parent is used while `events` is not (yet) partitioned: a database converting it
online (`events.partitioning`) appends to the old table until the conversion's last
step, whose new table already has its partitions. So the partitions are named only
once `events` itself is the partitioned table; until then the check is made again
every `RECHECK_AFTER` seconds. A game's partition comes from PostgreSQL
(`satisfies_hash_partition`), once per game per process.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager

from events.database import Cursor
from events.store import StoreUnavailable

PARENT = "events"
RECHECK_AFTER = 60.0  # seconds between looks at whether `events` is partitioned yet
REMEMBERED = 100_000  # games whose partition a process keeps (then it forgets them all)

_BOUND = re.compile(r"modulus (\d+), remainder (\d+)", re.IGNORECASE)
_SHAPE = ("SELECT c.relkind, n.nspname FROM pg_class c JOIN pg_namespace n "
          "ON n.oid = c.relnamespace WHERE c.oid = 'events'::regclass")
_PARTS = ("SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) FROM pg_inherits i "
          "JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'events'::regclass")
_GAME = ("SELECT r FROM unnest(%s::int[]) r "
         "WHERE satisfies_hash_partition('events'::regclass, %s, r, %s::text)")


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class GamePartitions:
    """The table to name in one game's statements (see the module doc)."""

    def __init__(self, reading: Callable[[], AbstractContextManager[Cursor]]) -> None:
        self._reading = reading
        self._lock = threading.Lock()
        # the partitions by remainder (as many as the modulus); None: not partitioned (yet)
        self._by_remainder: dict[int, str] | None = None
        self._checked_at = float("-inf")
        self._games: dict[str, str] = {}

    def table_of(self, game_id: str) -> str:
        """`events_p<n>` (schema-qualified) holding `game_id`'s events, or `events`."""
        known = self._games.get(game_id)
        if known is not None:
            return known
        try:
            parts = self._partitions()
            if parts is None:
                return PARENT
            with self._reading() as cur:
                cur.execute(_GAME, (list(parts), len(parts), game_id))
                row = cur.fetchone()
        except StoreUnavailable:
            # (the primary is down: the parent still serves a read from the replica,
            # and an append fails as it would have)
            return PARENT
        if row is None:  # (no partition takes it: let the parent say why)
            return PARENT
        table = parts[int(row[0])]
        if len(self._games) >= REMEMBERED:
            self._games.clear()
        self._games[game_id] = table
        return table

    def _partitions(self) -> dict[int, str] | None:
        if self._by_remainder is not None:
            return self._by_remainder  # (final: a partitioned table stays so)
        with self._lock:
            if self._by_remainder is None and time.monotonic() >= self._checked_at:
                self._checked_at = time.monotonic() + RECHECK_AFTER
                self._by_remainder = self._read_partitions()
            return self._by_remainder

    def _read_partitions(self) -> dict[int, str] | None:
        with self._reading() as cur:
            cur.execute(_SHAPE)
            shape = cur.fetchone()
            if shape is None or shape[0] != "p":
                return None
            cur.execute(_PARTS)
            rows = cur.fetchall()
        found: dict[int, str] = {}
        moduli = set()
        for name, bound in rows:
            match = _BOUND.search(str(bound))
            if match is None:  # (not a hash partition: name the parent)
                return None
            moduli.add(int(match.group(1)))
            found[int(match.group(2))] = f"{_quoted(str(shape[1]))}.{_quoted(str(name))}"
        if moduli != {len(found)}:
            return None  # (partitions missing or of mixed moduli: name the parent)
        return found
