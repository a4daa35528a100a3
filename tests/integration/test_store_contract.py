"""The event-store contract: one suite, run unchanged against every adapter.

SQLite always; PostgreSQL at `TTR_TEST_DATABASE_URL` (never skipped when CI=true),
each test in a fresh schema; the in-memory store (`events.memory`). A few tests are
about what only a database has (rows written by hand in SQL, the schema's
migrations, several processes opening the same URL): they run on the databases
(`sql_store`, `store_url`), and say so.
"""

from __future__ import annotations

import multiprocessing
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from domain.autoplay import play_random_game
from domain.events import (
    Event,
    Passed,
    PlayerDropped,
    PlayerResigned,
    TurnTimedOut,
)
from domain.hints import HintGiven
from domain.reactions import ReactionSent
from domain.stand_ins import PlayerReturned, StandInSeated
from domain.table import (
    GameScored,
    SeatLeft,
    SeatTaken,
    TakeSeat,
    create_game,
    decide_table,
    replay_table,
)
from domain.vacations import DeadlinePaused, DeadlineResumed
from events import (
    MEMORY_URL,
    Idempotency,
    IdempotencyMismatch,
    NewEvent,
    Recorded,
    SqlStore,
    VersionConflict,
    open_store,
    request_hash,
)
from events.catalogue import TYPES
from events.migrations import LATEST, MIGRATIONS
from events.replica import replica_reads
from events.sqlite import SqliteStore
from tests.conftest import migrated, reachable


@pytest.fixture
def store(any_store: SqlStore) -> SqlStore:
    """Every adapter, the in-memory one too."""
    return any_store


@pytest.fixture
def sql_store(store_url: str) -> Iterator[SqlStore]:
    """Each database (SQLite, PostgreSQL), for the tests of what only SQL has."""
    yield from migrated(store_url)


def created(seed: bytes = b"contract", seats: int = 2) -> list[Event]:
    return create_game(map_name="usa", seats=seats, created_by="alice", seed=seed)


def new(events: list[Event], actor: str = "user:alice") -> list[NewEvent]:
    return [NewEvent(e, actor) for e in events]


def seat_event(label: str, seat: int = 0) -> NewEvent:
    return NewEvent(SeatTaken(seat=seat, user_id=label, name=label), "user:" + label)


# -- appending and reading -----------------------------------------------------------

