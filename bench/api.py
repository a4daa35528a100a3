"""Throughput benchmark of the HTTP API on PostgreSQL, beside pgbench in the same run.

    python bench/api.py [--seconds S] [--clients P] [--games G] [--web-workers W]
                        [--worker-class gevent|gthread]

Starts the whole stack on loopback (`bench/stack.py`: a scratch PostgreSQL schema, a
Redis of its own, the API under gunicorn as `ttr serve` runs it (one gevent worker
per core) or with W worker processes of the class given, one RQ worker that
scores the games that end). P client processes then play G games at once each (all
three maps, 2–4 players) as bots for S seconds, on one thread per process
(`bench/loop.py`): a game has a keep-alive connection of its own, its bot holds every
token of the game and plays it to the end (`GET …/moves?min_version=` the version it last saw
at the start of a player's turn, then `POST …/actions` with `Prefer: return=minimal`;
an action's answer carries the actor's next moves), then starts another.

Reported: actions per second (POST …/actions answered 200), their p50 / p90 / p99 /
max latency, all requests per second, errors, and, measured in the same run just
before the load, pgbench inserting one comparable row per transaction with 8 clients;
the ratio is actions per second over pgbench transactions per second. Also the CPU
time per action of the API processes, of PostgreSQL, of Redis and of the bots during
the load (steadier than the rates on a machine whose speed varies from run to run;
together they say how many actions two cores could carry at most). The last line of
output is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.loop import play_games  # noqa: E402
from bench.stack import (  # noqa: E402
    DEFAULT_URL,
    GAMES,
    Game,
    Seen,
    Stack,
    cpu_seconds,
    postgres_cpu_seconds,
)
from bench.store import pgbench_tps  # noqa: E402


def client_process(port: int, games: int, stop_at: float, seed: int,
                   results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    seen = Seen()
    cpu_before = time.process_time()

    def new_game(tokens: list[str], rng: random.Random) -> Game:
        map_name, players = rng.choice(GAMES)
        return Game(tokens, map_name, players, rng)

    play_games(port, games, stop_at, seed, seen, new_game)
    seen.cpu_seconds = time.process_time() - cpu_before
    results.put(seen)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=DEFAULT_URL)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--games", type=int, default=16, help="games at once per client")
    parser.add_argument("--web-workers", type=int, default=0,
                        help="API processes (default: what `ttr serve` picks, one per core)")
    parser.add_argument("--web-threads", type=int, default=4, help="threads (gthread only)")
    parser.add_argument("--worker-class", default="", choices=["", "gevent", "gthread"],
                        help="gunicorn worker class (default: what `ttr serve` picks, gevent)")
    parser.add_argument("--pgbench-seconds", type=float, default=5.0)
    args = parser.parse_args()

    stack = Stack(args.url, web_workers=args.web_workers, web_threads=args.web_threads,
                  worker_class=args.worker_class)
    figures: dict[str, Any] = {"web_workers": args.web_workers or os.cpu_count(),
                               "worker_class": args.worker_class or "gevent",
                               "web_threads": args.web_threads, "clients": args.clients,
                               "games": args.games, "seconds": args.seconds}
    try:
        stack.start()
        figures["pgbench_8_clients_tps"] = round(
            pgbench_tps(args.url, stack.schema, 8, args.pgbench_seconds), 1)
        print(f"pgbench 8 clients: {figures['pgbench_8_clients_tps']} tps", flush=True)
        ctx = multiprocessing.get_context("spawn")
        results: multiprocessing.Queue = ctx.Queue()  # type: ignore[type-arg]
        started = time.time() + 2
        stop_at = started + args.seconds
        clients = [ctx.Process(target=client_process,
                               args=(stack.port, args.games, stop_at, i + 1, results))
                   for i in range(args.clients)]
        for c in clients:
            c.start()
        time.sleep(max(0.0, started - time.time()))
        assert stack.redis is not None
        # PostgreSQL's backends come and go with the pool: counted by their total
        groups = {"api": stack.api_workers(), "redis": [stack.redis.pid]}
        cpu_before = {name: cpu_seconds(pids) for name, pids in groups.items()}
        postgres_before = postgres_cpu_seconds()
        seen = Seen()
        for _ in clients:
            seen.add(results.get(timeout=args.seconds + 300))
        elapsed = time.time() - started
        cpu_used = {name: cpu_seconds(pids) - cpu_before[name] for name, pids in groups.items()}
        cpu_used["postgres"] = postgres_cpu_seconds() - postgres_before
        for c in clients:
            c.join()
        latencies = sorted(seen.latencies)
        figures.update({
            "actions_per_s": round(seen.actions / elapsed, 1),
            "requests_per_s": round(sum(seen.statuses.values()) / elapsed, 1),
            "action_p50_ms": round(1000 * statistics.median(latencies), 2),
            "action_p90_ms": round(1000 * latencies[int(0.90 * len(latencies))], 2),
            "action_p99_ms": round(1000 * latencies[int(0.99 * len(latencies))], 2),
            "action_max_ms": round(1000 * latencies[-1], 2),
            "errors": seen.errors,
            **{f"{name}_cpu_ms_per_action": round(1000 * used / max(seen.actions, 1), 3)
               for name, used in {**cpu_used, "bots": seen.cpu_seconds}.items()},
        })
        figures["ratio_to_pgbench"] = round(figures["actions_per_s"]
                                            / figures["pgbench_8_clients_tps"], 3)
        print(f"{figures['actions_per_s']} actions/s, p50 {figures['action_p50_ms']} ms, "
              f"p99 {figures['action_p99_ms']} ms, {figures['errors']} errors; CPU per "
              f"action: API {figures['api_cpu_ms_per_action']} ms, PostgreSQL "
              f"{figures['postgres_cpu_ms_per_action']} ms, bots "
              f"{figures['bots_cpu_ms_per_action']} ms", flush=True)
    finally:
        stack.stop()
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
