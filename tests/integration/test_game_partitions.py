"""PostgreSQL's statements of one game name the partition that holds its events
(`events.game_partitions`), once the events table is partitioned; before that (a
database not yet converted, `tests/integration/test_partitioned_log.py`) they name the
table itself."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager

import psycopg
import pytest

from events import SqlStore, VersionConflict
from events.database import Cursor
from events.game_partitions import GamePartitions
from events.store import StoreUnavailable
from tests.integration.test_partitioned_log import OLD, open_game, seat, sql_store
from tests.pg_pool import fresh_schema


@pytest.fixture(scope="module")
def partitioned(pg_admin_url: str) -> Iterator[SqlStore]:
    with fresh_schema(pg_admin_url) as url:
        store = sql_store(url)
        store.migrate()
        try:
            yield store
        finally:
            store.close()


def bare(table: str) -> str:
    return table.rsplit(".", 1)[-1].strip('"')


def partition_holding(store: SqlStore, game: str) -> str:
    with store.reading() as cur:
        cur.execute("SELECT DISTINCT tableoid::regclass::text FROM events WHERE game_id = %s",
                    (game,))
        rows = cur.fetchall()
    assert len(rows) == 1, rows
    return bare(str(rows[0][0]))


def test_a_games_statements_name_the_partition_that_holds_its_events(
        partitioned: SqlStore) -> None:
    named = set()
    for game in [f"g_named{i}" for i in range(6)]:
        open_game(partitioned, game)
        named.add(bare(partitioned.events_table(game)))
        assert bare(partitioned.events_table(game)) == partition_holding(partitioned, game)
    assert len(named) > 1  # (six games: not all in one of the sixteen)


def test_a_game_appended_and_read_through_its_partition_keeps_its_stream(
        partitioned: SqlStore) -> None:
    open_game(partitioned, "g_kept")
    version = partitioned.current_version("g_kept")
    partitioned.append("g_kept", [seat("ann")], version)
    assert [r.version for r in partitioned.read_stream("g_kept")] == list(
        range(1, version + 2))
    assert partitioned.current_version("g_kept") == version + 1
    with pytest.raises(VersionConflict):  # the version check holds in the partition too
        partitioned.append("g_kept", [seat("bob")], version)


def test_postgresql_refuses_a_row_written_to_another_games_partition(
        partitioned: SqlStore) -> None:
    # what makes naming a partition safe: a row outside its bound is refused
    open_game(partitioned, "g_bound")
    own = bare(partitioned.events_table("g_bound"))
    other = "events_p0" if own != "events_p0" else "events_p1"
    with pytest.raises(psycopg.errors.CheckViolation), partitioned.transaction() as cur:
        cur.execute(f"INSERT INTO {other} SELECT * FROM {own} WHERE game_id = %s "
                    "AND version = 1", ("g_bound",))


def test_before_the_log_is_partitioned_a_games_statements_name_the_table(
        pg_admin_url: str) -> None:
    with fresh_schema(pg_admin_url) as url:
        store = sql_store(url)
        try:
            store.migrate(upto=OLD)
            open_game(store, "g_plain")
            assert store.events_table("g_plain") == "events"
            assert [r.version for r in store.read_stream("g_plain")][0] == 1
        finally:
            store.close()


def test_while_the_database_cannot_be_asked_a_games_statements_name_the_table() -> None:
    # (a replica may still answer the read through the parent; an append fails anyway)
    def down() -> AbstractContextManager[Cursor]:
        raise StoreUnavailable("PostgreSQL is unavailable (test)")

    assert GamePartitions(down).table_of("g_unknown") == "events"
