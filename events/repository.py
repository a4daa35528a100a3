"""Loading a game's state for the next command, at a cost that does not grow with the game.

`GameLog.load` answers from, in order: this process's cache of recent states (keyed
by game and version: only the events after the cached version are read and
applied, usually none), the game's latest snapshot in the store (plus the events
after it), or a full replay. Either way the state is the one the events give: the
cache and the snapshots hold states that `evolve` produced from those same events,
and a stale one is brought up to date from the log before it is used. Every
`SNAPSHOT_EVERY` versions an append also saves a snapshot, so no load ever replays
more than that many events, whichever process served the game before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from domain.events import Event
from domain.table import Table, evolve_table, replay_table
from events.snapshots import FORMAT, from_json, to_json
from events.store import AppendResult, EventStore, Idempotency, NewEvent, Recorded

SNAPSHOT_EVERY = 64


class GameNotFound(LookupError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"no game {game_id}")
        self.game_id = game_id


@dataclass(frozen=True, slots=True)
class _Cached:
    table: Table
    snapshot_version: int  # the version of the newest snapshot known to be stored


class GameLog:
    """The games' event streams as states: load the latest, append what comes next."""

    def __init__(self, store: EventStore, cache_size: int = 4096,
                 snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.store = store
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self._cache_size = cache_size
        self._snapshot_every = snapshot_every
        self._lock = threading.Lock()

    def load(self, game_id: str) -> Table:
        """The game's state at its latest version; `GameNotFound` if it has no events."""
        with self._lock:
            cached = self._cache.get(game_id)
            if cached is not None:
                self._cache.move_to_end(game_id)
        if cached is not None:
            table: Table | None = cached.table
            snapshot_version = cached.snapshot_version
        else:
            table, snapshot_version = self._from_snapshot(game_id)
        after = table.version if table is not None else 0
        tail = self.store.read_stream(game_id, after=after)
        table = apply(table, tail)
        if table is None:
            raise GameNotFound(game_id)
        if table.version - snapshot_version >= self._snapshot_every:
            snapshot_version = self._snapshot(game_id, table)
        self._remember(game_id, table, snapshot_version)
        return table

    def append(self, game_id: str, table: Table | None, events: Sequence[Event], actor: str,
               idempotency: Idempotency | None = None) -> tuple[AppendResult, Table]:
        """Append `events` caused by `actor` to the game whose state is `table` (None for a
        new game); returns the store's result and the state after the events.

        The state must be the one the caller decided on: its version is the expected
        version, so a concurrent writer makes this raise `VersionConflict`.
        """
        expected = table.version if table is not None else 0
        result = self.store.append(game_id, [NewEvent(e, actor) for e in events], expected,
                                   idempotency)
        if result.replayed:
            return result, self.load(game_id)
        new = table
        for event in events:
            new = evolve_table(new, event)
        assert new is not None
        with self._lock:
            cached = self._cache.get(game_id)
        snapshot_version = cached.snapshot_version if cached is not None else 0
        if new.version - snapshot_version >= self._snapshot_every:
            snapshot_version = self._snapshot(game_id, new)
        self._remember(game_id, new, snapshot_version)
        return result, new

    def state_at(self, game_id: str, version: int) -> Table:
        """The game's state just after event `version` (replayed from the start)."""
        if version < 1:
            raise ValueError("versions start at 1")
        table = apply(None, self.store.read_stream(game_id, after=0, limit=version))
        if table is None:
            raise GameNotFound(game_id)
        return table

    def forget(self, game_id: str | None = None) -> None:
        """Drop cached states (all of them without a game id)."""
        with self._lock:
            if game_id is None:
                self._cache.clear()
            else:
                self._cache.pop(game_id, None)

    def _from_snapshot(self, game_id: str) -> tuple[Table | None, int]:
        snapshot = self.store.load_snapshot(game_id, FORMAT)
        if snapshot is None:
            return None, 0
        version, state = snapshot
        table = from_json(state)
        if not isinstance(table, Table) or table.version != version:
            return None, 0
        return table, version

    def _snapshot(self, game_id: str, table: Table) -> int:
        self.store.save_snapshot(game_id, table.version, FORMAT, to_json(table))
        return table.version

    def _remember(self, game_id: str, table: Table, snapshot_version: int) -> None:
        with self._lock:
            cached = self._cache.get(game_id)
            # keep the newest state when two threads race
            if cached is None or cached.table.version <= table.version:
                self._cache[game_id] = _Cached(table, snapshot_version)
                self._cache.move_to_end(game_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)


def apply(table: Table | None, recorded: Sequence[Recorded]) -> Table | None:
    """`table` after the recorded events."""
    if not recorded:
        return table
    return replay_table((rec.event() for rec in recorded), table)
