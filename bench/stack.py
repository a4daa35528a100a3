"""The whole service on loopback, for the load and fault benchmarks: a scratch
PostgreSQL schema, a Redis server of its own, the API under gunicorn and RQ workers,
bots that play games through the HTTP API, and the CPU time its processes used.

A bot retries every request that fails in transit or with 502/503 (with the same
Idempotency-Key for actions, so nothing is applied twice) and records what it saw.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from bench.outcome import CannotMeasure  # noqa: E402
from tests.api_support import UNLIMITED, choose, wait_until_serving  # noqa: E402
from tests.pg_pool import with_search_path  # noqa: E402
from tests.ports import free_port  # noqa: E402

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
GAMES = [("usa", 2), ("usa", 3), ("usa", 4), ("europe", 2), ("europe", 3), ("europe", 4),
         ("nordic", 2), ("nordic", 3)]


# A server is waited for until it answers, for as long as a loaded machine may take to
# start one (several benchmarks' servers start at once in the smoke test)
SERVING_WITHIN = 180.0


def serving(port: int, server: subprocess.Popen[Any], log: Path,
            timeout: float = SERVING_WITHIN, path: str = "/healthz",
            name: str = "the API") -> None:
    """Until the server on `port` answers `path`; `CannotMeasure` if it exits first or
    does not answer within `timeout` seconds (naming its log, not reciting it)."""
    try:
        wait_until_serving(port, server, log, timeout, path)
    except AssertionError:
        state = (f"exited with status {server.returncode}" if server.poll() is not None
                 else f"did not answer within {timeout:g} s")
        raise CannotMeasure(f"{name} {state}; see {log}") from None


class Stack:
    """Start with `start()`, stop with `stop()`; `env` is what every process gets."""

    def __init__(self, database_url: str = DEFAULT_URL, web_workers: int = 0,
                 web_threads: int = 4, rq_workers: int = 1,
                 worker_class: str = "") -> None:
        self.admin_url = database_url
        self.schema = "bench_" + secrets.token_hex(4)
        self.url = with_search_path(database_url, self.schema)
        self.port = free_port()
        self.redis_port = free_port()
        self.redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
        self.scratch = Path(tempfile.mkdtemp(prefix="ttr-stack-"))
        self.env = {**os.environ, **UNLIMITED, "TTR_DATABASE_URL": self.url,
                    "TTR_REDIS_URL": self.redis_url, "TTR_LOG_LEVEL": "warning",
                    # 0 and "": what `ttr serve` chooses (one gevent worker per core)
                    "TTR_WEB_WORKERS": str(web_workers or ""), "TTR_WEB_THREADS": str(web_threads),
                    "TTR_WEB_WORKER_CLASS": worker_class,
                    "PROMETHEUS_MULTIPROC_DIR": str(self.scratch / "metrics")}
        (self.scratch / "metrics").mkdir()
        self.rq_workers = rq_workers
        self.api: subprocess.Popen[bytes] | None = None
        self.redis: subprocess.Popen[bytes] | None = None
        self.workers: list[subprocess.Popen[bytes]] = []

    def start(self) -> None:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {self.schema}")
        self.start_redis()
        migrate = subprocess.run([sys.executable, "-m", "bootstrap.cli", "migrate"],
                                 env=self.env, capture_output=True, text=True)
        assert migrate.returncode == 0, migrate.stderr
        self.api = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{self.port}"],
            env=self.env, stderr=open(self.scratch / "api.log", "w"))  # noqa: SIM115
        for _ in range(self.rq_workers):
            self.start_worker()
        self.wait_ready()

    def start_redis(self) -> None:
        self.redis = subprocess.Popen(
            ["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.scratch)],
            stdout=subprocess.DEVNULL)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.redis_port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop_redis(self) -> None:
        if self.redis is not None:
            self.redis.terminate()
            self.redis.wait(10)
            self.redis = None

    def start_worker(self) -> subprocess.Popen[bytes]:
        worker = subprocess.Popen([sys.executable, "-m", "bootstrap.cli", "worker"],
                                  env=self.env, stdout=subprocess.DEVNULL,
                                  stderr=open(self.scratch / "worker.log", "a"))  # noqa: SIM115
        self.workers.append(worker)
        return worker

    def api_workers(self) -> list[int]:
        assert self.api is not None
        out = subprocess.run(["pgrep", "-P", str(self.api.pid)], capture_output=True,
                             text=True).stdout
        return [int(x) for x in out.split()]

    def wait_ready(self, timeout: float = SERVING_WITHIN) -> None:
        assert self.api is not None
        serving(self.port, self.api, self.scratch / "api.log", timeout)

    def stop(self) -> None:
        for process in [self.api, *self.workers]:
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in [self.api, *self.workers]:
            if process is not None:
                try:
                    process.wait(20)
                except subprocess.TimeoutExpired:
                    process.kill()
        self.stop_redis()
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {self.schema} CASCADE")


def children(pid: int) -> list[int]:
    """The pids of `pid`'s child processes now."""
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    return [int(p) for p in found.stdout.split()]


