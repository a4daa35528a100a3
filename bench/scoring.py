"""Benchmark of end-game scoring through RQ: jobs per second and time to the score.

    python bench/scoring.py [--url postgresql://…] [--redis redis://…] [--games 200]
                            [--latency-games 100] [--map europe] [--players 4]
                            [--workers 1,2] [--modes in_process,fork]

Throughput: N games are played to their end first (random legal moves, through
`GameLog.execute`, so each is indexed with status ``scoring``), then their scoring
jobs are enqueued at once and the clock runs until every game is ``finished``; with
1 and then 2 `ttr worker` processes (`--workers`; `python -m bootstrap.worker`, each
registered with RQ, idle, before the games are made), running the jobs in-process
(the default) and then in a forked work-horse per job (``--fork``; `--modes`).
Latency, in both modes: with one worker idle, games are ended one by one: the last
move goes through `GameLog.execute` and `follow_up` as in the API, and the time is
taken until `GameScored` can be read from the store (polled every millisecond) — p50
and p99, from before the last move and from its commit.

Everything runs in a scratch PostgreSQL schema (dropped after) and, on Redis, in an
empty database (the first of 1…15 holding no keys; RQ's keys there are deleted
after), with a queue of its own per run. The last line of output is one JSON object
with the figures; workers that do not register within 30 s, or games not scored
within a minute, end the run with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
import redis  # noqa: E402

from bench.outcome import CannotMeasure, run  # noqa: E402
from bootstrap import bootstrap  # noqa: E402
from events import GameLog, open_store  # noqa: E402
from events.ports import Store  # noqa: E402
from referee.effects import follow_up  # noqa: E402
from referee.jobs import SCORE  # noqa: E402
from referee.settings import Settings  # noqa: E402
from tests.pg_pool import with_search_path  # noqa: E402
from tests.worker_support import (  # noqa: E402
    finished_game,
    move,
    new_game,
    play_to_last_move,
)
from worker.queue import RqJobs  # noqa: E402

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
DEFAULT_REDIS = "redis://127.0.0.1:6379"
SCORED_WITHIN = 60.0  # seconds (more a game, for a batch) before a worker is given up
MODES = {"in_process": (), "fork": ("--fork",)}


def scratch_redis(base: str) -> str:
    """The URL of the first empty database of 1..15 on the Redis at `base`."""
    for db in range(1, 16):
        url = f"{base.rstrip('/')}/{db}"
        client = redis.Redis.from_url(url)
        try:
            if client.dbsize() == 0:
                return url
        finally:
            client.close()
    raise CannotMeasure("no empty Redis database among 1..15")


def start_workers(count: int, database_url: str, redis_url: str, queue: str,
                  logs: Path, mode: tuple[str, ...]) -> list[subprocess.Popen[bytes]]:
    env = {**os.environ, "TTR_DATABASE_URL": database_url, "TTR_REDIS_URL": redis_url,
           "TTR_QUEUE": queue, "PYTHONPATH": str(ROOT), "TTR_LOG_LEVEL": "WARNING"}
    procs = []
    for n in range(count):
        out = open(logs / f"worker-{queue}-{n}.log", "wb")  # noqa: SIM115
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "bootstrap.worker", "--sweep-every", "0", "--log-level",
             "WARNING", *mode], env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True))
        out.close()
    from rq import Queue, Worker

    connection = redis.Redis.from_url(redis_url)
    deadline = time.monotonic() + 30
    while len(Worker.all(queue=Queue(queue, connection=connection))) < count:
        if time.monotonic() > deadline:
            stop_workers(procs)
            raise CannotMeasure(f"the workers did not start within 30 s; see {logs}")
        time.sleep(0.05)
    connection.close()
    return procs


def stop_workers(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        os.killpg(proc.pid, signal.SIGTERM)
    for proc in procs:
        proc.wait(30)


def count_finished(database_url: str, game_ids: set[str]) -> int:
    # one cheap query per poll (the index's own listing would load every row)
    with psycopg.connect(database_url, autocommit=True) as conn:
        row = conn.execute("SELECT count(*) FROM games WHERE status = 'finished' "
                           "AND game_id = ANY(%s)", (list(game_ids),)).fetchone()
    return int(row[0]) if row else 0


def throughput(store: Store, database_url: str, redis_url: str, workers: int, games: int,
               map_name: str, players: int, seed: int, logs: Path, mode: tuple[str, ...]
               ) -> dict[str, float]:
    queue = f"ttr-bench-{secrets.token_hex(4)}"
    procs = start_workers(workers, database_url, redis_url, queue, logs, mode)
    try:
        log = GameLog(store)
        ids = {f"t{workers}_{n}_{secrets.token_hex(3)}" for n in range(games)}
        rng = random.Random(seed)
        for gid in sorted(ids):
            finished_game(log, gid, rng, map_name=map_name, players=players)
        jobs = RqJobs(redis_url, queue)
        started = time.perf_counter()
        for gid in sorted(ids):
            jobs.enqueue(SCORE, gid)
        enqueued = time.perf_counter() - started
        deadline = time.monotonic() + SCORED_WITHIN + games
        while count_finished(database_url, ids) < games:
            if time.monotonic() > deadline:
                raise CannotMeasure(f"{games - count_finished(database_url, ids)} of {games} "
                                    f"games were not scored in time; see {logs}")
            time.sleep(0.01)
        elapsed = time.perf_counter() - started
        jobs.close()
    finally:
        stop_workers(procs)
    return {"jobs_per_second": round(games / elapsed, 1), "seconds": round(elapsed, 2),
            "enqueue_ms_per_job": round(1000 * enqueued / games, 3)}


def latency(store: Store, database_url: str, redis_url: str, games: int, map_name: str,
            players: int, seed: int, logs: Path, mode: tuple[str, ...]) -> dict[str, float]:
    queue = f"ttr-bench-{secrets.token_hex(4)}"
    procs = start_workers(1, database_url, redis_url, queue, logs, mode)
    ctx = bootstrap(Settings(database_url=database_url, redis_url=redis_url, queue=queue))
    from_move: list[float] = []
    from_commit: list[float] = []
    try:
        rng = random.Random(seed)
        for n in range(games):
            gid = f"l_{n}_{secrets.token_hex(3)}"
            new_game(ctx.log, gid, map_name=map_name, players=players)
            user, command = play_to_last_move(ctx.log, gid, rng)
            time.sleep(0.02)  # an idle worker, as between real games
            started = time.perf_counter()
            outcome = move(ctx.log, gid, user, command)  # the last move, as the API runs it
            committed = time.perf_counter()
            follow_up(ctx, outcome)
            scored = outcome.last_version + 1
            deadline = time.monotonic() + SCORED_WITHIN
            while store.current_version(gid) < scored:
                if time.monotonic() > deadline:
                    raise CannotMeasure(f"a game was not scored within {SCORED_WITHIN:g} s; "
                                        f"see {logs}")
                time.sleep(0.001)
            done = time.perf_counter()
            from_move.append(1000 * (done - started))
            from_commit.append(1000 * (done - committed))
    finally:
        ctx.close()
        stop_workers(procs)
    return {"p50_ms": round(percentile(from_move, 50), 1),
            "p99_ms": round(percentile(from_move, 99), 1),
            "p50_after_commit_ms": round(percentile(from_commit, 50), 1),
            "p99_after_commit_ms": round(percentile(from_commit, 99), 1),
            "mean_ms": round(statistics.fmean(from_move), 1)}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def cleanup(redis_url: str) -> None:
    """Delete what RQ left in the scratch database (it was empty when we took it)."""
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter("rq:*"))
    if keys:
        client.delete(*keys)
    client.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("TTR_BENCH_DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--redis", default=os.environ.get("TTR_BENCH_REDIS_URL", DEFAULT_REDIS),
                        help="a Redis server (its first empty database of 1..15 is used)")
    parser.add_argument("--games", type=int, default=200, help="games per throughput run")
    parser.add_argument("--latency-games", type=int, default=100)
    parser.add_argument("--map", default="europe")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", default="1,2",
                        help="worker processes of each throughput run, comma-separated")
    parser.add_argument("--modes", default=",".join(MODES),
                        help="how a worker runs its jobs, comma-separated")
    args = parser.parse_args()

    schema = "bench_" + secrets.token_hex(4)
    with psycopg.connect(args.url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    database_url = with_search_path(args.url, schema)
    redis_url = scratch_redis(args.redis)
    logs = Path(os.environ.get("TMPDIR", "/tmp"))
    store = open_store(database_url)
    figures: dict[str, object] = {"map": args.map, "players": args.players,
                                  "games": args.games, "redis": redis_url}
    try:
        store.migrate()
        seed = 0
        for name in args.modes.split(","):
            mode = MODES[name]
            for workers in (int(w) for w in args.workers.split(",")):
                seed += 1
                result = throughput(store, database_url, redis_url, workers, args.games,
                                    args.map, args.players, seed, logs, mode)
                print(f"{name}, {workers} worker(s): {result}", flush=True)
                figures[f"{name}_throughput_{workers}_worker{'s' if workers > 1 else ''}"] \
                    = result
            seed += 1
            result = latency(store, database_url, redis_url, args.latency_games, args.map,
                             args.players, seed, logs, mode)
            print(f"{name}, last move to score readable: {result}", flush=True)
            figures[f"{name}_latency"] = result
    finally:
        store.close()
        cleanup(redis_url)
        with psycopg.connect(args.url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    run(main)
