"""The spectators at a game's stream: who counts as one, their presence while the stream
is held, and the count every stream of the game is sent as it changes.

A spectator is someone signed in who watches a game that has not ended without a seat
at it (a player whose seat a stand-in bot holds is still a player, not a spectator).
Their stream says it is there as it starts (`messaging.spectators`), again at each
keep-alive, and takes itself off as it ends; arriving and leaving are told to every
API process (`Notifier.tell` on `spectators_key`), which wakes the game's streams so
that each sends the new count (`event: spectators`, data `{"count": n}`). A spectator
whose stream died unheard lapses with the TTL, seen at the next keep-alive.

Each process reads a game's count once per change heard or keep-alive interval, for
all its streams of that game (`Counts`), as `service.tails` does for the log.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass

from flask import current_app

from domain.table import Table
from messaging.notify import GENERATION, Notifier, Watch
from messaging.spectators import Spectators
from service.sse import sse
from service.views import Viewer, ended


def spectators_key(game_id: str) -> str:
    """The notifier's key told when someone starts or stops watching `game_id`."""
    return f"spectators:{game_id}"


def is_spectator(table: Table, viewer: Viewer) -> bool:
    """Whether `viewer` watches `table` as a spectator (see the module doc)."""
    if viewer.user_id is None or viewer.seat is not None or ended(table):
        return False
    return all(holder.stands_in_for != viewer.user_id for holder in table.seats)


@dataclass
class _Read:
    heard: Watch  # the notifier's watch of the key just before the count was read
    count: int
    read_at: float


class Counts:
    """This process's latest count of each game's spectators (one read serves every
    stream of the game until a change is heard or `max_age` passes)."""

    MAX_GAMES = 10_000

    def __init__(self, spectators: Spectators, notifier: Notifier, max_age: float) -> None:
        self._spectators = spectators
        self._notifier = notifier
        self._max_age = max_age
        self._reads: dict[str, _Read] = {}
        self._lock = threading.Lock()

    def of(self, game_id: str, watch: Watch | None = None) -> int:
        """The count as fresh as `watch` (taken by the caller before it woke)."""
        key = spectators_key(game_id)
        kept = self._reads.get(game_id)
        if kept is not None and watch is not None and self._fresh(kept, key, watch):
            return kept.count
        heard = self._notifier.watch([key])
        count = self._spectators.count(game_id)
        with self._lock:
            if len(self._reads) >= self.MAX_GAMES:
                self._reads.clear()
            self._reads[game_id] = _Read(heard, count, time.monotonic())
        return count

    def _fresh(self, kept: _Read, key: str, watch: Watch) -> bool:
        return (time.monotonic() - kept.read_at < self._max_age
                and kept.heard.get(GENERATION) == watch.get(GENERATION)
                and kept.heard.get(key, 0) >= watch.get(key, 0))


def counts() -> Counts:
    """The app's counts (one per process), made on first use."""
    found: Counts | None = current_app.extensions.get("ttr.spectator_counts")
    if found is None:
        s = current_app.extensions["ttr"]
        found = current_app.extensions.setdefault(
            "ttr.spectator_counts", Counts(s.spectators, s.notifier, s.http.sse_keepalive))
    return found


class Gallery:
    """What one game stream does about spectators: its own presence, if it is a
    spectator's, and the count it last sent."""

    def __init__(self, spectators: Spectators, notifier: Notifier, counts: Counts,
                 game_id: str, spectator: str | None, every: float) -> None:
        self._spectators = spectators
        self._notifier = notifier
        self._counts = counts
        self.game_id = game_id
        self._spectator = spectator  # the user, when this is a spectator's stream
        self._stream = secrets.token_hex(8)
        self._every = every  # seconds between two reports of this stream's presence
        self._said = 0.0
        self.sent: int | None = None

    @property
    def key(self) -> str:
        return spectators_key(self.game_id)

    def arrive(self) -> int:
        """Count this stream's spectator in (if it is one): the count to show now."""
        if self._spectator is not None:
            self._spectators.arrive(self.game_id, self._spectator, self._stream)
            self._said = time.monotonic()
            self._notifier.tell([self.key])
        self.sent = self._counts.of(self.game_id)
        return self.sent

    def still_here(self) -> None:
        """The stream goes on: its spectator counts for one TTL more (said at most once a
        keep-alive interval, however busy the game: a stream that sends events all the
        time sends no keep-alive)."""
        if self._spectator is not None and time.monotonic() - self._said >= self._every:
            self._spectators.arrive(self.game_id, self._spectator, self._stream)
            self._said = time.monotonic()

    def news(self, watch: Watch) -> bytes | None:
        """A `spectators` message if the count has changed since the last one sent."""
        count = self._counts.of(self.game_id, watch)
        if count == self.sent:
            return None
        self.sent = count
        return sse({"count": count}, "spectators")

    def leave(self) -> None:
        """The stream has ended: its spectator (if any) no longer counts."""
        if self._spectator is not None:
            self._spectators.leave(self.game_id, self._spectator, self._stream)
            self._notifier.tell([self.key])
