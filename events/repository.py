"""Running commands against the log: load the latest state cheaply, decide, append.

`GameLog.load` answers from, in order: this process's cache of recent states (keyed
by game and version: only the events after the cached version are read and
applied, usually none), the game's latest snapshot in the store (plus the events
after it), or a full replay. Either way the state is the one the events give: the
cache and the snapshots hold states that `evolve` produced from those same events,
and a stale one is brought up to date from the log before it is used. Every
`SNAPSHOT_EVERY` versions an append also saves a snapshot, so no load ever replays
more than that many events, whichever process served the game before.

`GameLog.vouched` answers from the cache alone, without reading the log, when this
process has been hearing of the game's changes (a `Vouching`, such as
`messaging.hearsay.Hearsay`: only for the games whose streams or long polls it holds)
since the cached state was the latest and has heard of nothing newer; for any other
game it answers None, and the caller's `load` reads the log after the cached version
(one small query). That state may still be
a few milliseconds out of date, so it is only for deciding a command whose append
will check the version: `execute(..., vouched=True)` gives up at the first doubt
(the decision refused, or the version taken) and the caller starts again from `load`.
`GameLog.likely_latest` guesses further, for commands only: for a game this process does
not follow, its cached state, unless the last read of the log found that state behind
(the game is changed through other processes too, so the guess would likely lose the
race). A game whose commands all reach one process then costs no read per command.

`GameLog.execute` is the one way anything changes a game (the API's commands, the
workers' scoring and time-outs): load, decide on that state, append with the
expected version and the game's index row; when another writer got there first,
load again and decide again (a few times), so a command is always judged on the
state it is applied to.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.events import Event
from domain.table import Table, replay_table
from events.index import GameRow, GameSummary, summarize
from events.outcome import GameNotFound, Outcome, Remembered, StaleVersion
from events.snapshots import FORMAT, from_json, to_json
from events.store import (
    AppendResult,
    EventStore,
    Idempotency,
    NewEvent,
    Recorded,
    VersionConflict,
    check_same_request,
)

SNAPSHOT_EVERY = 64
CONFLICT_ATTEMPTS = 5


class Vouching(Protocol):
    """What this process has heard of other processes' changes to a game (the messaging
    layer's `Hearsay`): enough to vouch that a cached state is still the latest."""

    def game_session(self, game_id: str) -> int | None:
        """The running listening session of the game's changes, or None while this
        process does not hear them all."""

    def is_latest(self, game_id: str, version: int, session: int) -> bool:
        """Nothing newer than `version` of `game_id` heard since `session` began."""


class TurnDeadlines(Protocol):
    """Where a game's turn deadline is kept (the games index, written by each append)."""

    def game_row(self, game_id: str) -> GameRow | None: ...


Decide = Callable[[Table | None], list[Event]]


@dataclass(frozen=True, slots=True)
class _Cached:
    table: Table
    snapshot_version: int  # the version of the newest snapshot known to be stored
    # the listening session during which `table` was known to be the latest (None: not
    # listening then)
    session: int | None = None
    # the last read of the log found this process's state of the game behind: another
    # process changes it too, so a guess from the cache would likely lose its race
    doubted: bool = False
    # when `table` was last known to be the latest (read from the log, or appended here)
    known_at: float = 0.0


