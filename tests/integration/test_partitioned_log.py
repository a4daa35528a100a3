"""Migration 16: PostgreSQL's events table partitioned by hash of the game id, converted
online from a database the old schema filled (`events.partitioning`).

A database is migrated to 15, filled by the store as it was, and migrated on in small
copy batches with appends made between the batches; the tests then read what the
conversion left. Appends racing the whole conversion, a conversion interrupted
part-way and one waiting for a long read each have a schema of their own. SQLite
keeps its one table.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest

from domain.table import SeatTaken, create_game
from events import NewEvent, Recorded, SqlStore, VersionConflict, open_store, partitioning
from events.migrations import LATEST
from events.partitioning import PARTITIONS
from tests.pg_pool import fresh_schema

OLD = 15  # the last schema with one events table
GAMES = [f"g{i:02d}" for i in range(12)]
BATCH = 5  # rows a copy transaction: small, so the copy takes many


def sql_store(url: str, **options: Any) -> SqlStore:
    store = open_store(url, **options)
    assert isinstance(store, SqlStore)
    return store


def seat(label: str) -> NewEvent:
    return NewEvent(SeatTaken(seat=0, user_id=label, name=label), "user:" + label)


def open_game(store: SqlStore, game: str) -> None:
    store.append(game, [NewEvent(e, "user:alice") for e in
                        create_game(map_name="usa", seats=2, created_by="alice",
                                    seed=game.encode())], 0)


def fill(store: SqlStore) -> None:
    """Games of different lengths, appended one, two or three events at a time and
    interleaved, as play writes them."""
    for game in GAMES:
        open_game(store, game)
    for round_ in range(4):
        for n, game in enumerate(GAMES):
            batch = [seat(f"{game}-{round_}-{i}") for i in range(1 + (n + round_) % 3)]
            store.append(game, batch, store.current_version(game))


def streams(store: SqlStore, games: list[str]) -> dict[str, list[Recorded]]:
    return {game: store.read_stream(game) for game in games}


def whole_feed(store: SqlStore, count: int) -> list[Recorded]:
    """The global feed from its start, read until it holds `count` events (the feed
    shows an append once every older transaction on the server has ended, another
    test's too) or a minute has passed."""
    feed: list[Recorded] = []
    give_up = time.monotonic() + 60
    while len(feed) < count and time.monotonic() < give_up:
        page = store.read_all(feed[-1].position if feed else 0)
        feed += page
        if not page:
            time.sleep(0.01)
    return feed


def relkind(store: SqlStore) -> str:
    with store.reading() as cur:
        cur.execute("SELECT relkind FROM pg_class WHERE oid = to_regclass('events')")
        row = cur.fetchone()
    assert row is not None
    return str(row[0])


def partitioned_for_games(store: SqlStore) -> None:
    """Fail unless `events` is hash-partitioned on game_id into PARTITIONS tables."""
    with store.reading() as cur:
        cur.execute("SELECT p.partstrat, a.attname FROM pg_partitioned_table p "
                    "JOIN pg_attribute a ON a.attrelid = p.partrelid "
                    "AND a.attnum = p.partattrs[0] WHERE p.partrelid = 'events'::regclass")
        assert cur.fetchall() == [("h", "game_id")]
        cur.execute("SELECT count(*) FROM pg_inherits WHERE inhparent = 'events'::regclass")
        assert cur.fetchone() == (PARTITIONS,)


@dataclass
class Converted:
    """The database after migration 16, and what was known of it before."""

    store: SqlStore
    url: str
    before: dict[str, list[Recorded]]
    applied: list[int]
    copied: list[int] = field(default_factory=list)  # what the conversion reported
    between: list[str] = field(default_factory=list)  # games appended to between batches


@pytest.fixture(scope="module")
def converted(pg_admin_url: str) -> Iterator[Converted]:
    with fresh_schema(pg_admin_url) as url:
        store = sql_store(url)
        try:
            assert store.migrate(upto=OLD) == list(range(1, OLD + 1))
            fill(store)
            done = Converted(store, url, streams(store, GAMES), applied=[])

            def append_between_batches(copied: int) -> None:
                # one more event of a game already copied, and a new game's first
                done.copied.append(copied)
                step = len(done.copied)
                store.append(GAMES[0], [seat(f"between-{step}")],
                             store.current_version(GAMES[0]))
                open_game(store, f"new{step:02d}")
                done.between.append(f"new{step:02d}")

            done.applied = store.migrate(batch=BATCH, progress=append_between_batches)
            yield done
        finally:
            store.close()


# -- the conversion ------------------------------------------------------------------------

def test_migration_16_is_the_one_applied_to_a_database_at_15(converted: Converted) -> None:
    assert converted.applied == [16] == [LATEST]


def test_the_copy_ran_in_many_batches(converted: Converted) -> None:
    assert len(converted.copied) > 10
    assert converted.copied == sorted(converted.copied)


def test_every_event_of_the_old_log_is_kept_as_it_was(converted: Converted) -> None:
    after = streams(converted.store, GAMES)
    assert after[GAMES[0]][:len(converted.before[GAMES[0]])] == converted.before[GAMES[0]]
    assert {g: s for g, s in after.items() if g != GAMES[0]} == {
        g: s for g, s in converted.before.items() if g != GAMES[0]}


def test_every_stream_is_gap_free_from_version_1(converted: Converted) -> None:
    for game, stream in streams(converted.store, GAMES + converted.between).items():
        assert [r.version for r in stream] == list(range(1, len(stream) + 1)), game


def test_appends_made_during_the_copy_are_kept(converted: Converted) -> None:
    store = converted.store
    first = [r.data.get("user_id") for r in store.read_stream(GAMES[0])]
    assert first[-len(converted.copied):] == [
        f"between-{n}" for n in range(1, len(converted.copied) + 1)]
    assert all(store.current_version(game) == 1 for game in converted.between)


def test_the_global_feed_lists_every_event_once_in_position_order(
        converted: Converted) -> None:
    every = [r for s in streams(converted.store, GAMES + converted.between).values()
             for r in s]
    feed = whole_feed(converted.store, len(every))
    assert feed == sorted(every, key=lambda r: r.position)


def test_the_log_is_partitioned_by_hash_of_the_game_id(converted: Converted) -> None:
    assert relkind(converted.store) == "p"
    partitioned_for_games(converted.store)


def test_the_games_are_spread_over_several_partitions(converted: Converted) -> None:
    with converted.store.reading() as cur:
        cur.execute("SELECT count(DISTINCT tableoid), count(DISTINCT game_id) FROM events")
        holding, games = cur.fetchone() or (0, 0)
        cur.execute("SELECT count(*) FROM (SELECT game_id FROM events "
                    "GROUP BY game_id HAVING count(DISTINCT tableoid) > 1) split")
        split = cur.fetchone()
    assert holding > 1 and games == len(GAMES) + len(converted.between)
    assert split == (0,)  # and each game's log lies whole in one


def test_the_indexes_keep_their_names_and_what_they_guard(converted: Converted) -> None:
    with converted.store.reading() as cur:
        cur.execute("SELECT indexname, indexdef FROM pg_indexes "
                    "WHERE tablename = 'events' AND schemaname = current_schema()")
        indexes: dict[str, str] = dict(cur.fetchall())
    assert set(indexes) == {"events_pkey", "events_by_position", "events_scored"}
    assert "UNIQUE INDEX events_pkey" in indexes["events_pkey"]
    assert "(game_id, version)" in indexes["events_pkey"]
    assert "UNIQUE" in indexes["events_by_position"]
    assert "WHERE (type = 'game_scored'::text)" in indexes["events_scored"]


def test_an_append_at_a_stale_version_still_conflicts(converted: Converted) -> None:
    store = converted.store
    version = store.current_version(GAMES[1])
    with pytest.raises(VersionConflict):
        store.append(GAMES[1], [seat("late")], version - 1)
    assert store.current_version(GAMES[1]) == version


def test_the_same_version_cannot_be_written_twice(converted: Converted) -> None:
    # the primary key, not only the append's check, refuses a second row at a version
    with pytest.raises(psycopg.errors.UniqueViolation), \
            converted.store.transaction() as cur:
        cur.execute("INSERT INTO events (game_id, version, position, type, schema_version, "
                    "recorded_at, actor, data) SELECT game_id, version, position + 1, type, "
                    "schema_version, recorded_at, actor, data FROM events "
                    "WHERE game_id = %s AND version = 1", (GAMES[2],))


def test_migrating_again_changes_nothing(converted: Converted) -> None:
    before = streams(converted.store, GAMES)
    again = open_store(converted.url)
    try:
        assert again.migrate() == []
        assert again.schema_version() == LATEST
    finally:
        again.close()
    assert streams(converted.store, GAMES) == before
    partitioned_for_games(converted.store)


# -- racing, interrupted, waiting ----------------------------------------------------------

def _old_store(url: str) -> SqlStore:
    store = sql_store(url)
    store.migrate(upto=OLD)
    fill(store)
    return store


def test_appends_racing_the_whole_conversion_are_neither_lost_nor_refused(
        empty_pg_schema_url: str) -> None:
    store = _old_store(empty_pg_schema_url)
    writer = sql_store(empty_pg_schema_url, max_size=2)  # its own connections, as another process
    stop = threading.Event()
    written: list[str] = []
    failures: list[str] = []

    def write() -> None:
        n = 0
        while not stop.is_set():
            try:
                writer.append(GAMES[3], [seat(f"race-{n}")], writer.current_version(GAMES[3]))
                written.append(f"race-{n}")
                n += 1
            except Exception as error:  # a refused append fails the test
                failures.append(repr(error))
                return

    thread = threading.Thread(target=write)
    try:
        thread.start()
        _wait_for(lambda: len(written) >= 3 or bool(failures), written)  # before the copy
        started = len(written)
        store.migrate(batch=1)  # one row a transaction: the copy overlaps the writes
        during = len(written)
        _wait_for(lambda: len(written) >= during + 3 or bool(failures), written)  # after
        stop.set()
        thread.join()
        assert failures == []
        assert relkind(store) == "p"
        assert during > started  # some landed while the copy ran
        stream = store.read_stream(GAMES[3])
        assert [r.version for r in stream] == list(range(1, len(stream) + 1))
        assert [r.data["user_id"] for r in stream if str(r.data.get("user_id")).startswith("race-")
                ] == written
    finally:
        stop.set()
        thread.join()
        writer.close()
        store.close()


def test_an_append_waiting_on_the_final_lock_goes_on_into_the_new_table(
        empty_pg_schema_url: str) -> None:
    # The swap is held open (a lock on schema_migrations, which it writes last) while
    # an append of a prepared statement waits on the old table; then both go on.
    store = _old_store(empty_pg_schema_url)
    writer = sql_store(empty_pg_schema_url, max_size=1)  # one connection: its statements prepared
    for n in range(4):
        writer.append(GAMES[5], [seat(f"before-{n}")], writer.current_version(GAMES[5]))
    version = writer.current_version(GAMES[5])
    with store.reading() as cur:
        cur.execute("SELECT 'events'::regclass::oid, 'schema_migrations'::regclass::oid")
        old_table, migrations_table = cur.fetchone() or (0, 0)
    holder = psycopg.connect(empty_pg_schema_url)
    held: list[int] = []

    def hold_the_swap(copied: int) -> None:
        if not held:
            holder.execute("LOCK TABLE schema_migrations IN ACCESS EXCLUSIVE MODE")
            held.append(copied)

    outcome: list[Any] = []
    migrating = threading.Thread(target=lambda: outcome.append(
        store.migrate(batch=BATCH, progress=hold_the_swap)))
    appending = threading.Thread(target=lambda: outcome.append(
        writer.append(GAMES[5], [seat("waited")], version)))
    try:
        migrating.start()
        _wait_for(lambda: _waiting_on(empty_pg_schema_url, migrations_table), outcome)
        appending.start()
        _wait_for(lambda: _waiting_on(empty_pg_schema_url, old_table), outcome)
        holder.commit()
        migrating.join()
        appending.join()
        assert outcome[0] == [16] or outcome[1] == [16], outcome
        assert relkind(store) == "p"
        stream = writer.read_stream(GAMES[5])
        assert [r.version for r in stream] == list(range(1, version + 2))
        assert stream[-1].data["user_id"] == "waited"
    finally:
        holder.close()
        for thread in (migrating, appending):
            if thread.is_alive():
                thread.join()
        writer.close()
        store.close()


def _waiting_on(url: str, table: int) -> bool:
    """Is a session waiting for a lock on the table of oid `table`?"""
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM pg_locks WHERE NOT granted "
                           "AND relation = %s", (table,)).fetchone()
    return row is not None and row[0] > 0


