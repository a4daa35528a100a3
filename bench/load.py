"""Load test: many games at once, played to the end, through the whole stack.

    python bench/load.py [--games 500] [--clients 4] [--threads 8]

The stack (`bench/stack.py`): the API under gunicorn with several workers, PostgreSQL,
a Redis of its own, RQ workers. P client processes with T threads each share the
games: every thread creates its games; once every thread of every process has (the
clock starts then: `bench/ready.py`), each plays its games all at once, one action at a
time in turn, until each has ended. Afterwards every game is checked: its export is
complete and verifies through the rules with no database (`events.verify`), and it
holds exactly one `game_scored`. Reported: actions per second, p50/p99 latency,
errors, and the checks. The last line of output is one JSON object; a game that does
not verify makes the exit status 1, and a run that cannot measure (a client not ready
in time, or one that failed) ends with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outcome import CannotMeasure, run  # noqa: E402
from bench.ready import Crew  # noqa: E402
from bench.stack import (  # noqa: E402
    DEFAULT_URL,
    GAMES,
    Http,
    Seen,
    Stack,
    play_call,
    run_threads,
    start_game,
)
from events.verify import verify_export  # noqa: E402

READY_WITHIN = 300.0  # seconds for every client to make its games (hundreds, on a busy stack)


def play(port: int, games: int, seed: int, start: threading.Barrier, ids: list[str],
         seen: Seen) -> None:
    """One thread's games: made (accounts, seats taken), then, once every thread of
    every client has made its own (`start`), played to their end one action at a time
    in turn."""
    rng = random.Random(seed)
    client = Http(port, seen)
    playing = []
    try:
        tokens = client.new_players(f"load{seed}")
        for _ in range(games):
            map_name, players = rng.choice(GAMES)
            game = start_game(client, tokens, map_name, players, rng)
            playing.append(game)
            ids.append(game.game_id)
    except BaseException:
        start.abort()  # the other threads would wait for this one forever
        raise
    start.wait()
    while playing:
        for game in list(playing):
            play_call(client, game)
            if game.ended:
                playing.remove(game)


def client_process(crew: Crew, port: int, threads: int, games: int, seed: int
                   ) -> tuple[Seen, list[str]]:
    ids: list[list[str]] = [[] for _ in range(threads)]
    share = [games // threads + (1 if i < games % threads else 0) for i in range(threads)]
    # the last thread to have made its games says this process is ready, and all wait
    # for the window (the clock and the fault start once every game exists)
    def ready() -> None:
        crew.ready()

    start = threading.Barrier(threads, action=ready)
    total = run_threads(*(partial(play, port, share[i], seed * 100 + i, start, ids[i])
                          for i in range(threads)))
    return total, [g for group in ids for g in group]


def check(stack: Stack, game_ids: list[str], timeout: float = 300) -> dict[str, Any]:
    """Every game scored exactly once, and its export verifies through the rules."""
    client = Http(stack.port, Seen())
    status, user = client.call("POST", "/v1/users", body={"name": "auditor"})
    token = user["token"]
    deadline = time.time() + timeout
    verified = scored_once = 0
    failures: list[str] = []
    for game_id in game_ids:
        while True:
            status, body = client.call("GET", f"/v1/games/{game_id}/score", token)
            if status == 200 or time.time() > deadline:
                break
            time.sleep(0.2)
        connection = client.connection
        connection.request("GET", f"/v1/games/{game_id}/export",
                           headers={"Authorization": f"Bearer {token}"})
        lines = connection.getresponse().read().decode().splitlines()
        verdict = verify_export(lines)
        if verdict.ok and verdict.score_matches:
            verified += 1
        else:
            failures.append(f"{game_id}: {verdict.reason}")
        if sum('"type":"game_scored"' in line.replace(" ", "") for line in lines) == 1:
            scored_once += 1
    return {"games": len(game_ids), "verified": verified, "scored_exactly_once": scored_once,
            "failures": failures[:10]}


def play_all(args: argparse.Namespace, fault: Any = None) -> dict[str, Any]:
    """Play the games on a fresh stack (calling `fault(stack)` once play is under way)."""
    stack = Stack(args.url, web_workers=args.web_workers, web_threads=args.web_threads,
                  rq_workers=args.rq_workers)
    figures: dict[str, Any] = {}
    try:
        stack.start()
        per_client = [args.games // args.clients + (1 if i < args.games % args.clients else 0)
                      for i in range(args.clients)]
        with Crew(multiprocessing.get_context("spawn"), "client", READY_WITHIN) as crew:
            for i in range(args.clients):
                crew.start(client_process, (stack.port, args.threads, per_client[i], i + 1))
            started = crew.open()
            if fault is not None:
                figures["fault"] = fault(stack)
            outcomes = crew.results(within=3600)
        elapsed = time.time() - started
        seen = Seen()
        game_ids: list[str] = []
        for s, ids in outcomes:
            seen.add(s)
            game_ids += ids
        if not seen.latencies:
            raise CannotMeasure("no action was answered")
        latencies = sorted(seen.latencies)
        figures.update({
            "games": len(game_ids),
            "actions": seen.actions,
            "seconds": round(elapsed, 1),
            "actions_per_s": round(seen.actions / elapsed, 1),
            "action_p50_ms": round(1000 * statistics.median(latencies), 2),
            "action_p99_ms": round(1000 * latencies[int(0.99 * len(latencies))], 2),
            "errors": seen.errors,
            "statuses": dict(sorted(seen.statuses.items())),
            "retried_requests": seen.retries,
            "transport_errors": seen.transport_errors,
        })
        figures["checks"] = check(stack, game_ids)
    finally:
        stack.stop()
    return figures


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default=DEFAULT_URL)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--clients", type=int, default=4)
    p.add_argument("--threads", type=int, default=8)
    p.add_argument("--web-workers", type=int, default=0,
                   help="API processes (default: what `ttr serve` picks, one per core)")
    p.add_argument("--web-threads", type=int, default=4, help="threads (gthread only)")
    p.add_argument("--rq-workers", type=int, default=1)
    return p


def main() -> int:
    figures = play_all(parser().parse_args())
    print(f"{figures['games']} games, {figures['actions']} actions in {figures['seconds']} s: "
          f"{figures['actions_per_s']} actions/s, p50 {figures['action_p50_ms']} ms, "
          f"p99 {figures['action_p99_ms']} ms, {figures['errors']} errors; "
          f"{figures['checks']['verified']} verified, "
          f"{figures['checks']['scored_exactly_once']} scored exactly once", flush=True)
    print(json.dumps(figures))
    if figures["checks"]["verified"] != figures["games"]:
        print(f"bench/load.py: {figures['games'] - figures['checks']['verified']} of "
              f"{figures['games']} games did not verify", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    run(main)
