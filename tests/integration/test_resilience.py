"""The resilience suite: each fault injected by the test, against real PostgreSQL, Redis
and `ttr worker` processes — PostgreSQL going away (through a TCP proxy the test cuts),
Redis stopped (a `redis-server` of the test's own), a worker killed mid-job, and a
worker killed outright while its scheduler runs. Each checks what clients saw, and
that nothing was lost or applied twice: versions without a gap, every ended game
scored exactly once. (Held connections, the other kind of attack, are in
test_held_connections.py; the faults under load, in test_faults.py.)
"""

from __future__ import annotations

import os
import random
import signal
import statistics
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from redis import Redis

from events import SqlStore, open_store
from referee.effects import follow_up
from referee.jobs import SCORE
from service.problems import PROBLEM_JSON
from tests.api_support import Client, make_app, open_table, play_to_the_end
from tests.conftest import reachable
from tests.tcp_proxy import TcpProxy
from tests.worker_processes import (
    SLOW_ENV,
    PrivateRedis,
    Workers,
    job_status_of,
    wait_for,
)
from tests.worker_processes import workers as workers  # noqa: F401 (a fixture)
from tests.worker_support import count_scored, event_types, finished_game, new_game
from worker.context import WorkerContext
from worker.rq_jobs import RqJobs
from worker.scheduler import STALE_AFTER, TiedScheduler


def gap_free(store: SqlStore, game_id: str) -> bool:
    versions = [r.version for r in store.read_stream(game_id)]
    return versions == list(range(1, len(versions) + 1))


def rq_jobs(ctx: WorkerContext) -> RqJobs:
    assert isinstance(ctx.jobs, RqJobs)
    return ctx.jobs


# -- PostgreSQL away -------------------------------------------------------------------------

@pytest.fixture
def db_proxy(pg_schema_url: str) -> Iterator[tuple[TcpProxy, str]]:
    """A proxy to the test's PostgreSQL, and the test's database URL through it."""
    parts = urllib.parse.urlsplit(pg_schema_url)
    proxy = TcpProxy(parts.hostname or "127.0.0.1", parts.port or 5432)
    netloc = f"{parts.username}@127.0.0.1:{proxy.port}"
    yield proxy, urllib.parse.urlunsplit(parts._replace(netloc=netloc))
    proxy.close()


def act(client: Client, game_id: str, token: str, move: dict[str, Any], key: str) -> Any:
    return client.post(f"/v1/games/{game_id}/actions", token=token, json=move,
                       headers={"Idempotency-Key": key})


def test_a_database_outage_is_answered_within_a_second_and_loses_nothing(
        db_proxy: tuple[TcpProxy, str]) -> None:
    proxy, url = db_proxy
    app: Flask = make_app(url)
    try:
        reachable(app.extensions["ttr"].store)
        client = Client(app)
        table = open_table(client, "usa", 2)
        token = table.tokens[0]
        move = next(m for m in client.get(f"/v1/games/{table.game_id}/moves",
                                          token=token).json["moves"]  # type: ignore[index]
                    if m["type"] == "keep_tickets")
        store = app.extensions["ttr"].store
        before = store.current_version(table.game_id)
        proxy.cut()
        # a client retrying with its key for a while (past the moment the store
        # remembers the failure), and at least ten times (a busy machine stalling one
        # answer must not leave the median too few to stand on): each time a 503
        # saying when to come back, at once
        end = time.monotonic() + 2.0
        took: list[float] = []
        while time.monotonic() < end or len(took) < 10:
            started = time.monotonic()
            response = act(client, table.game_id, token, move, "k-outage")
            took.append(time.monotonic() - started)
            assert response.status_code == 503 and response.mimetype == PROBLEM_JSON
            assert response.json["type"] == "/problems/unavailable"  # type: ignore[index]
            assert int(response.headers["Retry-After"]) >= 1
            time.sleep(0.1)
        # (the median: one answer slowed by a busy machine's scheduling is not a wait on
        # the database, which would slow every one of them)
        assert statistics.median(took) < 1.0, f"503s after {sorted(took)} s"
        assert client.get(f"/v1/games/{table.game_id}", token=token).status_code == 503
        proxy.restore()
        deadline = time.monotonic() + 15
        while True:  # the API recovers by itself: no restart
            response = act(client, table.game_id, token, move, "k-outage")
            if response.status_code == 200 or time.monotonic() > deadline:
                break
            assert response.status_code == 503
            time.sleep(0.2)
        assert response.status_code == 200
        again = act(client, table.game_id, token, move, "k-outage")
        assert again.get_data() == response.get_data()
        events = store.read_stream(table.game_id, after=before)
        assert [e.type for e in events] == ["tickets_kept"]  # applied once
        assert gap_free(store, table.game_id)
    finally:
        app.extensions["ttr"].close()


# -- Redis away ------------------------------------------------------------------------------

def test_with_redis_stopped_actions_go_on_and_the_sweep_scores_the_game_after(
        pg_schema_url: str, tmp_path: Path) -> None:
    redis = PrivateRedis(tmp_path)
    redis.start()
    app = make_app(pg_schema_url, redis_url=redis.url)
    try:
        client = Client(app)
        table = open_table(client, "nordic", 2)
        redis.stop()
        play_to_the_end(client, table, seed=5)  # every action answered 200 (asserted)
        view = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
        assert view is not None and view["status"] == "scoring"
        score = client.get(f"/v1/games/{table.game_id}/score", token=table.tokens[0])
        assert score.status_code == 202
        redis.start()  # back, and empty: the scoring job was never stored
        sweep = subprocess.run(
            [sys.executable, "-m", "bootstrap.cli", "worker", "--burst"],
            env={**os.environ, "TTR_DATABASE_URL": pg_schema_url, "TTR_REDIS_URL": redis.url},
            capture_output=True, text=True, timeout=120)
        assert sweep.returncode == 0, sweep.stderr[-2000:]
        scored = client.get(f"/v1/games/{table.game_id}/score", token=table.tokens[0])
        assert scored.status_code == 200
        store = open_store(pg_schema_url)
        try:
            assert count_scored(store, table.game_id) == 1
            assert gap_free(store, table.game_id)
        finally:
            store.close()
    finally:
        app.extensions["ttr"].close()
        redis.stop()


