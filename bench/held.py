"""Held streams at scale: many players following their games while the games go on.

    python bench/held.py [--mode pg|embedded] [--steps 1000,2500,5000,10000]
                         [--rate 200] [--seconds 30] [--web-workers 2] [--quiet-seconds 10]

For each step of S streams: a fresh server — `pg`: the whole stack of `bench/stack.py`
(PostgreSQL, a Redis of its own, `ttr serve` with its gevent workers, one RQ worker);
`embedded`: `ttr serve` with neither (SQLite, jobs in-process) — and S/4 two-player
games. Each game is followed as in real play: a stream per player, one spectator
(no token) and the creator's user feed (`/v1/users/me/events`), held by asyncio
client processes (one per 2,500 streams; each raises its `ulimit -n`). Once every
holder has all of its streams open (`bench/ready.py`), and they have been idle for
`--quiet-seconds` (memory and CPU of the idle streams), and once a prober has
connected, bots act in the games at a steady `--rate` actions a second for
`--seconds`, spread over every game, while the prober makes ordinary requests
(`GET /v1/games/{id}`) every 50 ms. A holder that cannot open its streams within ten
minutes, or a step in which no action is answered, ends the run with one line.

Reported per step: streams held, refusals met while opening (retried), the server's
memory per stream (RSS of the API processes with the streams held, less before them,
over S), its CPU (cores) idle and under play, the actions a second achieved and their
p99, delivery delay p50/p99/max from the action's answer to each subscriber (the
clocks are one machine's monotonic clock), events lost and duplicated per subscriber
(a game stream must get every version after its snapshot, a user feed every version
of its game, each once; a stream that ends is resumed from its `Last-Event-ID`, as a
client does, and counted), and the prober's p99. The machine's load (`uptime`) at the
start of each step is reported beside it. The last line is one JSON object.

The server runs with `TTR_HELD_PER_CLIENT` raised: every client here is one address.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outcome import CannotMeasure, run  # noqa: E402
from bench.profiles import py_spy_record  # noqa: E402
from bench.ready import Crew  # noqa: E402
from bench.stack import (  # noqa: E402
    Game,
    Seen,
    Stack,
    children,
    cpu_seconds,
    machine_busy_seconds,
    postgres_cpu_seconds,
    serving,
)
from tests.api_support import UNLIMITED  # noqa: E402
from tests.ports import free_port  # noqa: E402

STREAMS_PER_PROCESS = 2500
HELD_ENV = {"TTR_HELD_PER_CLIENT": "1000000", "TTR_LOG_LEVEL": "warning"}
VERSION = re.compile(rb'"version": ?(\d+)')
GAME = re.compile(rb'"game_id": ?"([^"]+)"')


def raise_nofile() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# -- servers ---------------------------------------------------------------------------


class Embedded:
    """`ttr serve` with SQLite and in-process jobs."""

    def __init__(self) -> None:
        self.scratch = Path(tempfile.mkdtemp(prefix="ttr-held-"))
        self.port = free_port()
        self.env = {**os.environ, **UNLIMITED, **HELD_ENV,
                    "TTR_DATABASE_URL": f"sqlite:///{self.scratch / 'held.sqlite3'}"}
        self.env.pop("TTR_REDIS_URL", None)
        self.api: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = self.scratch / "api.log"
        self.api = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{self.port}"],
            env=self.env, stderr=open(log, "w"))  # noqa: SIM115
        serving(self.port, self.api, log)

    def api_pids(self) -> list[int]:
        assert self.api is not None
        return [self.api.pid, *children(self.api.pid)]

    def stop(self) -> None:
        if self.api is not None:
            self.api.terminate()
            self.api.wait(60)


class PgStack(Stack):
    def api_pids(self) -> list[int]:
        assert self.api is not None
        return [self.api.pid, *children(self.api.pid)]


def cpu_split(server: Embedded | PgStack, holders: list[int], prober: int) -> dict[str, float]:
    """CPU seconds so far of each part of the machine that the step uses."""
    split = {"api": cpu_seconds(server.api_pids()),
             "bots": cpu_seconds([os.getpid()], reaped=True),
             "holders": cpu_seconds(holders), "prober": cpu_seconds([prober]),
             "machine": machine_busy_seconds()}
    if isinstance(server, PgStack):
        assert server.redis is not None
        split["postgres"] = postgres_cpu_seconds()
        split["redis"] = cpu_seconds([server.redis.pid])
        split["rq_worker"] = cpu_seconds([w.pid for w in server.workers], reaped=True)
    return split


def rss_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


# -- a small asyncio HTTP/1.1 client ------------------------------------------------------


class Conn:
    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, token: str | None = None,
                   body: Any = None, key: str | None = None) -> tuple[int, Any]:
        while True:
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(
                        "127.0.0.1", self.port)
                assert self.reader is not None
                head = [f"{method} {path} HTTP/1.1", "Host: ttr", "Prefer: return=minimal"]
                if token:
                    head.append(f"Authorization: Bearer {token}")
                if key:
                    head.append(f"Idempotency-Key: {key}")
                data = json.dumps(body).encode() if body is not None else b""
                if body is not None:
                    head += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
                self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
                status_line = await self.reader.readline()
                status = int(status_line.split(b" ", 2)[1])
                length = 0
                while (line := await self.reader.readline()) not in (b"\r\n", b""):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                raw = await self.reader.readexactly(length) if length else b""
                if status in (502, 503):
                    await asyncio.sleep(1)
                    continue
                return status, orjson.loads(raw) if raw else None
            except (OSError, IndexError, ValueError, asyncio.IncompleteReadError):
                self.close()
                await asyncio.sleep(0.2)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def drive(conn: Conn, game: Game, seen: Seen,
                answered: dict[tuple[str, int], float] | None = None) -> bool:
    """The game's next request; whether it was an action answered."""
    method, path, token, body, key = game.next_call()
    started = time.perf_counter()
    status, answer = await conn.call(method, path, token, body, key)
    game.answered(status, answer, time.perf_counter() - started, seen)
    if method == "POST" and path.endswith("/actions") and status == 200:
        if answered is not None:
            now = time.monotonic()
            for event in answer["events"]:
                answered[(game.game_id, event["version"])] = now
        return True
    return False


