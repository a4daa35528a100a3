"""The ratings projection in the store (`events.ports.Ratings`), on every adapter: projected
in `game_scored` order, once per game, and rebuilt from the log to the same figures."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest

from events import SqlStore
from events.ports import Store
from tests.conftest import migrated
from tests.ratings_support import figures, projection, score_games
from tests.worker_support import finished_game, make_context


@pytest.fixture
def store(any_store: Store) -> Store:
    """Every adapter, the in-memory one too."""
    return any_store


@pytest.fixture
def sql_store(store_url: str) -> Iterator[SqlStore]:
    """Each SQL database (SQLite, PostgreSQL)."""
    yield from migrated(store_url)


def test_each_scored_game_is_projected_once(store: Store) -> None:
    ids = score_games(store, 3)
    assert store.project_scored_games() == ids
    assert store.project_scored_games() == []
    lines = store.results_of_games(ids)
    assert [len(lines[g]) for g in ids] == [2, 2, 2]
    assert len(store.results_of_player("u0")) == 3


def test_a_game_not_yet_scored_is_not_projected(store: Store) -> None:
    ctx = make_context(store)
    finished_game(ctx.log, "g-ended", random.Random(3))
    assert store.project_scored_games() == []
    assert store.unprojected_games() == 0


def test_rebuilding_gives_exactly_the_stored_figures(store: Store) -> None:
    ids = score_games(store, 4, seed=2)
    store.project_scored_games()
    ids += score_games(store, 2, seed=3)
    store.project_scored_games()
    stored = figures(store, ids)
    assert store.rebuild_ratings(batch=3) == 6
    assert figures(store, ids) == stored
    assert store.project_scored_games() == []


def test_rebuilding_writes_the_same_rows(sql_store: SqlStore) -> None:
    """SQL only: the tables hold rows no port shows (`rated_games`, the cursor); the
    in-memory store keeps none (its figures: the test above)."""
    score_games(sql_store, 3, seed=2)
    sql_store.project_scored_games()
    stored = projection(sql_store)
    sql_store.rebuild_ratings(batch=2)
    assert projection(sql_store) == stored


def test_a_players_ratings_follow_game_after_game(store: Store) -> None:
    score_games(store, 3, seed=4)
    store.project_scored_games()
    rows = store.results_of_player("u0")
    assert [r.games_before for r in reversed(rows)] == [0, 1, 2]
    for earlier, later in zip(reversed(rows[1:]), reversed(rows[:-1]), strict=True):
        assert (later.mu_before, later.sigma_before) == (earlier.mu_after, earlier.sigma_after)
    entry = store.board_entry("usa", "u0", min_games=1)
    assert entry is not None and entry.games == 3 and entry.provisional


def test_the_sweep_finds_the_scored_games_not_yet_projected(store: Store) -> None:
    score_games(store, 2, seed=5)
    assert store.unprojected_games() == 2
    store.project_scored_games(limit=1)
    assert store.unprojected_games() == 1


def test_two_jobs_projecting_at_once_project_each_game_once(store: Store) -> None:
    ids = score_games(store, 4, seed=6)
    done: list[list[str]] = [[], []]
    start = threading.Barrier(2)

    def job(n: int) -> None:
        start.wait()
        while found := store.project_scored_games(limit=1):
            done[n] += found

    threads = [threading.Thread(target=job, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(done[0] + done[1]) == sorted(ids)
    assert [len(store.results_of_games([g])[g]) for g in ids] == [2] * 4