# -- a worker killed -------------------------------------------------------------------------

@pytest.mark.parametrize("mode", [(), ("--fork",)], ids=["in-process", "fork"])
def test_a_worker_killed_mid_job_leaves_it_to_the_next_which_scores_once(
        rq_context: WorkerContext, workers: Workers, pg_store: SqlStore,
        mode: tuple[str, ...]) -> None:
    gid = "g_" + os.urandom(6).hex()
    follow_up(rq_context, finished_game(rq_context.log, gid, random.Random(2)))
    jobs = rq_jobs(rq_context)
    fast = ("--heartbeat", "1", "--sweep-every", "1", *mode)
    doomed = workers.start(*fast, **{SLOW_ENV: "60"},
                           TTR_WORKER_CONTEXT="tests.worker_processes:slow_context")
    wait_for(lambda: job_status_of(jobs, SCORE.job_id(gid)) == "started", 30,
             "the first worker to start the scoring job", workers)
    time.sleep(0.5)  # well inside the job (it sleeps before it touches the game)
    workers.kill(doomed)  # SIGKILL to its whole group: no clean-up of any kind
    assert count_scored(pg_store, gid) == 0
    assert job_status_of(jobs, SCORE.job_id(gid)) == "started"  # as it was left
    workers.start(*fast)
    wait_for(lambda: count_scored(pg_store, gid) == 1, 40,
             "the second worker to score the game", workers)
    time.sleep(1.5)  # (a second score would have had time to land)
    assert count_scored(pg_store, gid) == 1
    assert gap_free(pg_store, gid)
    # (Which clean-up hands the job to the second worker depends on timing: the sweep,
    # which logs the job as abandoned, or RQ's own clean-up of its started jobs, which
    # logs nothing of ours. Either way the game is scored once.)


def alive(pid: int) -> bool:
    """Is `pid` a running process (not gone, not a zombie left unreaped)?"""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def scheduler_lock(redis_url: str, queue: str) -> str | None:
    connection = Redis.from_url(redis_url)
    try:
        holder = connection.get(TiedScheduler.get_locking_key(queue))
        return holder.decode() if holder is not None else None
    finally:
        connection.close()


def deadline_fires(ctx: WorkerContext, store: SqlStore, workers: Workers) -> str:
    """A new game whose setup deadline (2 s) is scheduled: wait until it has timed the
    players out; its id."""
    gid = "g_" + os.urandom(6).hex()
    follow_up(ctx, new_game(ctx.log, gid, turn_time_limit=2))
    wait_for(lambda: "turn_timed_out" in event_types(store, gid), 30,
             "the setup deadline to time the players out", workers)
    return gid


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_worker_killed_outright_leaves_no_scheduler_behind(
        rq_context: WorkerContext, workers: Workers, pg_store: SqlStore, redis_url: str,
        queue: str) -> None:
    first = workers.start("--sweep-every", "0")
    wait_for(lambda: scheduler_lock(redis_url, queue) is not None and
             bool(children(first.pid)), 30, "the worker's scheduler", workers)
    scheduler = children(first.pid)
    first.send_signal(signal.SIGKILL)  # the worker alone, as a supervisor outside a
    first.wait(10)                     # container does (not its process group)
    wait_for(lambda: not any(alive(pid) for pid in scheduler), 5,
             "the scheduler to stop with its worker", workers)
    assert scheduler_lock(redis_url, queue) is None  # released on its way out
    workers.start("--sweep-every", "0")
    gid = deadline_fires(rq_context, pg_store, workers)
    assert gap_free(pg_store, gid)
    timed = [r.actor for r in pg_store.read_stream(gid) if r.type == "turn_timed_out"]
    assert timed and set(timed) == {"system:clock"}


def test_a_scheduler_lock_its_dead_holder_stopped_refreshing_is_taken_over(
        rq_context: WorkerContext, workers: Workers, pg_store: SqlStore, redis_url: str,
        queue: str) -> None:
    connection = Redis.from_url(redis_url)
    try:
        # held by a scheduler that died (killed with its worker's whole group) and last
        # refreshed its lease (61 s) longer ago than a live one ever lets it go
        connection.set(TiedScheduler.get_locking_key(queue), "dead-scheduler",
                       ex=61 - int(STALE_AFTER) - 5)
    finally:
        connection.close()
    workers.start("--sweep-every", "0")
    gid = deadline_fires(rq_context, pg_store, workers)
    assert scheduler_lock(redis_url, queue) not in (None, "dead-scheduler")
    assert gap_free(pg_store, gid)


def test_a_scheduler_lock_refreshed_by_a_live_holder_is_left_to_it(
        redis_url: str, queue: str) -> None:
    connection = Redis.from_url(redis_url)
    try:
        connection.set(TiedScheduler.get_locking_key(queue), "live-scheduler", ex=60)
        scheduler = TiedScheduler([queue], connection=connection)
        assert scheduler.acquire_locks() == set()
        assert scheduler_lock(redis_url, queue) == "live-scheduler"
    finally:
        connection.close()
