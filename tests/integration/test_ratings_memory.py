"""The in-memory ratings (`events.memory.ratings`) give the SQL figures to the last bit:
the same scored games, recorded at the same times, projected by steps and rebuilt, show
the same boards, entries, profiles and results through the port as SQLite does."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from events import MEMORY_URL, open_store
from events.ports import Store
from tests.integration.test_ratings_reads import play
from tests.ratings_support import figures, score_games

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _now() -> datetime:
    return T0


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[tuple[Store, Store]]:
    """A SQLite store and an in-memory one, on the same still clock."""
    sql = open_store(f"sqlite:///{tmp_path / 'events.sqlite3'}", clock=_now)
    memory = open_store(MEMORY_URL, clock=_now)
    for s in (sql, memory):
        s.migrate()
    yield sql, memory
    for s in (sql, memory):
        s.close()


def history(store: Store) -> list[str]:
    """Scored games of people and a bot on three maps, projected in two steps."""
    store.add_bot("bot-1", "Robo", "easy")
    store.create_user("a", "Alice", "ab" * 32)
    ids = score_games(store, 5, seed=7)
    for n, users in enumerate((["a", "bot-1"], ["a", "b", "c"], ["c", "bot-1", "b", "a"],
                               ["u0", "a"])):
        play(store, f"p{n}", users, number=n + 3, map_name=("usa", "nordic", "europe")[n % 3],
             rated=n != 3)
        ids.append(f"p{n}")
    store.project_scored_games(limit=3)
    store.project_scored_games()
    return ids


def test_the_in_memory_projection_gives_the_sql_figures(stores: tuple[Store, Store]) -> None:
    sql, memory = stores
    ids = history(sql)
    assert history(memory) == ids
    assert figures(memory, ids) == figures(sql, ids)


def test_the_in_memory_rebuild_gives_the_sql_figures(stores: tuple[Store, Store]) -> None:
    sql, memory = stores
    ids = history(sql)
    history(memory)
    assert memory.rebuild_ratings(batch=2) == sql.rebuild_ratings(batch=2) == len(ids)
    assert figures(memory, ids) == figures(sql, ids)
