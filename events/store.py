"""The event-store port: what the service and the workers need from any event store.

One stream per game, versions 1, 2, 3 … with no gap; a global `position` across all
streams for feeds, increasing in the order readers can first see the events (see
each adapter for how it keeps late commits from being skipped). Appends are
all-or-nothing and optimistic: `expected_version` must be the stream's current
version, or `VersionConflict` says what it is now. An idempotency key (per game and
actor) makes a retried append return the first append's result instead of
appending twice.

The error tree::

    StoreError
    ├── VersionConflict       the stream moved on since the caller read it
    ├── IdempotencyMismatch   the key was used for a different request
    └── StoreUnavailable      the database cannot be reached (retry later)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from domain.events import Event
from events.catalogue import Audience, decode, encode, schema_version
from events.index import GameSummary

SYSTEM = "system"


def seat_actor(seat: int) -> str:
    return f"seat:{seat}"


def user_actor(user_id: str) -> str:
    return f"user:{user_id}"


def system_actor(name: str) -> str:
    return f"system:{name}"


class StoreError(Exception):
    """Anything the event store refuses or cannot do."""


class VersionConflict(StoreError):
    def __init__(self, game_id: str, expected: int, current: int) -> None:
        super().__init__(f"game {game_id} is at version {current}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.current = current


class IdempotencyMismatch(StoreError):
    """The same idempotency key came with a different request."""


class StoreUnavailable(StoreError):
    """The database cannot be reached just now; the operation changed nothing."""


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append, with who caused it (`seat:2`, `user:…` or `system:…`) and,
    for an imported game only, when it first happened (else: the time of the append)."""
    event: Event
    actor: str
    recorded_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Recorded:
    """An event as stored: its place in its stream and in the global feed."""
    game_id: str
    version: int
    position: int
    type: str
    schema_version: int
    recorded_at: datetime
    actor: str
    data: dict[str, Any]
    private: dict[str, Any] = field(default_factory=dict)
    audience: dict[str, Audience] = field(default_factory=dict)

    def event(self) -> Event:
        """The domain event, in today's shape."""
        return decode(self.type, self.schema_version, self.data, self.private)


@dataclass(frozen=True, slots=True)
class AppendResult:
    game_id: str
    first_version: int
    last_version: int
    replayed: bool = False  # True: an earlier append with the same idempotency key
    response: dict[str, Any] | None = None  # what the first append stored with its key
    request_hash: str | None = None  # (replayed) the request the key was first used for


@dataclass(frozen=True, slots=True)
class Idempotency:
    """An idempotency key (per game and actor) and the request it stands for."""
    key: str
    actor: str
    request_hash: str
    response: dict[str, Any] | None = None


def encoded(new: NewEvent) -> tuple[str, int, dict[str, Any], dict[str, Any],
                                    dict[str, Audience]]:
    """The columns of `new`: type, schema version, data, private, audience."""
    data, private, audience = encode(new.event)
    name = new.event.TYPE
    return name, schema_version(name), data, private, audience


class EventStore(Protocol):
    """The port. `tests/integration/test_store_contract.py` holds every adapter to it."""

    def clock(self) -> datetime:
        """Now, as the store records it (tests inject their own clock)."""

    def append(self, game_id: str, events: Sequence[NewEvent], expected_version: int,
               idempotency: Idempotency | None = None, summary: GameSummary | None = None,
               recorded_at: datetime | None = None) -> AppendResult:
        """Append `events` if the stream is at `expected_version`, with the game's index
        row (`summary`) in the same transaction; `recorded_at` defaults to now."""

    def find_idempotent(self, game_id: str, actor: str, key: str) -> AppendResult | None:
        """The result stored with an idempotency key (`replayed`, with the hash of the
        request it was used for), or None."""

    def read_stream(self, game_id: str, after: int = 0,
                    limit: int | None = None) -> list[Recorded]: ...

    def read_all(self, after: int = 0, limit: int = 1000) -> list[Recorded]:
        """Events of every game with a position above `after`, in position order.

        Never skips an event that commits after a reader has moved past its
        neighbours: see the adapter's module for how.
        """

    def iter_all(self, after: int = 0, batch: int = 1000) -> Iterator[Recorded]: ...

    def read_user_events(self, user_id: str, after: int = 0,
                         limit: int = 1000) -> list[Recorded]:
        """Events of every game `user_id` sits at, after a global position (their feed)."""

    def current_version(self, game_id: str) -> int: ...

    def save_snapshot(self, game_id: str, version: int, format: str,
                      state: dict[str, Any]) -> None: ...

    def load_snapshot(self, game_id: str, format: str) -> tuple[int, dict[str, Any]] | None: ...

    def close(self) -> None: ...


# Appends hold at most this many events: a global position packs an index below it.
MAX_EVENTS_PER_APPEND = 4096


def check_batch(events: Sequence[NewEvent]) -> None:
    """Refuse an append of nothing or of more events than one append may hold."""
    if not events:
        raise ValueError("nothing to append")
    if len(events) > MAX_EVENTS_PER_APPEND:
        raise ValueError(f"at most {MAX_EVENTS_PER_APPEND} events per append")


def check_same_request(earlier: AppendResult, key: str, request_hash: str) -> None:
    """Refuse an idempotency key that was first used for a different request."""
    if earlier.request_hash is not None and earlier.request_hash != request_hash:
        raise IdempotencyMismatch(f"idempotency key {key!r} was used for a different request")