# -- the streams ------------------------------------------------------------------------

Follow = tuple[str, str, str | None]  # kind ("game" | "user"), game id, token


async def connect(port: int, head: str, refusals: list[int],
                  opening: asyncio.Semaphore) -> tuple[asyncio.StreamReader,
                                                        asyncio.StreamWriter]:
    """A stream opened (refused, or the listen queue overflowed: again, a second later)."""
    while True:
        writer: asyncio.StreamWriter | None = None
        async with opening:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write((head + "\r\n").encode())
                if int((await reader.readline()).split(b" ", 2)[1]) == 200:
                    return reader, writer
            except (OSError, IndexError, ValueError):
                pass
        refusals[0] += 1
        if writer is not None:
            writer.close()
        await asyncio.sleep(1)


async def follow(port: int, kind: str, game_id: str, token: str | None,
                 record: dict[str, Any], refusals: list[int], opened: asyncio.Event,
                 stop: asyncio.Event, opening: asyncio.Semaphore) -> None:
    """One subscriber, as a client does it: resumed from its `Last-Event-ID` when its
    stream ends (`record["resumed"]` counts how often)."""
    path = f"/v1/games/{game_id}/events" if kind == "game" else "/v1/users/me/events"
    head = f"GET {path} HTTP/1.1\r\nHost: ttr\r\nAccept: text/event-stream\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    last_id = 0 if kind == "user" else None
    got: list[tuple[int, float]] = record["got"]
    while not stop.is_set():
        resume = "" if last_id is None else f"Last-Event-ID: {last_id}\r\n"
        reader, writer = await connect(port, head + resume, refusals, opening)
        opened.set()
        snapshot = False
        rest = b""
        try:
            while not stop.is_set():
                # what has come, whole lines at a time (a readline per line cost these
                # clients, which share the server's two cores, twice as much)
                chunk = await reader.read(65536)
                if not chunk:
                    record["resumed"] += 1
                    break
                now = time.monotonic()
                *lines, rest = (rest + chunk).split(b"\n")
                for line in lines:
                    if line.startswith(b"id: "):
                        last_id = int(line[4:])
                    elif line.startswith(b"event: snapshot"):
                        snapshot = True
                    elif line.startswith(b"data: "):
                        found = VERSION.search(line)
                        if snapshot:
                            if record["start"] is None:
                                record["start"] = int(found.group(1)) if found else 0
                                last_id = record["start"]
                            snapshot = False
                        elif found:
                            if kind == "user":
                                game = GAME.search(line)
                                if game is None or game.group(1).decode() != game_id:
                                    continue
                            got.append((int(found.group(1)), now))
        except OSError:
            record["resumed"] += 1
        finally:
            writer.close()


