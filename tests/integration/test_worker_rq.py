"""Scoring and deadlines through RQ, with real `ttr worker` processes (`python -m
bootstrap.worker`), real PostgreSQL and real Redis: a game ends → scored once; a failing
job is retried; a deadline fires through the scheduler. (A worker killed mid-job,
Redis down and the scheduler outliving its worker are faults: test_resilience.py.)

Isolation: each test gets its own RQ queue, ``ttr-test-<session>-<n>``, on the
shared test Redis (`TTR_TEST_REDIS_URL`, db 0 by default), and random game ids, so
sessions and tests running side by side never take each other's jobs and nothing
is flushed; each test deletes its queue's keys at the end. (A queue of its own per
test, not per session: a worker killed by one test holds its queue's scheduler lock
for a minute.)
"""

from __future__ import annotations

import json
import logging
import os
import random
import secrets
import signal
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bootstrap.web import create_app
from events import GameLog, SqlStore, StoreUnavailable
from events.outcome import Outcome
from referee.effects import follow_up
from referee.jobs import DEADLINE, SCORE
from referee.settings import Settings
from tests.ports import free_port
from tests.worker_processes import Workers, env_context, job_status_of, wait_for
from tests.worker_processes import workers as workers  # noqa: F401 (a fixture)
from tests.worker_support import (
    count_scored,
    event_types,
    finished_game,
    new_game,
)
from worker.context import WorkerContext
from worker.presence import sighting
from worker.rq_jobs import RqJobs

# read by the test context below, inside the worker processes
FAILURES_ENV = "TTR_TEST_FAILURES_FILE"


# -- contexts the worker processes load (TTR_WORKER_CONTEXT=tests.integration.test_worker_rq:…)

class _FlakyLog(GameLog):
    def execute(self, *args: Any, **kwargs: Any) -> Outcome:
        path = Path(os.environ[FAILURES_ENV])
        left = int(path.read_text())
        if left > 0:
            path.write_text(str(left - 1))
            raise StoreUnavailable("PostgreSQL is unavailable (test)")
        return super().execute(*args, **kwargs)


def flaky_context(settings: Settings) -> WorkerContext:
    """A worker's context whose changes fail while the count in a file lasts."""
    return env_context(settings, _FlakyLog)


# -- fixtures ------------------------------------------------------------------------------


def game_id() -> str:
    return "g_" + secrets.token_hex(6)


def job_status(ctx: WorkerContext, job_id: str) -> str | None:
    assert isinstance(ctx.jobs, RqJobs)
    return job_status_of(ctx.jobs, job_id)


# -- the tests -----------------------------------------------------------------------------

@pytest.mark.parametrize("mode", [(), ("--fork",)], ids=["in-process", "fork"])
def test_a_worker_scores_a_game_that_ended(rq_context: WorkerContext, workers: Workers,
                                           pg_store: SqlStore, mode: tuple[str, ...]) -> None:
    gid = game_id()
    outcome = finished_game(rq_context.log, gid, random.Random(1))
    follow_up(rq_context, outcome)  # as the API does after the last move
    follow_up(rq_context, outcome)  # asked twice: still one job
    assert isinstance(rq_context.jobs, RqJobs)
    assert rq_context.jobs.queue.job_ids == [SCORE.job_id(gid)]
    workers.run_burst(*mode)
    assert count_scored(pg_store, gid) == 1
    row = pg_store.game_row(gid)
    assert row is not None and row.status == "finished"
    assert job_status(rq_context, SCORE.job_id(gid)) == "finished"
    # asked again after the job finished: a new job runs, and finds nothing to do
    rq_context.jobs.enqueue(SCORE, gid)
    workers.run_burst(*mode)
    assert count_scored(pg_store, gid) == 1