def analysis_processes(worker_pids: list[int]) -> list[int]:
    """The analysis workers these `ttr worker`s started (`worker.analysis_process`)."""
    found = []
    for pid in (child for worker in worker_pids for child in children(worker)):
        try:
            if b"analysis" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return found


def cpu_seconds(pids: list[int], reaped: bool = False) -> float:
    """User + system CPU time of these processes so far; `reaped`: with that of their
    children reaped so far (an RQ worker forks a work-horse per job)."""
    ticks = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += sum(int(x) for x in fields[11:15 if reaped else 13])
    return ticks / os.sysconf("SC_CLK_TCK")


def postgres_cpu_seconds() -> float:
    """CPU time of every PostgreSQL process so far, the backends that have ended
    included (they count in the postmaster's children's time once reaped; the
    postmaster is the postgres process whose parent is not one)."""
    found: dict[str, tuple[str, list[str]]] = {}
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                name, rest = stat.read().split(" (", 1)[1].rsplit(")", 1)
        except (OSError, IndexError):
            continue
        if name == "postgres":
            fields = rest.split()
            found[entry] = (fields[1], fields)
    ticks = 0
    for parent, fields in found.values():
        ticks += int(fields[11]) + int(fields[12])
        if parent not in found:
            ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def machine_busy_seconds() -> float:
    """CPU time the whole machine has spent not idle (/proc/stat), all cores."""
    with open("/proc/stat") as stat:
        ticks = [int(x) for x in stat.readline().split()[1:]]
    idle = ticks[3] + ticks[4]  # idle, iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


@dataclass
class Seen:
    """What a bot saw: statuses, requests retried, latencies of its actions."""
    statuses: Counter[int] = field(default_factory=Counter)
    transport_errors: int = 0
    retries: int = 0
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0  # answers that were neither 2xx nor retried
    cpu_seconds: float = 0.0  # CPU time of the bots' own process while they played

    def add(self, other: Seen) -> None:
        self.statuses.update(other.statuses)
        self.transport_errors += other.transport_errors
        self.retries += other.retries
        self.latencies.extend(other.latencies)
        self.actions += other.actions
        self.errors += other.errors
        self.cpu_seconds += other.cpu_seconds


def run_threads(*targets: Callable[[Seen], None]) -> Seen:
    """Run each `target(seen)` on a thread of its own; what they all saw. A target's
    error is raised here once all have ended (not printed by the thread, unseen)."""
    seens = [Seen() for _ in targets]
    errors: list[BaseException] = []

    def running(target: Callable[[Seen], None], seen: Seen) -> None:
        try:
            target(seen)
        except BaseException as error:  # noqa: BLE001 — raised below
            errors.append(error)

    threads = [threading.Thread(target=running, args=(t, seen))
               for t, seen in zip(targets, seens, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # a broken barrier is what the others met when the first one failed
    errors.sort(key=lambda e: isinstance(e, threading.BrokenBarrierError))
    if errors:
        raise errors[0]
    total = Seen()
    for seen in seens:
        total.add(seen)
    return total


class Http:
    """Keep-alive JSON client that retries what failed in transit or with 502/503."""

    def __init__(self, port: int, seen: Seen) -> None:
        self.port = port
        self.seen = seen
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, method: str, path: str, token: str | None = None, body: Any = None,
             key: str | None = None, retry_for: float = 120.0) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "Prefer": "return=minimal"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if key:
            headers["Idempotency-Key"] = key
        data = json.dumps(body) if body is not None else None
        give_up = time.time() + retry_for
        while True:
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                raw = response.read()
                self.seen.statuses[response.status] += 1
                if response.status not in (502, 503) or time.time() > give_up:
                    return response.status, json.loads(raw) if raw else None
                wait = float(response.getheader("Retry-After") or 1)
            except (OSError, http.client.HTTPException):
                self.seen.transport_errors += 1
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port,
                                                             timeout=60)
                if time.time() > give_up:
                    raise
                wait = 0.2
            self.seen.retries += 1
            time.sleep(min(wait, 2.0))

    def new_players(self, prefix: str, count: int = 4) -> list[str]:
        """Make `count` accounts named `{prefix}-{i}`; their tokens."""
        tokens = []
        for i in range(count):
            status, user = self.call("POST", "/v1/users", body={"name": f"{prefix}-{i}"})
            assert status == 201, user
            tokens.append(user["token"])
        return tokens


