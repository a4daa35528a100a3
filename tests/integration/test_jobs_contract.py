"""The jobs port's contract, written once and run on every adapter: `InlineJobs` (threads
in this process) and `RqJobs` (real Redis, and real `ttr worker` processes that run
the jobs). Both run on the test's own PostgreSQL schema; each RQ test has a queue of
its own (see `tests/integration/test_worker_rq.py` for the isolation)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bootstrap import bootstrap
from events import SqlStore
from referee.effects import follow_up
from referee.jobs import BOT_TURN, DEADLINE, RATINGS, SCORE, SWEEP
from referee.referee import NewGame
from referee.settings import Settings
from tests.integration.test_worker_rq import game_id
from tests.worker_processes import Workers
from tests.worker_support import count_scored, finished_game, make_context
from worker.context import WorkerContext
from worker.inline_jobs import InlineJobs
from worker.rq_jobs import RqJobs

ADAPTERS = ["inline", "rq"]


@dataclass
class Adapter:
    ctx: WorkerContext  # the API's side: the store, the log, and the jobs under test
    jobs: InlineJobs | RqJobs
    run: Callable[[], None]  # let the jobs asked for so far run to their end


def _inline(store: SqlStore) -> Iterator[Adapter]:
    holder: list[WorkerContext] = []
    jobs = InlineJobs(lambda: holder[0], retry_intervals=(0.05, 0.1, 0.2), sweep_every=None)
    ctx = make_context(store, jobs=jobs)
    holder.append(ctx)

    def run() -> None:
        assert jobs.wait_idle(20)

    yield Adapter(ctx, jobs, run)
    jobs.close()


def _rq(request: pytest.FixtureRequest, tmp_path: Path, database_url: str) -> Iterator[Adapter]:
    redis_url: str = request.getfixturevalue("redis_url")
    queue: str = request.getfixturevalue("queue")
    ctx = bootstrap(Settings(database_url=database_url, redis_url=redis_url, queue=queue,
                             bot_pause=0.0, analysis_budget=0.0))
    workers = Workers(tmp_path, database_url, redis_url, queue)
    assert isinstance(ctx.jobs, RqJobs)
    yield Adapter(ctx, ctx.jobs, workers.run_burst)
    workers.stop_all()
    ctx.close()


@pytest.fixture(params=ADAPTERS)
def adapter(request: pytest.FixtureRequest, tmp_path: Path, pg_schema_url: str,
            pg_store: SqlStore) -> Iterator[Adapter]:
    """Each jobs adapter in turn."""
    if request.param == "inline":
        yield from _inline(pg_store)
    else:
        yield from _rq(request, tmp_path, pg_schema_url)


def pending(jobs: InlineJobs | RqJobs) -> list[tuple[str, datetime]]:
    """The deadlines waiting, soonest first (of the same time: by game id)."""
    return sorted(jobs.pending_deadlines(), key=lambda p: (p[1], p[0]))


def test_jobs_score_a_game_that_ended(adapter: Adapter, pg_store: SqlStore) -> None:
    gid = game_id()
    outcome = finished_game(adapter.ctx.log, gid, random.Random(17))
    follow_up(adapter.ctx, outcome)
    adapter.run()
    assert count_scored(pg_store, gid) == 1


def test_a_score_asked_for_again_and_again_is_appended_once(adapter: Adapter,
                                                            pg_store: SqlStore) -> None:
    gid = game_id()
    finished_game(adapter.ctx.log, gid, random.Random(20))
    for _ in range(5):
        adapter.jobs.enqueue(SCORE, gid)
    adapter.run()
    adapter.jobs.enqueue(SCORE, gid)  # asked again after the job finished: it finds nothing to do
    adapter.run()
    assert count_scored(pg_store, gid) == 1


def test_a_later_deadline_replaces_the_earlier(adapter: Adapter) -> None:
    jobs = adapter.jobs
    g1, g2 = game_id(), game_id()
    now = datetime.now(UTC).replace(microsecond=0)
    first, second = now + timedelta(hours=1), now + timedelta(hours=2)
    jobs.enqueue(DEADLINE, g1, first)
    jobs.enqueue(DEADLINE, g1, first)  # asked twice: one job
    assert pending(jobs) == [(g1, first)]
    jobs.enqueue(DEADLINE, g2, first)  # another game's deadlines are its own
    assert pending(jobs) == sorted([(g1, first), (g2, first)], key=lambda p: p[0])
    jobs.enqueue(DEADLINE, g1, second)  # the next turn's: the first one is pointless now
    assert pending(jobs) == [(g2, first), (g1, second)]
    jobs.enqueue(DEADLINE, g1, first)  # a late caller with the older deadline: ignored
    assert pending(jobs) == [(g2, first), (g1, second)]



def test_a_bots_move_asked_for_again_and_again_is_played_once(adapter: Adapter,
                                                              pg_store: SqlStore) -> None:
    gid = game_id()
    created = adapter.ctx.referee.create_game(gid, "alice", NewGame(
        map_name="usa", seats=2, join_as="Alice", bots=("hard",)))
    version = created.outcome.last_version  # the deal: both seats choose their tickets
    for _ in range(3):
        adapter.jobs.enqueue(BOT_TURN, gid, version)
    adapter.run()
    played = list(pg_store.read_stream(gid, after=version))
    assert [(r.version, r.type, r.actor) for r in played] == [
        (version + 1, "tickets_kept", "seat:1")]  # the bot's seat, once; the person's turn


def test_a_scored_game_is_rated_once_by_the_ratings_job(adapter: Adapter,
                                                        pg_store: SqlStore) -> None:
    gid = game_id()
    outcome = finished_game(adapter.ctx.log, gid, random.Random(23))
    follow_up(adapter.ctx, outcome)  # asks for the score, whose follow-up asks for ratings
    adapter.run()
    adapter.run()
    adapter.jobs.enqueue(RATINGS, gid)  # asked again: nothing more to project
    adapter.run()
    assert [r.game_id for r in pg_store.results_of_games([gid])[gid]] == [gid, gid]
    assert pg_store.unprojected_games() == 0


def test_a_sweep_asks_again_for_the_score_of_a_game_that_ended_unscored(
        adapter: Adapter, pg_store: SqlStore) -> None:
    gid = game_id()
    finished_game(adapter.ctx.log, gid, random.Random(29))  # its score never asked for
    adapter.jobs.enqueue(SWEEP)
    adapter.run()
    adapter.run()  # (the score the sweep asked for)
    assert count_scored(pg_store, gid) == 1