def test_a_worker_given_a_metrics_port_serves_its_scoring_durations(
        rq_context: WorkerContext, workers: Workers, pg_store: SqlStore, queue: str) -> None:
    port = free_port()
    proc = workers.start(program=("-m", "bootstrap.cli", "worker"),
                         TTR_WORKER_METRICS_PORT=str(port))
    gid = game_id()
    follow_up(rq_context, finished_game(rq_context.log, gid, random.Random(4)))
    wait_for(lambda: count_scored(pg_store, gid) == 1, 30, "the score", workers)

    def scoring_count() -> float:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
                text = r.read().decode()
        except OSError:
            return -1.0
        samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
                   for family in text_string_to_metric_families(text)
                   for s in family.samples}
        assert samples[("ttr_queue_depth", (("queue", queue),))] >= 0
        return samples.get(("ttr_scoring_duration_seconds_count", ()), 0.0)

    # (the job reports after its append: the count may lag the score by a moment)
    wait_for(lambda: scoring_count() == 1.0, 10, "the worker's scoring metric", workers)
    assert proc.poll() is None


def rq_workers_waiting_on(redis_url: str, queue: str) -> int:
    """RQ workers idle on `queue`: past their start, with their signal handlers set."""
    from redis import Redis
    from rq import Queue, Worker

    with Redis.from_url(redis_url) as connection:
        return sum(w.get_state() == "idle"
                   for w in Worker.all(queue=Queue(queue, connection=connection)))


def get_json(url: str) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
    except OSError:
        return 0, {}


def test_a_worker_serves_its_probes_and_tells_the_api_it_is_there(
        workers: Workers, redis_url: str, queue: str) -> None:
    port = free_port()
    proc = workers.start(program=("-m", "bootstrap.cli", "worker"),
                         TTR_WORKER_METRICS_PORT=str(port), TTR_WORKER_SEEN_WITHIN="2")
    wait_for(lambda: get_json(f"http://127.0.0.1:{port}/healthz")[0] == 200, 30,
             "the worker's liveness probe", workers)
    wait_for(lambda: get_json(f"http://127.0.0.1:{port}/readyz")[0] == 200, 10,
             "the worker's readiness probe", workers)
    assert sighting(redis_url, queue, 2.0).absent_for is None
    # stopped once at work, it says it left at once
    wait_for(lambda: rq_workers_waiting_on(redis_url, queue) > 0, 30, "RQ's worker",
             workers)
    workers.kill(proc, signal.SIGTERM)
    assert sighting(redis_url, queue, 2.0).last_seen is None


def test_readyz_and_a_pending_score_say_when_no_worker_has_been_seen(
        rq_context: WorkerContext, workers: Workers, pg_schema_url: str, redis_url: str,
        queue: str, pg_store: SqlStore) -> None:
    app = create_app(Settings(database_url=pg_schema_url, redis_url=redis_url, queue=queue,
                              worker_seen_within=2.0))
    client = app.test_client()
    try:
        ready = client.get("/readyz")
        assert ready.status_code == 200  # the API itself serves: see deploy/README.md
        assert ready.get_json()["workers"] == "none seen"
        gid = game_id()
        follow_up(rq_context, finished_game(rq_context.log, gid, random.Random(5)))
        pending = client.get(f"/v1/games/{gid}/score")
        assert pending.status_code == 202
        assert pending.get_json()["waiting_for_worker"] is True

        proc = workers.start(program=("-m", "bootstrap.cli", "worker"),
                             TTR_WORKER_SEEN_WITHIN="2")
        wait_for(lambda: client.get("/readyz").get_json()["workers"] == "ok", 30,
                 "the worker to be seen", workers)
        wait_for(lambda: count_scored(pg_store, gid) == 1, 30, "the score", workers)

        workers.kill(proc)  # killed: it cannot say it left; its beats stop
        wait_for(lambda: client.get("/readyz").get_json()["workers"].startswith(
            "none seen for "), 10, "the worker to be missed")
        seconds = int(client.get("/readyz").get_json()["workers"].split()[3])
        assert seconds >= 2
    finally:
        app.extensions["ttr"].close()