class GameLog:
    """The games' event streams as states: load the latest, run commands on it."""

    def __init__(self, store: EventStore, cache_size: int = 4096,
                 snapshot_every: int = SNAPSHOT_EVERY, hearsay: Vouching | None = None) -> None:
        self.store = store
        self._hearsay = hearsay
        self._cache: OrderedDict[str, _Cached] = OrderedDict()
        self._cache_size = cache_size
        self._snapshot_every = snapshot_every
        self._lock = threading.Lock()

    def clock(self) -> datetime:
        return self.store.clock()

    # -- loading ------------------------------------------------------------------------

    def load(self, game_id: str) -> Table:
        """The game's state at its latest version; `GameNotFound` if it has no events."""
        session = self._session(game_id)
        table, snapshot_version, cached = self._latest_known(game_id)
        tail = self.store.read_stream(game_id, after=table.version if table else 0)
        table = apply(table, tail)
        if table is None:
            raise GameNotFound(game_id)
        self._remember(game_id, table, snapshot_version, session, cached and bool(tail))
        return table

    def likely_latest(self, game_id: str) -> Table | None:
        """A state to decide a command on before reading the log, or None: for a game
        this process follows, the vouched one; for any other, the cached state unless
        the last read of the log found the cache behind. A guess either way: only for
        `execute(..., vouched=True)`, whose append's version check has the last word."""
        return self._guess(game_id, lambda cached: not cached.doubted)

    def recent(self, game_id: str, within: float) -> Table | None:
        """For a game this process follows, the vouched state; for any other, the
        cached state if it was known to be the latest (read from the log, or appended
        here) less than `within` seconds ago; else None."""
        return self._guess(game_id, lambda cached: time.monotonic() - cached.known_at < within)

    def _guess(self, game_id: str, good: Callable[[_Cached], bool]) -> Table | None:
        """The vouched state of a followed game (what it heard outranks any guess); of
        any other game, the cached state if it is `good`."""
        if self._session(game_id) is not None:
            return self.vouched(game_id)
        with self._lock:
            cached = self._cache.get(game_id)
        return cached.table if cached is not None and good(cached) else None

    def _latest_known(self, game_id: str) -> tuple[Table | None, int, bool]:
        """The newest state this process holds of the game (its cache, else the store's
        snapshot; None: neither), the version of the snapshot it grew from, and whether
        it was cached."""
        with self._lock:
            cached = self._cache.get(game_id)
            if cached is not None:
                self._cache.move_to_end(game_id)
        if cached is not None:
            return cached.table, cached.snapshot_version, True
        return (*self._from_snapshot(game_id), False)

    def load_after(self, game_id: str, after: int) -> tuple[list[Recorded], Table]:
        """The game's events after version `after` and its latest state, from one read
        of the log when this process holds a state of the game no newer than the
        latest (a stream catching up needs both: the events to send, the state to know
        whether the game has ended; two reads were most of what a change cost the
        processes holding its streams)."""
        session = self._session(game_id)
        table, snapshot_version, cached = self._latest_known(game_id)
        known = table.version if table is not None else 0
        read = self.store.read_stream(game_id, after=min(after, known))
        news = [r for r in read if r.version > known]
        table = apply(table, news)
        if table is None:
            raise GameNotFound(game_id)
        self._remember(game_id, table, snapshot_version, session, cached and bool(news))
        return [r for r in read if r.version > after], table

    def at_least(self, game_id: str, version: int) -> Table:
        """A state of the game no older than `version`: the cached one if it is (not
        read, so possibly not the latest), else the latest."""
        with self._lock:
            cached = self._cache.get(game_id)
        if cached is not None and cached.table.version >= version:
            return cached.table
        return self.load(game_id)

    def vouched(self, game_id: str) -> Table | None:
        """The cached state of the game if, as far as this process has heard, it is
        still the latest; else None. Unread, so possibly just out of date: see the
        module's docstring."""
        if self._hearsay is None:
            return None
        with self._lock:
            cached = self._cache.get(game_id)
        if cached is None or cached.session is None \
                or not self._hearsay.is_latest(game_id, cached.table.version, cached.session):
            return None
        return cached.table

    def _session(self, game_id: str) -> int | None:
        # taken before the log is read: a session still running afterwards has heard
        # every change made after that read
        return self._hearsay.game_session(game_id) if self._hearsay is not None else None

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

    # -- changing -----------------------------------------------------------------------

    def execute(self, game_id: str, decide: Decide, actor: str, *, new: bool = False,
                expected_version: int | None = None, idempotency_key: str | None = None,
                request_hash: str = "", deadlines: TurnDeadlines | None = None,
                attempts: int = CONFLICT_ATTEMPTS, loaded: Table | None = None,
                vouched: bool = False) -> Outcome:
        """Decide on the latest state of `game_id` and append the events, as `actor`.

        `new`: the game does not exist yet (`decide` gets None). `expected_version`:
        refuse with `StaleVersion` unless the game is at that version (no retry), also
        when another writer appends first while this one decides.
        `idempotency_key`: a retry of the same request (same `request_hash`) acts no
        more: it gets the first outcome again (`replayed`, read back from the log, with
        what its key's record `remembered`), to be answered as the first one was.
        `deadlines`: where the turn deadline a command keeps is read, for that record.
        Raises the domain's `RuleViolation`, `GameNotFound`, `VersionConflict` after
        `attempts` lost races, `IdempotencyMismatch`. `loaded`: the state the caller
        has just loaded, used for the first attempt instead of loading it again;
        `vouched`: `loaded` came from `vouched()` unread, so a refusal or a lost race is
        raised at once (the caller loads and tries again) rather than judged on it.
        """
        # A retry's key is not looked up before deciding (a query on every request for
        # the rare retry): the key is stored with the events it caused, so a retry
        # that decides again cannot append (the key's row is a unique violation, and
        # the store answers with the first result), and wherever a retry would fail
        # instead (a stale If-Match, a command now refused) the key is looked up first.
        for _ in range(attempts):
            session = self._session(game_id)
            before = None if new else (loaded or self.load(game_id))
            loaded = None
            if expected_version is not None and before is not None \
                    and before.version != expected_version:
                return self._earlier_or_raise(StaleVersion(expected_version, before.version),
                                              game_id, actor, idempotency_key, request_hash)
            try:
                events = decide(before)
            except Exception as refusal:
                if vouched:
                    raise
                # The same request may have just succeeded in another thread or
                # process (the state we decided on already holds its effect).
                return self._earlier_or_raise(refusal, game_id, actor, idempotency_key,
                                              request_hash)
            outcome, idempotency = self._outcome(game_id, before, events, actor,
                                                 idempotency_key, request_hash, deadlines)
            try:
                result = self.store.append(
                    game_id, [NewEvent(e, actor) for e in events], outcome.first_version - 1,
                    idempotency, outcome.summary, outcome.recorded_at)
            except VersionConflict as conflict:
                if expected_version is not None:
                    # the game moved past the version the caller named while we decided:
                    # their precondition failed, as if we had read the newer version
                    raise StaleVersion(expected_version, conflict.current) from conflict
                if new or vouched:
                    raise
                continue
            if result.replayed:  # our own retry won a race against us: answer as it did
                return self._replayed(game_id, result)
            self._saved(game_id, outcome.after, session)
            return outcome
        raise VersionConflict(game_id, -1, self.store.current_version(game_id))

    def _outcome(self, game_id: str, before: Table | None, events: list[Event], actor: str,
                 key: str | None, request_hash: str, deadlines: TurnDeadlines | None
                 ) -> tuple[Outcome, Idempotency | None]:
        """What appending `events` to `before` will do, and the idempotency record to
        store with them."""
        after = replay_table(events, before)
        first = (before.version if before else 0) + 1
        now = self.clock()
        summary = summarize(game_id, before, after, now)
        outcome = Outcome(game_id, before, tuple(events), after, first, after.version, now,
                          summary=summary)
        if key is None:
            return outcome, None
        remembered = Remembered(now, turn_deadline(game_id, after, summary, deadlines))
        return (dataclasses.replace(outcome, remembered=remembered),
                Idempotency(key, actor, request_hash, remembered.stored()))

    def _earlier_or_raise(self, error: Exception, game_id: str, actor: str, key: str | None,
                          request_hash: str) -> Outcome:
        """The first answer to this request if it was made before (same idempotency
        key), else `error` raised."""
        if key is not None:
            earlier = self._earlier(game_id, actor, key, request_hash)
            if earlier is not None:
                return earlier
        raise error

    def _earlier(self, game_id: str, actor: str, key: str, request_hash: str) -> Outcome | None:
        stored = self.store.find_idempotent(game_id, actor, key)
        if stored is None:
            return None
        check_same_request(stored, key, request_hash)
        return self._replayed(game_id, stored)

    def _replayed(self, game_id: str, earlier: AppendResult) -> Outcome:
        """The outcome an idempotency key's first request had, read back from the log:
        its events, the state just after them, and what its record remembered."""
        remembered = Remembered.of(earlier.response)
        if remembered is None:  # kept whole by an earlier release: the answer is that
            return Outcome(game_id, None, (), self.load(game_id), 0, 0, self.clock(),
                           replayed=True, response=earlier.response)
        first, last = earlier.first_version, earlier.last_version
        records = self.store.read_stream(game_id, after=first - 1, limit=last - first + 1)
        after = self.load(game_id)
        if after.version != last:
            after = self.state_at(game_id, last)
        return Outcome(game_id, None, tuple(r.event() for r in records), after, first, last,
                       remembered.recorded_at, replayed=True, remembered=remembered)

    def _saved(self, game_id: str, after: Table, session: int | None) -> None:
        with self._lock:
            cached = self._cache.get(game_id)
        snapshot_version = cached.snapshot_version if cached is not None else 0
        if after.version - snapshot_version >= self._snapshot_every:
            snapshot_version = self._snapshot(game_id, after)
        # (our own append says nothing of other writers: the doubt stays as it was)
        self._remember(game_id, after, snapshot_version, session,
                       cached is not None and cached.doubted)

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

    def _remember(self, game_id: str, table: Table, snapshot_version: int,
                  session: int | None, doubted: bool = False) -> None:
        with self._lock:
            cached = self._cache.get(game_id)
            # keep the newest state when two threads race
            if cached is None or cached.table.version <= table.version:
                self._cache[game_id] = _Cached(table, snapshot_version, session, doubted,
                                               time.monotonic())
                self._cache.move_to_end(game_id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)


def turn_deadline(game_id: str, after: Table, summary: GameSummary | None,
                  deadlines: TurnDeadlines | None) -> datetime | None:
    """The turn deadline once `summary` is appended: the new turn's, or the one kept
    (read from the index: before the append, which keeps it, a later writer would make
    it conflict; after it, it is the one this append left)."""
    if after.turn_time_limit is None:
        return None
    if summary is not None and summary.deadline_changed:
        return summary.deadline
    if deadlines is None:
        return None  # not known here
    row = deadlines.game_row(game_id)
    return row.deadline if row is not None else None


def apply(table: Table | None, recorded: Sequence[Recorded]) -> Table | None:
    """`table` after the recorded events."""
    if not recorded:
        return table
    return replay_table((rec.event() for rec in recorded), table)
