"""What the streams of one game share: the tail of its log as last read, and each of
those events rendered once per seat, and (for the streams that ask for one after each
burst) the game's snapshot and the seat's moves, rendered once per seat and version.

Four players and a few spectators follow a game; when it changes, each of their
streams wakes. Without sharing, each would read the log and render each new event for
itself. Here the first to wake reads the new events for all of them (the others wait
for it on the tail's lock, then find them), and an event rendered for a seat, or for
spectators (no seat), is rendered once: what a change costs grows with the number of
seats watching, not of streams.

Freshness comes from the notifier's counts (`messaging.notify`): a reader takes a watch
before it asks, and the tail is fresh for it if the tail's own last read began after
a watch at least as new, i.e. after every change the reader has heard of had been
stored. A tail older than `max_age` (a few keep-alives; more while the process has
heard every change of the game since the read, `session`) is read again by the next stream that
asks, which makes up for a lost notification once per game, not once per stream.

A tail lives as long as a stream holds it (`Tails` keeps them weakly) and keeps at
most `KEEP` events: a stream that resumes from further back reads the log itself.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable

from domain.table import Table
from events.index import GameRow
from events.store import Recorded
from messaging.notify import GENERATION, Watch, game_key
from service.sse import sse
from service.views import Viewer, ended, event_view, game_view, moves_answer

KEEP = 32
READ_LIMIT = 500


class Tail:
    """One game's recent events (every version above `base`, up to `top`)."""

    __slots__ = ("game_id", "lock", "base", "top", "records", "watched", "read_at",
                 "session", "everything", "finished", "rendered", "views", "views_version",
                 "row", "__weakref__")

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.lock = threading.Lock()
        self.base = -1  # nothing read yet
        self.top = -1
        self.records: list[Recorded] = []
        self.watched: Watch = {}
        self.read_at = 0.0
        self.session: int | None = None  # the notifier's listening session at the read
        self.everything = False
        self.finished = False
        self.rendered: dict[tuple[int, int | None], bytes] = {}
        self.views: dict[int | None, bytes] = {}  # by seat, at `views_version`
        self.views_version = -1
        self.row: GameRow | None = None  # the game's index row, read at `views_version`

    def fresh_for(self, watch: Watch, max_age: float) -> bool:
        key = game_key(self.game_id)
        return (self.base >= 0 and time.monotonic() - self.read_at < max_age
                and self.watched.get(GENERATION) == watch.get(GENERATION)
                and self.watched.get(key, 0) >= watch.get(key, 0))

    def after(self, last: int) -> list[Recorded] | None:
        """The events after version `last`, or None if the tail does not reach back."""
        if last < self.base:
            return None
        return [r for r in self.records if r.version > last]

    def sse(self, rec: Recorded, seat: int | None) -> bytes:
        """`rec` as an SSE message for `seat`, rendered once per seat."""
        key = (rec.version, seat)
        text = self.rendered.get(key)
        if text is None:
            view = event_view(rec, seat, self.everything)
            text = sse(view, rec.type, rec.version)
            self.rendered[key] = text
        return text

    def snapshot(self, table: Table, seat: int | None,
                 row: Callable[[], GameRow | None]) -> bytes:
        """The game at `table` for `seat`: `snapshot_messages`, rendered once per seat;
        only the latest version's are kept, and the index row is read once for them."""
        if table.version != self.views_version:
            self.views, self.views_version, self.row = {}, table.version, row()
        text = self.views.get(seat)
        if text is None:
            text = self.views[seat] = snapshot_messages(self.game_id, table, seat, self.row)
        return text

    def extend(self, records: list[Recorded], watch: Watch, table: Table | None,
               session: int | None = None) -> None:
        if records:
            self.records += records
            self.top = records[-1].version
            if len(self.records) > KEEP:
                self.records = self.records[-KEEP:]
                self.base = self.records[0].version - 1
                self.rendered = {k: v for k, v in self.rendered.items() if k[0] > self.base}
        if table is not None:
            everything = ended(table)
            if everything != self.everything:
                self.rendered.clear()  # the end shows what was hidden
            self.everything = everything
            self.finished = table.status == "finished"
        self.watched = watch
        self.session = session
        self.read_at = time.monotonic()


def snapshot_messages(game_id: str, table: Table, seat: int | None, row: GameRow | None,
                      spectators: int | None = None, moves: bool = True) -> bytes:
    """The `snapshot` message (the game as `seat` sees it: None for a spectator) and, for
    a seat and unless `moves` is off, the `moves` message (its legal moves, as `GET
    …/moves` answers them)."""
    viewer = Viewer(None, seat)
    view = game_view(game_id, table, viewer, row)
    if spectators is not None:
        view["spectators"] = spectators
    text = sse(view, "snapshot")
    if moves and seat is not None:
        text += sse(moves_answer(game_id, table, viewer), "moves")
    return text


class Snapshots:
    """One stream's snapshots after its bursts of events (`snapshots=each`): a version
    newer than the last it showed, once, rendered by the tail for all its streams, for
    the seat the stream's user holds at that version (none once a stand-in holds it)."""

    __slots__ = ("tail", "user_id", "shown", "load", "row")

    def __init__(self, tail: Tail, user_id: str | None, shown: int,
                 load: Callable[[], Table], row: Callable[[], GameRow | None]) -> None:
        self.tail, self.user_id, self.shown, self.load, self.row = \
            tail, user_id, shown, load, row

    def after_events(self) -> bytes:
        table = self.load()
        if table.version <= self.shown:
            return b""
        self.shown = table.version
        seat = table.seat_of(self.user_id) if self.user_id is not None else None
        return self.tail.snapshot(table, seat, self.row)


# the log's events after a version, and the game's state now (None: not known)
Reader = Callable[[int], tuple[list[Recorded], Table | None]]


class Tails:
    """Each followed game's `Tail`, shared by the streams that follow it."""

    def __init__(self) -> None:
        self._tails: weakref.WeakValueDictionary[str, Tail] = weakref.WeakValueDictionary()
        self._lock = threading.Lock()

    def tail(self, game_id: str) -> Tail:
        """The game's tail (keep it while streaming: it lives as long as it is held)."""
        with self._lock:
            found = self._tails.get(game_id)
            if found is None:
                found = self._tails[game_id] = Tail(game_id)
            return found

    def __len__(self) -> int:
        return len(self._tails)


def catch_up(tail: Tail, last: int, watch: Watch, max_age: float,
             watch_now: Callable[[], Watch], read: Reader,
             session: int | None = None) -> list[Recorded] | None:
    """The events after `last` that a stream holding `watch` has not seen, from the tail
    (read from the log first if it is not fresh for that watch); None if the stream is
    further behind than the tail reaches (it reads the log itself)."""
    if tail.fresh_for(watch, max_age):
        return tail.after(last)
    with tail.lock:  # one reader per game; the others find what it read
        if not tail.fresh_for(watch, max_age):
            refreshed = watch_now()
            if tail.base < 0:  # a new tail starts where its first stream is
                tail.base = tail.top = last
            records, table = read(tail.top)
            tail.extend(records, refreshed, table, session)
        return tail.after(last)