Call = tuple[str, str, str | None, Any, str | None]  # method, path, token, body, key


class Game:
    """One game's bot, holding all of its players' tokens, as a state machine that
    makes no request itself: `next_call()` is the request to make now and
    `answered()` takes its answer, so threads (`play_call` with `Http`) and an event
    loop (`bench/loop.py`) drive the same bot. It creates the game, fills its seats,
    then for the player to act asks for moves at the version it last saw (unless an
    action's answer brought them) and sends one of them."""

    def __init__(self, tokens: list[str], map_name: str, players: int,
                 rng: random.Random) -> None:
        self.tokens = tokens[:players]
        self.map_name = map_name
        self.rng = rng
        self.game_id = ""
        self.seated = 1
        self.state: dict[str, Any] = {}
        self.moves: dict[int, list[dict[str, Any]]] = {}
        self.ended = False
        self._asked = ""  # what the call in flight asks for
        self._seat = 0

    @property
    def started(self) -> bool:
        return self.seated == len(self.tokens)

    def next_call(self) -> Call:
        if not self.game_id:
            self._asked = "create"
            return ("POST", "/v1/games", self.tokens[0],
                    {"map": self.map_name, "seats": len(self.tokens)}, None)
        path = f"/v1/games/{self.game_id}"
        if not self.started:
            self._asked = "seat"
            return "POST", f"{path}/players", self.tokens[self.seated], {}, None
        if self._asked == "refused":
            # decide again on the latest state (e.g. after a time-out moved the turn on)
            self._asked = "view"
            return "GET", path, self.tokens[0], None, None
        self._seat = seat = self.state["to_act"][0]
        moves = self.moves.pop(seat, None)
        if moves is None:
            self._asked = "moves"
            # the version last seen: the API may answer from the state it holds
            return ("GET", f"{path}/moves?min_version={self.state['version']}",
                    self.tokens[seat], None, None)
        self._asked = "action"
        return ("POST", f"{path}/actions", self.tokens[seat], choose(moves, self.rng),
                str(uuid.uuid4()))

    def answered(self, status: int, body: Any, seconds: float, seen: Seen) -> None:
        """The answer to the last `next_call()`, after `seconds`."""
        asked = self._asked
        if asked == "create":
            assert status == 201, body
            self.game_id, self.state = body["id"], body
        elif asked == "seat":
            assert status == 200, body
            self.seated += 1
            self.state = body
        elif asked == "moves":
            if status == 200:
                self.moves[self._seat] = body["moves"]
            else:
                seen.errors += 1
        elif asked == "view":
            self.state = body
            self.ended = body.get("phase") == "ended"
        elif status != 200:
            seen.errors += 1
            self._asked = "refused"
        else:
            seen.latencies.append(seconds)
            seen.actions += 1
            self.state = body
            self.ended = body["phase"] == "ended"
            if body["moves"] and self._seat in body["to_act"]:
                self.moves[self._seat] = body["moves"]


def play_call(client: Http, game: Game) -> None:
    """Make `game`'s next request through `client`."""
    method, path, token, body, key = game.next_call()
    started = time.perf_counter()
    status, answer = client.call(method, path, token, body, key)
    game.answered(status, answer, time.perf_counter() - started, client.seen)


def start_game(client: Http, tokens: list[str], map_name: str, players: int,
               rng: random.Random) -> Game:
    """A new game of `players` with every seat taken (so it has its id)."""
    game = Game(tokens, map_name, players, rng)
    while not game.started:
        play_call(client, game)
    return game
