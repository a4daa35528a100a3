"""Load test: many games at once, played to the end, through the whole stack.

    python bench/load.py [--games 500] [--clients 4] [--threads 8]

The stack (`bench/stack.py`): the API under gunicorn with several workers, PostgreSQL,
a Redis of its own, RQ workers. P client processes with T threads each share the
games: every thread creates its games, then plays them all at once, one action at a
time in turn, until each has ended. Afterwards every game is checked: its export is
complete and verifies through the rules with no database (`events.verify`), and it
holds exactly one `game_scored`. Reported: actions per second, p50/p99 latency,
errors, and the checks. The last line of output is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def play(port: int, games: int, seed: int, seen: Seen, ids: list[str]) -> None:
    rng = random.Random(seed)
    client = Http(port, seen)
    tokens = client.new_players(f"load{seed}")
    playing = []
    for _ in range(games):
        map_name, players = rng.choice(GAMES)
        game = start_game(client, tokens, map_name, players, rng)
        playing.append(game)
        ids.append(game.game_id)
    while playing:
        for game in list(playing):
            play_call(client, game)
            if game.ended:
                playing.remove(game)


def client_process(port: int, threads: int, games: int, seed: int,
                   results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    ids: list[list[str]] = [[] for _ in range(threads)]
    share = [games // threads + (1 if i < games % threads else 0) for i in range(threads)]
    total = run_threads(*(partial(play, port, share[i], seed * 100 + i, ids=ids[i])
                          for i in range(threads)))
    results.put((total, [g for group in ids for g in group]))


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


def run(args: argparse.Namespace, fault: Any = None) -> dict[str, Any]:
    """Play the games on a fresh stack (calling `fault(stack)` once play is under way)."""
    stack = Stack(args.url, web_workers=args.web_workers, web_threads=args.web_threads,
                  rq_workers=args.rq_workers)
    figures: dict[str, Any] = {}
    try:
        stack.start()
        ctx = multiprocessing.get_context("spawn")
        results: multiprocessing.Queue = ctx.Queue()  # type: ignore[type-arg]
        per_client = [args.games // args.clients + (1 if i < args.games % args.clients else 0)
                      for i in range(args.clients)]
        started = time.time()
        clients = [ctx.Process(target=client_process,
                               args=(stack.port, args.threads, per_client[i], i + 1, results))
                   for i in range(args.clients)]
        for c in clients:
            c.start()
        if fault is not None:
            figures["fault"] = fault(stack)
        outcomes = [results.get(timeout=3600) for _ in clients]
        elapsed = time.time() - started
        for c in clients:
            c.join()
        seen = Seen()
        game_ids: list[str] = []
        for s, ids in outcomes:
            seen.add(s)
            game_ids += ids
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
    figures = run(parser().parse_args())
    print(f"{figures['games']} games, {figures['actions']} actions in {figures['seconds']} s: "
          f"{figures['actions_per_s']} actions/s, p50 {figures['action_p50_ms']} ms, "
          f"p99 {figures['action_p99_ms']} ms, {figures['errors']} errors; "
          f"{figures['checks']['verified']} verified, "
          f"{figures['checks']['scored_exactly_once']} scored exactly once", flush=True)
    print(json.dumps(figures))
    return 0 if figures["checks"]["verified"] == figures["games"] else 1


if __name__ == "__main__":
    sys.exit(main())
