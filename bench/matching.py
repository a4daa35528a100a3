"""Benchmark of quick match (issue 32): the time from a request to a started game while
many requests wait.

    python bench/matching.py [--url URL] [--waiting 1000] [--probes 200]

Fills a scratch PostgreSQL schema with `--waiting` requests that cannot sit with each
other (each asks for its own turn time limit), then, `--probes` times, a new player asks
(POST /v1/matches, in process, rate limits off) for the game one of them waits for: the
answer comes once the pairing has run under its lock over every waiting request and the
game has been created with both seated and started. A waiting request takes the place
of each one paired, so as many wait throughout. The pairing reads every waiting request
but weighs only those of the probe's terms against each other (`domain.matching`):
here each waits alone with its terms, the shape of a long queue (requests with the same
terms that can sit together do not wait).

The tournament part (`--part tournament`, or both by default) times the Swiss pairing
of each round of a `--players` tournament at tables of 4 over `--rounds` rounds
(`domain.tournament_log.next_round_tables`: the standings, who met whom, and the
swaps), each round's games given random scores. No database: it is the decision alone.

The last line of output is one JSON object: the percentiles of request → started game
and whether p95 is under 1 s; the pairing time of each round (ms) and whether the
slowest is under 1 s.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import secrets
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg  # noqa: E402

from bench.outcome import CannotMeasure, run  # noqa: E402
from domain.tournament_log import (  # noqa: E402
    EntrantJoined,
    GameResult,
    RoundPaired,
    TournamentCreated,
    TournamentEvent,
    fold_tournament,
    next_round_tables,
)
from events import SqlStore, open_store  # noqa: E402
from events.matches import MatchRequest  # noqa: E402
from referee.quick_match import new_game_id, players_per_map  # noqa: E402
from referee.settings import Settings  # noqa: E402
from tests.pg_pool import with_search_path  # noqa: E402

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
TARGET_P95_MS = 1000
FIRST_LIMIT = 60  # seconds: the server's least turn time limit (TTR_MIN_TURN_TIME_LIMIT)


def wait(store: SqlStore, limit: int) -> None:
    """One more waiting request, for a game nobody else waits for (`limit` its own)."""
    user_id = f"w{limit}"
    store.request_match(MatchRequest(f"q_bench{limit}", user_id, user_id, "usa", 2, 2, False,
                                     limit, datetime.now(UTC)), players_per_map(), new_game_id)


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def at(share: float) -> float:
        return round(ordered[max(0, int(len(ordered) * share + 0.5) - 1)] * 1000, 1)

    return {"p50": round(statistics.median(ordered) * 1000, 1), "p95": at(0.95),
            "p99": at(0.99), "max": round(ordered[-1] * 1000, 1)}


def probe(client: Any, limit: int) -> float:
    """A new player asks for the game the request of `limit` waits for: seconds until
    the answer says the game has started."""
    made = client.post("/v1/users", json={"name": "Probe"})
    headers = {"Authorization": f"Bearer {made.get_json()['token']}"}
    started = time.perf_counter()
    answer = client.post("/v1/matches", headers=headers, json={
        "map": "usa", "rated": False, "turn_time_limit": limit})
    took = time.perf_counter() - started
    body = answer.get_json()
    if answer.status_code != 201 or body["state"] != "matched":
        raise CannotMeasure(f"a probe was not paired: {answer.status_code} {body}")
    game = client.get(f"/v1/games/{body['game_id']}", headers=headers).get_json()
    if game["status"] != "playing":
        raise CannotMeasure(f"a paired game did not start: {game['status']}")
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default=os.environ.get("TTR_BENCH_PG", DEFAULT_URL))
    parser.add_argument("--waiting", type=int, default=1000)
    parser.add_argument("--probes", type=int, default=200)
    parser.add_argument("--part", choices=("quick", "tournament", "both"), default="both")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    figures: dict[str, Any] = {"loadavg_before": [round(x, 1) for x in os.getloadavg()]}
    if args.part in ("quick", "both"):
        figures.update(quick_match(args))
    if args.part in ("tournament", "both"):
        figures.update(tournament_rounds(args.players, args.rounds))
        figures["target_met"] = figures.get("target_met", True) and figures[
            "tournament_target_met"]
    print(json.dumps(figures))
    return 0


def tournament_rounds(players: int, rounds: int) -> dict[str, Any]:
    """The pairing time of each round of a tournament of `players` at tables of 4."""
    if players < 2 or rounds < 1:
        raise CannotMeasure("--players must be 2 at least, --rounds 1")
    rng = random.Random(32)
    log: list[TournamentEvent] = [TournamentCreated(
        "bench", "u_0", "usa", 4, rounds, None, False, "2026-01-01T00:00:00+00:00", False,
        False)]
    log += [EntrantJoined(f"u_{n}", f"P{n}") for n in range(players)]
    times = []
    for number in range(1, rounds + 1):
        state = fold_tournament(log)
        started = time.perf_counter()
        tables = next_round_tables(state)
        times.append((time.perf_counter() - started) * 1000)
        games = tuple(f"g_{number}_{i}" for i in range(len(tables)))
        log.append(RoundPaired(number, tuple(map(tuple, tables)), games))
        log += [GameResult(number, g, {p: rng.randrange(40, 160) for p in t})
                for g, t in zip(games, tables, strict=True)]
    repeats = max(fold_tournament(log).meetings().values())
    print(f"pairing a round of {players} players: {[round(t) for t in times]} ms", flush=True)
    return {"tournament_players": players, "tournament_rounds": rounds,
            "pair_round_ms": [round(t, 1) for t in times], "most_meetings": repeats,
            "tournament_target_met": max(times) < TARGET_P95_MS}


def quick_match(args: argparse.Namespace) -> dict[str, Any]:
    """The quick-match part: request → started game with many requests waiting."""
    if args.waiting < 1 or args.probes < 1:
        raise CannotMeasure("--waiting and --probes must be 1 at least")
    from bootstrap.web import create_app
    from service.config import HttpSettings

    schema = f"bench_matching_{secrets.token_hex(4)}"
    admin = psycopg.connect(args.url, autocommit=True)
    admin.execute(f"CREATE SCHEMA {schema}")
    url = with_search_path(args.url, schema)
    logging.disable(logging.INFO)  # (the access log of every request)
    figures: dict[str, Any] = {"waiting": args.waiting, "probes": args.probes}
    try:
        store = open_store(url)
        assert isinstance(store, SqlStore)
        store.migrate()
        started = time.perf_counter()
        for n in range(args.waiting):
            wait(store, FIRST_LIMIT + n)
        print(f"{args.waiting} waiting requests in {time.perf_counter() - started:.1f} s",
              flush=True)
        app = create_app(Settings(database_url=url), store=store, http=HttpSettings(
            rate_per_address=1e9, burst_per_address=10**9, rate_per_token=1e9,
            burst_per_token=10**9, accounts_per_address_per_hour=10**9))
        client = app.test_client()
        rng = random.Random(32)
        waiting = list(range(FIRST_LIMIT, FIRST_LIMIT + args.waiting))
        times = []
        for _ in range(args.probes):
            limit = waiting.pop(rng.randrange(len(waiting)))
            times.append(probe(client, limit))
            waiting.append(FIRST_LIMIT + args.waiting + len(times))
            wait(store, waiting[-1])
        app.extensions["ttr"].close()
        if len(store.waiting_matches(args.waiting + 1)) != args.waiting:
            raise CannotMeasure("the number of waiting requests changed under the probes")
        figures["request_to_started_ms"] = percentiles(times)
        figures["target_met"] = figures["request_to_started_ms"]["p95"] < TARGET_P95_MS
        print(f"request → started game with {args.waiting} waiting: "
              f"{figures['request_to_started_ms']}", flush=True)
        store.close()
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()
    return figures


if __name__ == "__main__":
    run(main)