def follows_of(games: list[Game], streams: int) -> list[Follow]:
    """The first `streams` streams of the games as in real play: each player's, a
    spectator's and the creator's user feed."""
    follows: list[Follow] = []
    for game in games:
        follows += [("game", game.game_id, game.tokens[0]),
                    ("game", game.game_id, game.tokens[1]),
                    ("game", game.game_id, None),
                    ("user", game.game_id, game.tokens[0])]
    return follows[:streams]


def hold_streams(crew: Crew, port: int, follows: list[Follow], stop: Any
                 ) -> tuple[int, list[dict[str, Any]]]:
    """A client process of `crew`: ready once every stream of `follows` is open, then
    held until `stop`: the refusals met while opening, and what each stream got."""
    raise_nofile()

    async def main() -> tuple[int, list[dict[str, Any]]]:
        stopped = asyncio.Event()
        records: list[dict[str, Any]] = [
            {"kind": k, "game": g, "start": None, "got": [], "resumed": 0,
             "token": bool(t)}
                   for k, g, t in follows]
        refusals = [0]
        opening = asyncio.Semaphore(200)  # connections being opened at once
        events = [asyncio.Event() for _ in follows]
        tasks = []
        for (kind, game, token), record, opened in zip(follows, records, events, strict=True):
            tasks.append(asyncio.create_task(follow(port, kind, game, token, record,
                                                    refusals, opened, stopped, opening)))
            await asyncio.sleep(0)
        for opened in events:
            await opened.wait()
        await asyncio.to_thread(crew.ready)  # (the streams are read meanwhile)
        while not stop.is_set():
            await asyncio.sleep(0.2)
        stopped.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return refusals[0], records

    return asyncio.run(main())


# -- one step ---------------------------------------------------------------------------


async def set_up(port: int, games: int) -> list[Game]:
    rng = random.Random(1)
    made: list[Game] = []
    seen = Seen()
    queue = deque(range(games))

    async def maker() -> None:
        conn = Conn(port)
        while queue:
            i = queue.popleft()
            tokens = []
            for p in range(2):
                _, user = await conn.call("POST", "/v1/users", body={"name": f"h{i}-{p}"})
                tokens.append(user["token"])
            game = Game(tokens, rng.choice(["usa", "europe", "nordic"]), 2,
                        random.Random(i))
            while not game.started:
                await drive(conn, game, seen)
            made.append(game)
        conn.close()

    await asyncio.gather(*(maker() for _ in range(16)))
    return made


async def play(port: int, games: list[Game], rate: float, seconds: float,
               answered: dict[tuple[str, int], float], seen: Seen) -> None:
    """Act in the games at `rate` actions a second for `seconds`."""
    order = deque(games)
    start = time.monotonic()
    end = start + seconds
    slot = [0]

    async def player() -> None:
        conn = Conn(port)
        while time.monotonic() < end and order:
            game = order.popleft()
            due = start + slot[0] / rate
            slot[0] += 1
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            while not game.ended and not await drive(conn, game, seen, answered):
                pass
            if not game.ended:
                order.append(game)
        conn.close()

    await asyncio.gather(*(player() for _ in range(min(64, len(games)))))


