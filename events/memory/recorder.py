"""The event recorder in memory: streams, the global feed, idempotency keys, snapshots.

The same contract as `events.sql.SqlStore` (`events.store.EventStore`), kept in
Python lists and dictionaries under the store's lock. An append checks the version
and the idempotency key and writes its events, its key and its game's index row
(`summary`, written by `events.memory.index`) in one step under the lock, so a
reader never sees one without the others. Positions are 1, 2, 3 … in append order:
appends happen one at a time, so a feed reader can never see a later position before
an earlier one.

Events, stored answers and snapshots are kept as JSON text, as the SQL stores keep
them: a reader gets its own copy in the shape the SQL stores give back (lists for
tuples, string keys), and no caller can change what was stored.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from events.clock import utcnow
from events.index import GameSummary
from events.jsontext import parse, to_bytes
from events.memory.base import Clock, MemoryTables, utc
from events.store import (
    AppendResult,
    Idempotency,
    NewEvent,
    Recorded,
    VersionConflict,
    check_batch,
    check_same_request,
    encoded,
)


@dataclass(frozen=True, slots=True)
class _Row:
    """An event as kept: its columns, with the JSON ones as text."""
    game_id: str
    version: int
    position: int
    type: str
    schema_version: int
    recorded_at: datetime
    actor: str
    data: bytes
    private: bytes | None
    audience: bytes | None

    def recorded(self) -> Recorded:
        return Recorded(
            game_id=self.game_id, version=self.version, position=self.position,
            type=self.type, schema_version=self.schema_version, recorded_at=self.recorded_at,
            actor=self.actor, data=parse(self.data),
            private=parse(self.private) if self.private is not None else {},
            audience=parse(self.audience) if self.audience is not None else {})


@dataclass(frozen=True, slots=True)
class _Key:
    request_hash: str
    first_version: int
    last_version: int
    response: bytes | None


class MemoryRecorder(MemoryTables):
    """The events of every game (`events.store.EventStore`), in memory."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._streams: dict[str, list[_Row]] = {}
        self._feed: list[_Row] = []  # position p is _feed[p - 1]
        self._keys: dict[tuple[str, str, str], _Key] = {}
        self._snapshots: dict[str, tuple[int, str, bytes]] = {}

    # -- appending ----------------------------------------------------------------------

    def append(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency: Idempotency | None = None, summary: GameSummary | None = None,
               recorded_at: datetime | None = None) -> AppendResult:
        check_batch(events)
        encoded_events = [encoded(new) for new in events]  # a bad event writes nothing
        with self._lock:
            stream = self._streams.get(game_id, [])
            key = None if idempotency is None else (game_id, idempotency.actor, idempotency.key)
            if len(stream) == expected_version and (key is None or key not in self._keys):
                now = utc(recorded_at or self.clock())
                self._write(game_id, events, encoded_events, expected_version, now)
                if idempotency is not None and key is not None:
                    self._keys[key] = _Key(
                        idempotency.request_hash, expected_version + 1,
                        expected_version + len(events),
                        None if idempotency.response is None else to_bytes(idempotency.response))
                if summary is not None:
                    self._index_game(summary)
                return AppendResult(game_id, expected_version + 1,
                                    expected_version + len(events))
            # Nothing was written: a retry of a request whose key is already stored
            # (answered as it was answered), or the stream has moved on.
            if idempotency is not None:
                earlier = self.find_idempotent(game_id, idempotency.actor, idempotency.key)
                if earlier is not None:
                    check_same_request(earlier, idempotency.key, idempotency.request_hash)
                    return earlier
            raise VersionConflict(game_id, expected_version, len(stream))

    def _write(self, game_id: str, events: Sequence[NewEvent],
               columns: list[tuple[str, int, dict[str, Any], dict[str, Any], Any]],
               expected_version: int, now: datetime) -> None:
        stream = self._streams.setdefault(game_id, [])
        for new, (name, schema, data, private, audience) in zip(events, columns, strict=True):
            row = _Row(game_id, len(stream) + 1, len(self._feed) + 1, name, schema,
                       utc(new.recorded_at) if new.recorded_at else now, new.actor,
                       to_bytes(data), to_bytes(private) if private else None,
                       to_bytes(audience) if audience else None)
            stream.append(row)
            self._feed.append(row)

    def _index_game(self, summary: GameSummary) -> None:
        """Write the game's index row (the games index part does; see `MemoryStore`)."""
        raise NotImplementedError("an append with a summary needs the games index")

    def find_idempotent(self, game_id: str, actor: str, key: str) -> AppendResult | None:
        with self._lock:
            stored = self._keys.get((game_id, actor, key))
        if stored is None:
            return None
        response = None if stored.response is None else parse(stored.response)
        return AppendResult(game_id, stored.first_version, stored.last_version, replayed=True,
                            response=response, request_hash=stored.request_hash)

    # -- reading ------------------------------------------------------------------------

    def current_version(self, game_id: str) -> int:
        with self._lock:
            return len(self._streams.get(game_id, ()))

    def read_stream(self, game_id: str, after: int = 0,
                    limit: int | None = None) -> list[Recorded]:
        start = max(after, 0)
        with self._lock:
            stream = self._streams.get(game_id, [])
            rows = stream[start:] if limit is None else stream[start:start + max(limit, 0)]
        return [row.recorded() for row in rows]

    def read_all(self, after: int = 0, limit: int = 1000) -> list[Recorded]:
        start = max(after, 0)
        with self._lock:
            rows = self._feed[start:start + max(limit, 0)]
        return [row.recorded() for row in rows]

    def iter_all(self, after: int = 0, batch: int = 1000) -> Iterator[Recorded]:
        while True:
            page = self.read_all(after, batch)
            yield from page
            if len(page) < batch:
                return
            after = page[-1].position

    def read_user_events(self, user_id: str, after: int = 0,
                         limit: int = 1000) -> list[Recorded]:
        """Events of every game `user_id` has a row in the games index for (sits at,
        or is held a seat for), after a global position: every field, private ones
        and their audience too, as the SQL stores return them (callers filter)."""
        rows: list[_Row] = []
        with self._lock:
            games = self._games_seating(user_id)
            if games:
                for row in self._feed[max(after, 0):]:
                    if row.game_id in games:
                        rows.append(row)
                        if len(rows) >= limit:
                            break
        return [row.recorded() for row in rows]

    def _games_seating(self, user_id: str) -> frozenset[str]:
        """The games whose index has a row for `user_id` (the games index part)."""
        return frozenset()

    # -- snapshots ----------------------------------------------------------------------

    def save_snapshot(self, game_id: str, version: int, format: str,
                      state: dict[str, Any]) -> None:
        text = to_bytes(state)
        with self._lock:
            kept = self._snapshots.get(game_id)
            # Keep the newest: a slower writer must not replace a later snapshot.
            if kept is None or kept[0] < version or kept[1] != format:
                self._snapshots[game_id] = (version, format, text)

    def load_snapshot(self, game_id: str, format: str) -> tuple[int, dict[str, Any]] | None:
        with self._lock:
            kept = self._snapshots.get(game_id)
        if kept is None or kept[1] != format:
            return None
        state: dict[str, Any] = parse(kept[2])
        return kept[0], state

    def close(self) -> None:
        """Nothing to release: what was stored stays readable (as after a reconnect)."""
