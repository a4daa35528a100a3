"""Load benchmark of the HTTP API on PostgreSQL, beside pgbench in the same run.

    python bench/api.py [--seconds S] [--clients P] [--threads T] [--web-workers W]

Starts the whole stack on loopback in a scratch PostgreSQL schema and a scratch Redis
database: the API under gunicorn (`ttr serve`, W worker processes) and one RQ worker
(`ttr worker`, which scores the games that end). P client processes with T threads
each then play games (all three maps, 2–4 players) as bots: a thread holds every
token of its game and plays it to the end through the API (`GET …/moves` at the start
of a player's turn, then `POST …/actions` with `Prefer: return=minimal`; an action's
answer carries the actor's next moves), then starts another game, for S seconds.

Reported: actions per second (POST …/actions answered 200), their p50 / p99 latency,
all requests per second, errors (any answer that is not 2xx), and, measured in the
same run just before the load, pgbench inserting one comparable row per transaction
with 8 clients; the ratio is actions per second over pgbench transactions per second.
The last line of output is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from bench.store import pgbench_tps  # noqa: E402
from tests.conftest import with_search_path  # noqa: E402

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
GAMES = [("usa", 2), ("usa", 3), ("usa", 4), ("europe", 2), ("europe", 3), ("europe", 4),
         ("nordic", 2), ("nordic", 3)]


class Http:
    """One keep-alive connection; JSON in and out."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, token: str | None = None,
             body: Any = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "Prefer": "return=minimal"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body) if body is not None else None
        for attempt in range(3):
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                raw = response.read()
                return response.status, json.loads(raw) if raw else None
            except (http.client.HTTPException, ConnectionError, TimeoutError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port,
                                                             timeout=60)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def choose(moves: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    moves = [m for m in moves if m["type"] != "resign"]
    claims = [m for m in moves if m["type"] in ("claim_route", "build_station", "pay_tunnel")]
    if claims and rng.random() < 0.8:
        return rng.choice(claims)
    keeps = [m for m in moves if m["type"] == "keep_tickets"]
    if keeps:
        return min(keeps, key=lambda m: len(m["tickets"]))
    draws = [m for m in moves if m["type"] == "draw_card"]
    return rng.choice(draws) if draws and rng.random() < 0.9 else rng.choice(moves)


def play_games(port: int, stop_at: float, seed: int, out: dict[str, Any]) -> None:
    rng = random.Random(seed)
    client = Http(port)
    tokens = []
    for i in range(4):
        status, user = client.call("POST", "/v1/users", body={"name": f"bot{seed}-{i}"})
        assert status == 201, user
        tokens.append(user["token"])
    latencies: list[float] = out["latencies"]
    while time.time() < stop_at:
        map_name, players = rng.choice(GAMES)
        status, game = client.call("POST", "/v1/games", tokens[0],
                                   {"map": map_name, "seats": players})
        out["requests"] += 1
        if status != 201:
            out["errors"] += 1
            continue
        game_id = game["id"]
        for token in tokens[1:players]:
            status, game = client.call("POST", f"/v1/games/{game_id}/players", token, {})
            assert status == 200, game
            out["requests"] += 1
        known: dict[int, list[dict[str, Any]]] = {}
        while game["phase"] != "ended" and time.time() < stop_at:
            seat = game["to_act"][0]
            moves = known.pop(seat, None)
            if moves is None:
                status, listing = client.call("GET", f"/v1/games/{game_id}/moves", tokens[seat])
                out["requests"] += 1
                if status != 200:
                    out["errors"] += 1
                    break
                moves = listing["moves"]
            started = time.perf_counter()
            status, result = client.call("POST", f"/v1/games/{game_id}/actions", tokens[seat],
                                         choose(moves, rng))
            latencies.append(time.perf_counter() - started)
            out["requests"] += 1
            if status != 200:
                out["errors"] += 1
                break
            out["actions"] += 1
            game = result
            if result["moves"] and seat in game["to_act"]:
                known[seat] = result["moves"]
        else:
            out["games"] += game["phase"] == "ended"


def client_process(port: int, threads: int, stop_at: float, seed: int,
                   results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    outs = [{"latencies": [], "requests": 0, "actions": 0, "errors": 0, "games": 0}
            for _ in range(threads)]
    workers = [threading.Thread(target=play_games, args=(port, stop_at, seed * 100 + i, o))
               for i, o in enumerate(outs)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    results.put(outs)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_ready(port: int, timeout: float = 60) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/readyz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError("the API did not become ready")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("TTR_BENCH_DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/13")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--threads", type=int, default=16, help="games at once per client")
    parser.add_argument("--web-workers", type=int, default=3)
    parser.add_argument("--web-threads", type=int, default=4)
    parser.add_argument("--pgbench-seconds", type=float, default=5.0)
    args = parser.parse_args()

    schema = "bench_" + secrets.token_hex(4)
    with psycopg.connect(args.url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    url = with_search_path(args.url, schema)
    import redis

    redis.Redis.from_url(args.redis_url).flushdb()
    env = {**os.environ, "TTR_DATABASE_URL": url, "TTR_REDIS_URL": args.redis_url,
           "TTR_RATE_PER_TOKEN": "1000000", "TTR_BURST_PER_TOKEN": "1000000",
           "TTR_RATE_PER_ADDRESS": "1000000", "TTR_BURST_PER_ADDRESS": "1000000",
           "TTR_ACCOUNTS_PER_ADDRESS_PER_HOUR": "1000000", "TTR_LOG_LEVEL": "warning",
           "TTR_WEB_WORKERS": str(args.web_workers),
           "TTR_WEB_THREADS": str(args.web_threads)}
    port = free_port()
    scratch = tempfile.mkdtemp(prefix="ttr-bench-")
    env["PROMETHEUS_MULTIPROC_DIR"] = scratch
    processes: list[subprocess.Popen[bytes]] = []
    figures: dict[str, Any] = {"web_workers": args.web_workers,
                               "web_threads": args.web_threads, "clients": args.clients,
                               "threads": args.threads, "seconds": args.seconds}
    try:
        migrate = subprocess.run([sys.executable, "-m", "service.cli", "migrate"], env=env,
                                 capture_output=True, text=True)
        assert migrate.returncode == 0, migrate.stderr
        figures["pgbench_8_clients_tps"] = round(
            pgbench_tps(args.url, schema, 8, args.pgbench_seconds), 1)
        print(f"pgbench 8 clients: {figures['pgbench_8_clients_tps']} tps", flush=True)
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "service.cli", "serve", "--bind", f"127.0.0.1:{port}"],
            env=env, stderr=subprocess.DEVNULL))
        processes.append(subprocess.Popen([sys.executable, "-m", "service.cli", "worker"],
                                          env=env, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL))
        wait_ready(port)
        ctx = multiprocessing.get_context("spawn")
        results: multiprocessing.Queue = ctx.Queue()  # type: ignore[type-arg]
        stop_at = time.time() + 2 + args.seconds
        started = time.time() + 2
        clients = [ctx.Process(target=client_process,
                               args=(port, args.threads, stop_at, i + 1, results))
                   for i in range(args.clients)]
        for c in clients:
            c.start()
        outs = [o for _ in clients for o in results.get(timeout=args.seconds + 300)]
        elapsed = time.time() - started
        for c in clients:
            c.join()
        latencies = sorted(x for o in outs for x in o["latencies"])
        actions = sum(o["actions"] for o in outs)
        figures.update({
            "actions_per_s": round(actions / elapsed, 1),
            "requests_per_s": round(sum(o["requests"] for o in outs) / elapsed, 1),
            "action_p50_ms": round(1000 * statistics.median(latencies), 2),
            "action_p99_ms": round(1000 * latencies[int(0.99 * len(latencies))], 2),
            "errors": sum(o["errors"] for o in outs),
            "games_finished": sum(o["games"] for o in outs),
        })
        figures["ratio_to_pgbench"] = round(figures["actions_per_s"]
                                            / figures["pgbench_8_clients_tps"], 3)
        print(f"{figures['actions_per_s']} actions/s, p50 {figures['action_p50_ms']} ms, "
              f"p99 {figures['action_p99_ms']} ms, {figures['errors']} errors, "
              f"{figures['games_finished']} games finished", flush=True)
    finally:
        for p in processes:
            p.send_signal(signal.SIGTERM)
        for p in processes:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
        with psycopg.connect(args.url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