def test_two_workers_at_once_score_once(rq_context: WorkerContext, workers: Workers,
                                        pg_store: SqlStore, tmp_path: Path) -> None:
    games = [game_id() for _ in range(6)]
    for n, gid in enumerate(games):
        follow_up(rq_context, finished_game(rq_context.log, gid, random.Random(10 + n)))
    procs = [workers.start("--burst"), workers.start("--burst")]
    for proc in procs:
        assert proc.wait(60) == 0, workers.output()
    assert [count_scored(pg_store, gid) for gid in games] == [1] * len(games)


def test_a_failing_job_is_retried_with_backoff(rq_context: WorkerContext, workers: Workers,
                                               pg_store: SqlStore, tmp_path: Path) -> None:
    gid = game_id()
    failures = tmp_path / "failures"
    failures.write_text("2")
    follow_up(rq_context, finished_game(rq_context.log, gid, random.Random(3)))
    started = time.monotonic()
    workers.start("--sweep-every", "0", **{FAILURES_ENV: str(failures)},
                  TTR_WORKER_CONTEXT="tests.integration.test_worker_rq:flaky_context")
    wait_for(lambda: count_scored(pg_store, gid) == 1, 40, "the retried job", workers)
    # two failures, then the retries' waits (2 s, then 5 s) before the third attempt
    assert time.monotonic() - started >= 7
    assert failures.read_text() == "0"
    assert count_scored(pg_store, gid) == 1


def test_a_deadline_fires_through_the_scheduler(rq_context: WorkerContext, workers: Workers,
                                                pg_store: SqlStore) -> None:
    gid = game_id()
    # the setup starts: 5 s, long enough that a busy machine still schedules the deadline
    # rather than finding it due and enqueueing it at once (as it rightly would)
    outcome = new_game(rq_context.log, gid, turn_time_limit=5)
    follow_up(rq_context, outcome)
    assert isinstance(rq_context.jobs, RqJobs)
    scheduled = rq_context.jobs.queue.scheduled_job_registry.get_job_ids()
    assert len(scheduled) == 1 and scheduled[0].startswith(f"deadline-{gid}-")
    workers.start("--sweep-every", "0")
    wait_for(lambda: "turn_timed_out" in event_types(pg_store, gid), 30,
             "the setup deadline to time the players out", workers)
    timed = [r for r in pg_store.read_stream(gid) if r.type == "turn_timed_out"]
    row_deadline = outcome.recorded_at.timestamp() + 5
    assert all(r.recorded_at.timestamp() >= row_deadline for r in timed)
    assert {r.actor for r in timed} == {"system:clock"}


def test_a_job_lost_from_its_queue_is_enqueued_again(
        redis_url: str, queue: str, caplog: pytest.LogCaptureFixture) -> None:
    jobs = RqJobs(redis_url, queue)
    gid = game_id()
    jobs.enqueue(SCORE, gid)
    jobs.queue.connection.delete(jobs.queue.key)  # the queue lost it; the job's hash stayed
    assert job_status_of(jobs, SCORE.job_id(gid)) == "queued"
    with caplog.at_level(logging.WARNING, logger="worker.queue"):
        jobs.enqueue(SCORE, gid)
    assert jobs.queue.job_ids == [SCORE.job_id(gid)]
    assert any("lost" in r.getMessage() for r in caplog.records)
    jobs.close()


def test_enqueueing_never_raises_when_redis_is_unreachable(
        caplog: pytest.LogCaptureFixture) -> None:
    jobs = RqJobs(f"redis://127.0.0.1:{free_port()}/0")
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="worker.queue"):
        jobs.enqueue(SCORE, "g1")
        jobs.enqueue(DEADLINE, "g1", datetime.now(UTC))
    assert time.monotonic() - started < 5
    assert sum("Redis is unavailable" in r.getMessage() for r in caplog.records) == 2
    jobs.close()