def probe(crew: Crew, port: int, targets: list[tuple[str, str]], seconds: float
          ) -> list[float]:
    """Another client (a process of its own, so that the bots' loop does not delay
    it): an ordinary request every 50 ms while the games go on; how long each took."""
    took: list[float] = []
    rng = random.Random(3)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    end = crew.ready() + seconds
    while time.time() < end:
        game_id, token = rng.choice(targets)
        started = time.perf_counter()
        try:
            connection.request("GET", f"/v1/games/{game_id}",
                               headers={"Authorization": f"Bearer {token}"})
            connection.getresponse().read()
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        took.append(time.perf_counter() - started)
        time.sleep(0.05)
    return took


def pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 1)


def profile(pids: list[int], seconds: float, folder: str,
            label: str) -> list[subprocess.Popen[bytes]]:
    """py-spy (if asked for with --profile): each process sampled while the games go on,
    as flame graphs in `folder`."""
    return py_spy_record(pids, int(seconds), 200, Path(folder), label)


def run_step(mode: str, streams: int, rate: float, seconds: float, web_workers: int,
             quiet: float, profile_to: str = "") -> dict[str, Any]:
    load = os.getloadavg()
    server: Embedded | PgStack = Embedded() if mode == "embedded" else PgStack(
        web_workers=web_workers)
    server.env.update(HELD_ENV)
    server.start()
    try:
        port = server.port
        games = asyncio.run(set_up(port, max(1, streams // 4)))
        follows = follows_of(games, streams)
        time.sleep(2)
        pids = server.api_pids()
        rss_before = rss_bytes(pids)
        ctx = multiprocessing.get_context("fork")
        with Crew(ctx, "holder", 600) as holding, Crew(ctx, "prober", 120) as probing:
            stop = ctx.Event()
            opening = time.monotonic()
            for i in range(0, len(follows), STREAMS_PER_PROCESS):
                holding.start(hold_streams, (port, follows[i:i + STREAMS_PER_PROCESS], stop))
            holding.open()  # every stream held
            open_seconds = time.monotonic() - opening
            time.sleep(quiet / 2)
            idle_cpu = cpu_seconds(pids)
            time.sleep(quiet)
            idle_cores = (cpu_seconds(pids) - idle_cpu) / quiet
            rss_held = rss_bytes(pids)
            answered: dict[tuple[str, int], float] = {}
            seen = Seen()
            (prober,) = probing.start(probe, (port, [(g.game_id, g.tokens[0]) for g in games],
                                              seconds))
            holder_pids = [h.pid for h in holding.processes if h.pid is not None]
            assert prober.pid is not None
            probing.open()  # the prober has connected: the games go on from now
            split_start = cpu_split(server, holder_pids, prober.pid)
            spies: list[subprocess.Popen[bytes]] = []
            if profile_to:
                api_workers = children(pids[0])
                spies = profile(api_workers, seconds, profile_to, f"api-{streams}")
                if isinstance(server, PgStack):
                    spies += profile([w.pid for w in server.workers], seconds, profile_to,
                                     f"rq-{streams}")
            cpu_start, wall = cpu_seconds(pids), time.monotonic()
            asyncio.run(play(port, games, rate, seconds, answered, seen))
            wall = time.monotonic() - wall
            split_end = cpu_split(server, holder_pids, prober.pid)
            # CPU per action (ms) of each part while the games went on
            split = {part: round((split_end[part] - split_start[part]) * 1000
                                 / max(1, seen.actions), 2) for part in split_start}
            (took,) = probing.results(within=120)
            play_cores = (cpu_seconds(pids) - cpu_start) / wall
            for spy in spies:
                spy.wait(60)
            time.sleep(quiet)  # the last deliveries
            stop.set()
            held = holding.results(within=120)
            refusals = sum(refused for refused, _ in held)
            records = [r for _, found in held for r in found]
            if seen.actions == 0:
                raise CannotMeasure(f"no action was answered in {seconds:g} s")
            return report(mode, streams, len(games), rate, seconds, load, refusals,
                          open_seconds, rss_before, rss_held, idle_cores, play_cores, wall,
                          records, answered, seen, took, split)
    finally:
        server.stop()


def report(mode: str, streams: int, games: int, rate: float, seconds: float,
           load: tuple[float, float, float], refusals: int, open_seconds: float,
           rss_before: int, rss_held: int, idle_cores: float, play_cores: float,
           wall: float, records: list[dict[str, Any]],
           answered: dict[tuple[str, int], float], seen: Seen,
           probe: list[float], split: dict[str, float]) -> dict[str, Any]:
    finals: dict[str, int] = {}
    for game, version in answered:
        finals[game] = max(finals.get(game, 0), version)
    delays: list[float] = []
    lost = duplicated = resumed = 0
    lost_by_kind: Counter[str] = Counter()
    for record in records:
        game = record["game"]
        versions = [v for v, _ in record["got"]]
        resumed += record["resumed"]
        duplicated += len(versions) - len(set(versions))
        first = (record["start"] or 0) + 1 if record["kind"] == "game" else 1
        expected = set(range(first, finals.get(game, 0) + 1))
        missing = len(expected - set(versions))
        lost += missing
        if missing:
            lost_by_kind[record["kind"] if record["kind"] == "user" or record["token"]
                         else "spectator"] += missing
        for version, at in record["got"]:
            sent = answered.get((game, version))
            if sent is not None:
                delays.append(at - sent)
    return {
        "mode": mode, "streams": streams, "games": games, "load_at_start": load,
        "held": len(records), "refused_while_opening": refusals,
        "open_seconds": round(open_seconds, 1),
        "memory_per_stream_kb": round((rss_held - rss_before) / streams / 1024, 1),
        "api_rss_mb": round(rss_held / 2**20), "idle_api_cores": round(idle_cores, 2),
        "asked_actions_per_s": rate, "actions_per_s": round(seen.actions / wall, 1),
        "action_p99_ms": pct(seen.latencies, 0.99), "api_cores": round(play_cores, 2),
        "deliveries": len(delays), "delivery_p50_ms": pct(delays, 0.5),
        "delivery_p99_ms": pct(delays, 0.99), "delivery_max_ms": pct(delays, 1.0),
        "lost": lost, "lost_by_kind": dict(lost_by_kind), "duplicated": duplicated,
        "streams_resumed": resumed,
        "ordinary_p99_ms": pct(probe, 0.99),
        "ordinary_p50_ms": round(statistics.median(probe) * 1000, 1) if probe else None,
        "errors": seen.errors, "cpu_ms_per_action": split,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["pg", "embedded"], default="pg")
    parser.add_argument("--steps", default="")
    parser.add_argument("--rate", type=float, default=0.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--web-workers", type=int, default=0)
    parser.add_argument("--quiet-seconds", type=float, default=10.0,
                        help="the idle window once the streams are held (after half as "
                             "long to settle), and the wait for the last deliveries")
    parser.add_argument("--profile", default="",
                        help="a folder: py-spy samples of the API and RQ workers at play")
    args = parser.parse_args()
    raise_nofile()
    steps = [int(s) for s in (args.steps or (
        "1000" if args.mode == "embedded" else "1000,2500,5000,10000")).split(",")]
    rate = args.rate or (50.0 if args.mode == "embedded" else 200.0)
    results = []
    for streams in steps:
        result = run_step(args.mode, streams, rate, args.seconds, args.web_workers,
                          args.quiet_seconds, args.profile)
        print(json.dumps(result), flush=True)
        results.append(result)
    print(json.dumps({"benchmark": "held", "mode": args.mode, "steps": results}))
    return 0


if __name__ == "__main__":
    run(main)