class _Interrupted(Exception):
    pass


def test_a_conversion_interrupted_part_way_resumes_and_copies_each_event_once(
        empty_pg_schema_url: str) -> None:
    store = _old_store(empty_pg_schema_url)
    try:
        before = streams(store, GAMES)

        def stop_after_three(copied: int) -> None:
            if copied >= 3 * BATCH:
                raise _Interrupted

        with pytest.raises(_Interrupted):
            store.migrate(batch=BATCH, progress=stop_after_three)
        assert store.schema_version() == OLD and relkind(store) == "r"
        assert streams(store, GAMES) == before  # the old table still serves, untouched
        resumed: list[int] = []
        assert store.migrate(batch=BATCH, progress=resumed.append) == [16]
        assert resumed[0] > 3 * BATCH  # it went on from the rows already copied
        assert streams(store, GAMES) == before
        with store.reading() as cur:
            cur.execute("SELECT count(*) FROM events")
            assert cur.fetchone() == (sum(len(s) for s in before.values()),)
    finally:
        store.close()


def test_a_conversion_that_cannot_lock_the_table_lets_appends_through_and_tries_again(
        empty_pg_schema_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(partitioning, "LOCK_WAIT", "20ms")
    monkeypatch.setattr(partitioning, "LOCK_ATTEMPTS", 10_000)
    store = _old_store(empty_pg_schema_url)
    rounds: list[int] = []
    outcome: list[Any] = []
    migrating = threading.Thread(
        target=lambda: outcome.append(store.migrate(batch=BATCH, progress=rounds.append)))
    try:
        with psycopg.connect(empty_pg_schema_url) as reader:  # a long read holds the table
            reader.execute("SELECT count(*) FROM events").fetchone()
            migrating.start()
            # the copy done, the lock tried, let go, and tried again: each round that
            # copies nothing new reports the same count again
            _wait_for(lambda: len(rounds) >= 5 and len(set(rounds[-5:])) == 1, rounds)
            version = store.current_version(GAMES[4])
            store.append(GAMES[4], [seat("while-waiting")], version)
            assert outcome == [] and relkind(store) == "r"
        migrating.join()
        assert outcome == [[16]]
        assert store.read_stream(GAMES[4])[-1].data["user_id"] == "while-waiting"
    finally:
        if migrating.is_alive():
            migrating.join()
        store.close()


def _wait_for(condition: Callable[[], bool], seen: list[Any]) -> None:
    """Wait until `condition` holds (a minute at most: then fail, showing `seen`)."""
    give_up = time.monotonic() + 60
    while not condition() and time.monotonic() < give_up:
        time.sleep(0.005)
    assert condition(), seen


# -- SQLite ----------------------------------------------------------------------------------

def test_sqlite_records_migration_16_and_keeps_its_one_table(tmp_path: Path) -> None:
    store = sql_store(f"sqlite:///{tmp_path / 'events.sqlite3'}")
    try:
        assert store.migrate(upto=OLD) == list(range(1, OLD + 1))
        open_game(store, "g1")
        assert store.migrate() == [16]
        with store.reading() as cur:
            cur.execute("SELECT name FROM sqlite_master WHERE name LIKE 'events%' "
                        "AND type = 'table'")
            assert cur.fetchall() == [("events",)]
        assert [r.version for r in store.read_stream("g1")] == [1]
    finally:
        store.close()