def test_a_stream_reads_back_in_version_order(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    store.append("g1", [seat_event("bob"), seat_event("carol", 1)], 1)
    recorded = store.read_stream("g1")
    assert [r.version for r in recorded] == [1, 2, 3]
    assert [r.type for r in recorded] == ["game_created", "seat_taken", "seat_taken"]
    assert recorded[2].event() == SeatTaken(seat=1, user_id="carol", name="carol")


def test_an_append_reports_the_versions_it_wrote(store: SqlStore) -> None:
    first = store.append("g1", new(created()), 0)
    second = store.append("g1", [seat_event("a"), seat_event("b")], 1)
    assert (first.first_version, first.last_version) == (1, 1)
    assert (second.first_version, second.last_version) == (2, 3)


def test_reading_after_a_version_returns_only_later_events(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    for i in range(4):
        store.append("g1", [seat_event(f"u{i}")], 1 + i)
    assert [r.version for r in store.read_stream("g1", after=3)] == [4, 5]
    assert [r.version for r in store.read_stream("g1", after=1, limit=2)] == [2, 3]
    assert store.read_stream("g1", after=5) == []


def test_streams_are_separate(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    store.append("g2", new(created(b"other")), 0)
    store.append("g2", [seat_event("bob")], 1)
    assert store.current_version("g1") == 1
    assert store.current_version("g2") == 2
    assert store.current_version("nope") == 0


def test_every_event_records_its_actor_and_time(store: SqlStore) -> None:
    store.append("g1", new(created(), "user:alice"), 0)
    store.append("g1", [NewEvent(Passed(seat=1), "seat:1")], 1)
    first, second = store.read_stream("g1")
    assert (first.actor, second.actor) == ("user:alice", "seat:1")
    assert first.recorded_at.tzinfo is not None
    assert first.recorded_at <= second.recorded_at


def _shown(store: SqlStore, count: int, within: float = 10.0) -> list[Recorded]:
    """The global feed once it shows `count` events (`within` seconds at most).
    PostgreSQL's feed shows an append once every older transaction in the database
    has ended, another test's too: with the suite writing beside it, a moment later."""
    deadline = time.monotonic() + within
    while len(feed := store.read_all()) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return feed


def test_the_global_feed_lists_every_game_in_position_order(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    store.append("g2", new(created(b"x")), 0)
    store.append("g1", [seat_event("a"), seat_event("b")], 1)
    feed = _shown(store, 4)
    assert [(r.game_id, r.version) for r in feed] == [("g1", 1), ("g2", 1), ("g1", 2), ("g1", 3)]
    positions = [r.position for r in feed]
    assert positions == sorted(positions) and len(set(positions)) == 4


def test_the_global_feed_resumes_after_a_position(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    store.append("g1", [seat_event("a")], 1)
    store.append("g1", [seat_event("b")], 2)
    feed = _shown(store, 3)
    assert [r.version for r in store.read_all(after=feed[0].position)] == [2, 3]
    assert [r.version for r in store.read_all(after=feed[0].position, limit=1)] == [2]
    assert [r.version for r in store.iter_all(after=0, batch=2)] == [1, 2, 3]


# -- conflicts ---------------------------------------------------------------------------

def test_without_a_replica_reads_marked_for_one_see_every_write(store: SqlStore) -> None:
    # (the replica itself: tests/integration/test_replica.py)
    store.append("g1", new(created()), 0)
    assert store.written_mark() is None  # nothing for a reader to wait for
    with replica_reads(floor=10**12):
        assert [r.version for r in store.read_stream("g1")] == [1]
        assert store.current_version("g1") == 1


def test_a_stale_expected_version_is_a_conflict_with_the_current_version(
        store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    store.append("g1", [seat_event("a")], 1)
    with pytest.raises(VersionConflict) as conflict:
        store.append("g1", [seat_event("b")], 1)
    assert (conflict.value.expected, conflict.value.current) == (1, 2)
    assert store.current_version("g1") == 2


def test_an_expected_version_ahead_of_the_stream_is_a_conflict(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    with pytest.raises(VersionConflict) as conflict:
        store.append("g1", [seat_event("a")], 5)
    assert conflict.value.current == 1
    assert [r.version for r in store.read_stream("g1")] == [1]


def test_a_new_stream_can_be_created_only_once(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    with pytest.raises(VersionConflict):
        store.append("g1", new(created()), 0)


def test_a_failed_append_writes_nothing(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    with pytest.raises(VersionConflict):
        store.append("g1", [seat_event("a"), seat_event("b")], 0)
    assert store.current_version("g1") == 1
    assert len(store.read_all()) == 1


# -- idempotency -------------------------------------------------------------------------

def key(name: str, payload: object = "request", actor: str = "seat:0") -> Idempotency:
    return Idempotency(key=name, actor=actor, request_hash=request_hash(payload),
                       response={"answer": name})


def test_a_retry_with_the_same_key_returns_the_first_result(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    first = store.append("g1", [seat_event("a")], 1, key("k1"))
    again = store.append("g1", [seat_event("a")], 1, key("k1"))
    assert again.replayed and not first.replayed
    assert (again.first_version, again.last_version) == (2, 2)
    assert again.response == {"answer": "k1"}
    assert store.current_version("g1") == 2


def test_a_retry_is_recognised_even_after_the_stream_moved_on(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    store.append("g1", [seat_event("a")], 1, key("k1"))
    store.append("g1", [seat_event("b")], 2)
    again = store.append("g1", [seat_event("a")], 1, key("k1"))
    assert again.replayed and again.first_version == 2
    assert store.find_idempotent("g1", "seat:0", "k1") == again


def test_a_key_reused_for_another_request_is_refused(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    store.append("g1", [seat_event("a")], 1, key("k1", payload="draw"))
    with pytest.raises(IdempotencyMismatch):
        store.append("g1", [seat_event("b")], 2, key("k1", payload="claim"))
    assert store.current_version("g1") == 2


def test_keys_are_scoped_to_the_game_and_the_actor(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    store.append("g2", new(created()), 0)
    store.append("g1", [seat_event("a")], 1, key("k", actor="seat:0"))
    other_actor = store.append("g1", [seat_event("b")], 2, key("k", actor="seat:1"))
    other_game = store.append("g2", [seat_event("c")], 1, key("k", actor="seat:0"))
    assert not other_actor.replayed and not other_game.replayed
    assert store.current_version("g1") == 3 and store.current_version("g2") == 2


def test_an_unknown_key_finds_nothing(store: SqlStore) -> None:
    assert store.find_idempotent("g1", "seat:0", "never") is None


# -- every event type round-trips -----------------------------------------------------

def sample_events() -> list[Event]:
    """At least one event of every type, from real games of every map."""
    events: list[Event] = []
    for map_name, players in (("usa", 5), ("europe", 5), ("nordic", 3)):
        for n in range(3):
            _, log = play_random_game(map_name, players, f"rt-{n}".encode(),
                                      random.Random(n))
            events.extend(log)
    table = replay_table(created())
    events.extend(created())
    events.extend(decide_table(table, "bob", TakeSeat("Bob")))
    events.append(SeatLeft(seat=0, user_id="bob"))
    events.append(Passed(seat=1))
    events += [PlayerResigned(seat=1), TurnTimedOut(seat=0, deadline="2026-11-23T10:00:00Z",
                                                    consecutive=3),
               PlayerDropped(seat=0, timeouts=3),
               SeatTaken(seat=1, user_id="bot-hard-1", name="Hard bot", bot="hard"),
               StandInSeated(seat=0, user_id="bot-easy-1", name="Easy bot", level="easy",
                             replaced="bob", reason="timed_out"),
               PlayerReturned(seat=0, user_id="bob", name="Bob", bot_user_id="bot-easy-1"),
               HintGiven(seat=0),
               ReactionSent(seat=1, reaction="well_played"),
               DeadlinePaused(seat=0, until="2026-12-05T09:00:00.000000Z", time_left=43200),
               DeadlinePaused(seat=1, until="2026-12-06T09:00:00.000000Z", time_left=None),
               DeadlineResumed(seat=0)]
    events.append(GameScored(players=({"seat": 0, "routes": ("usa/a-b",), "score": {"total": 3}},),
                             winners=(0,)))
    return events


def test_every_event_type_round_trips_exactly(store: SqlStore) -> None:
    events = sample_events()
    assert {e.TYPE for e in events} == set(TYPES)
    version = 0
    for i in range(0, len(events), 500):
        chunk = events[i:i + 500]
        store.append("rt", new(chunk), version)
        version += len(chunk)
    back = [r.event() for r in store.read_stream("rt")]
    assert back == events


def test_hidden_fields_are_stored_apart_with_their_audience(store: SqlStore) -> None:
    store.append("g1", new(created()), 0)
    rec = store.read_stream("g1")[0]
    assert "seed" not in rec.data and rec.private["seed"]
    assert rec.audience["seed"] == []
    assert rec.data["seed_commitment"]


# -- snapshots ---------------------------------------------------------------------------

def test_the_newest_snapshot_wins(store: SqlStore) -> None:
    store.save_snapshot("g1", 10, "f1", {"v": 10})
    store.save_snapshot("g1", 5, "f1", {"v": 5})
    assert store.load_snapshot("g1", "f1") == (10, {"v": 10})
    store.save_snapshot("g1", 12, "f1", {"v": 12})
    assert store.load_snapshot("g1", "f1") == (12, {"v": 12})


def test_a_snapshot_of_another_format_is_not_used(store: SqlStore) -> None:
    store.save_snapshot("g1", 10, "old", {"v": 10})
    assert store.load_snapshot("g1", "new") is None


# -- upcasting a real old-shape event ------------------------------------------------------

def test_a_turn_ended_stored_before_schema_2_loads_with_no_skipped_seats(
        sql_store: SqlStore) -> None:
    # The exact row the engine wrote for `turn_ended` before seats could be skipped.
    # (Databases only: the old row is written by hand in SQL; the in-memory store only
    # ever holds events written today.)
    store = sql_store
    store.append("g1", new(created()), 0)
    with store.transaction() as cur:
        cur.execute(
            "INSERT INTO events (game_id, version, position, type, schema_version, "
            "recorded_at, actor, data, private, audience) "
            "VALUES (%s, 2, 999999999999, 'turn_ended', 1, %s, 'seat:0', %s, NULL, NULL)",
            ("g1", store.time_param(store.clock()),
             store.json_param({"seat": 0, "next_seat": 1})))
    event = store.read_stream("g1")[1].event()
    assert event.TYPE == "turn_ended"
    assert event.next_seat == 1
    assert tuple(getattr(event, "skipped", ())) == ()


# -- migrations ----------------------------------------------------------------------------

def test_migrations_create_the_schema_from_an_empty_database(empty_store_url: str) -> None:
    # (databases only: the in-memory store has no schema, see the next test)
    fresh = open_store(empty_store_url)
    try:
        assert fresh.migrate() == [m.number for m in MIGRATIONS]
        assert fresh.migrate() == []
        assert fresh.schema_version() == LATEST
    finally:
        fresh.close()


def test_the_in_memory_store_has_nothing_to_migrate_and_reports_the_latest_schema() -> None:
    fresh = open_store(MEMORY_URL)
    assert fresh.migrate() == []
    assert fresh.schema_version() == LATEST


def test_each_in_memory_store_starts_empty() -> None:
    first, second = open_store(MEMORY_URL), open_store(MEMORY_URL)
    first.append("g1", new(created()), 0)
    assert second.current_version("g1") == 0 and second.read_all() == []


def _migrate_in_process(url: str, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    s = open_store(url)
    try:
        results.put(s.migrate())
    except Exception as error:  # reported to the parent, which fails the test
        results.put(repr(error))
    finally:
        s.close()


def test_several_processes_can_migrate_at_once(empty_store_url: str) -> None:
    # (databases only: processes share a database, never an in-memory store)
    ctx = multiprocessing.get_context("spawn")
    results: multiprocessing.Queue = ctx.Queue()  # type: ignore[type-arg]
    procs = [ctx.Process(target=_migrate_in_process, args=(empty_store_url, results))
             for _ in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    outcomes = [results.get(timeout=5) for _ in procs]
    assert all(isinstance(o, list) for o in outcomes), outcomes
    assert sorted(len(o) for o in outcomes)[-1] > 0  # one of them did the work
    assert sum(len(o) for o in outcomes) == len(MIGRATIONS)


# -- concurrency ---------------------------------------------------------------------------

GAMES = ("c1", "c2", "c3")
APPENDS_PER_WRITER = 25
# A moment between reading a version and appending after it, as a request has: without
# it a thread may hold the interpreter for its whole read-and-append and never conflict
# (on a busy machine, even against SQLite).
THINK = 0.0005


def _write(url: str, writer: str, seed: int, start_at: float = 0.0, think: float = 0.0
           ) -> tuple[int, int, list[str]]:
    """`_write_to` a store of its own at `url`, closed afterwards; a failure to open it or
    to reach it before the start an error of the outcome, not of the thread."""
    try:
        s = open_store(url)
    except Exception as error:
        return 0, 0, [f"opening the store: {error!r}"]
    try:
        # (before the writers' start if it can: a store slow to connect is not the race)
        reachable(s, within=max(0.0, start_at - time.time()) + 30)
        return _write_to(s, writer, seed, start_at, think)
    except Exception as error:
        return 0, 0, [repr(error)]
    finally:
        s.close()


def _write_to(s: SqlStore, writer: str, seed: int, start_at: float = 0.0, think: float = 0.0
              ) -> tuple[int, int, list[str]]:
    """Append APPENDS_PER_WRITER events, retrying on conflicts; (successes, conflicts, errors).
    `think`: seconds between reading a version and appending after it."""
    rng = random.Random(seed)
    done = conflicts = 0
    errors: list[str] = []
    while done < APPENDS_PER_WRITER:
        game = rng.choice(GAMES)
        version = s.current_version(game)
        if done == 0:  # every writer, thread or process, starts at the same moment
            while time.time() < start_at:
                time.sleep(0.001)
            version = s.current_version(game)
        if think:
            time.sleep(think)
        try:
            s.append(game, [seat_event(f"{writer}-{done}")], version)
            done += 1
        except VersionConflict as conflict:
            assert conflict.current >= version
            conflicts += 1
        except Exception as error:  # anything else is a failure of the contract
            errors.append(repr(error))
            break
    return done, conflicts, errors


def _write_in_process(url: str, writer: str, seed: int, start_at: float,
                      results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    results.put(_write(url, writer, seed, start_at))


class _Tail:
    """A feed reader running while the writers write: every (position, game, version)."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store
        self.seen: list[tuple[int, str, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read)
        self._thread.start()

    def _read(self) -> None:
        # (PostgreSQL's feed shows an append once every older transaction has ended,
        # another test's too: wait for the games' first events to show)
        while not (first := self.store.read_all()):
            time.sleep(0.002)
        after = first[-1].position
        while True:
            finished = self._stop.is_set()
            page = self.store.read_all(after, 50)
            self.seen.extend((r.position, r.game_id, r.version) for r in page)
            if page:
                after = page[-1].position
            elif finished:
                return
            else:
                time.sleep(0.002)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def _in_threads(write: Callable[[int], tuple[int, int, list[str]]], count: int
                ) -> list[tuple[int, int, list[str]]]:
    results: list[tuple[int, int, list[str]]] = []
    threads = [threading.Thread(target=lambda i=i: results.append(write(i)))
               for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def _assert_nothing_lost(store: SqlStore, outcomes: list[tuple[int, int, list[str]]],
                         seen: list[tuple[int, str, int]]) -> None:
    appends = len(outcomes) * APPENDS_PER_WRITER
    assert all(not errors for _, _, errors in outcomes), outcomes
    assert sum(done for done, _, _ in outcomes) == appends
    assert sum(conflicts for _, conflicts, _ in outcomes) > 0
    labels: list[str] = []
    for game in GAMES:
        stream = store.read_stream(game)
        assert [r.version for r in stream] == list(range(1, len(stream) + 1))
        labels += [r.data["user_id"] for r in stream[1:]]
    assert len(labels) == len(set(labels)) == appends
    # the reader saw every event exactly once, in increasing positions
    assert len(seen) == appends
    assert [p for p, _, _ in seen] == sorted({p for p, _, _ in seen})


def test_concurrent_writers_lose_nothing_and_losers_get_conflicts(
        sql_store: SqlStore, store_url: str) -> None:
    # (databases: writers in other processes and threads, each with a store of its own)
    store = sql_store
    for game in GAMES:
        store.append(game, new(created(game.encode())), 0)
    tail = _Tail(store)
    ctx = multiprocessing.get_context("spawn")
    results: multiprocessing.Queue = ctx.Queue()  # type: ignore[type-arg]
    start_at = time.time() + 3.0  # time for the spawned processes to import
    procs = [ctx.Process(target=_write_in_process,
                         args=(store_url, f"p{i}", 100 + i, start_at, results))
             for i in range(4)]
    for p in procs:
        p.start()
    outcomes = _in_threads(lambda i: _write(store_url, f"t{i}", i, start_at, THINK), 8)
    outcomes += [results.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(30)
    tail.stop()
    _assert_nothing_lost(store, outcomes, tail.seen)


def test_concurrent_threads_on_one_in_memory_store_lose_nothing() -> None:
    # (the in-memory store lives in one process: its writers are threads sharing it)
    store = open_store(MEMORY_URL)
    for game in GAMES:
        store.append(game, new(created(game.encode())), 0)
    tail = _Tail(store)
    start_at = time.time() + 0.2
    outcomes = _in_threads(lambda i: _write_to(store, f"t{i}", i, start_at, THINK), 12)
    tail.stop()
    _assert_nothing_lost(store, outcomes, tail.seen)


def test_sqlite_is_the_default_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    s = open_store(None)
    assert isinstance(s, SqliteStore) and s.path == str(tmp_path / "ttr.sqlite3")
    s.migrate()
    with s.reading() as cur:
        cur.execute("PRAGMA journal_mode")
        row = cur.fetchone()
    assert row is not None and row[0] == "wal"
    s.close()


def test_an_imported_event_keeps_the_time_it_first_happened(store: SqlStore) -> None:
    from datetime import UTC, datetime

    then = datetime(2025, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
    store.append("g1", [NewEvent(created()[0], "user:alice", then), seat_event("bob")], 0)
    first, second = store.read_stream("g1")
    assert first.recorded_at == then and second.recorded_at > then
