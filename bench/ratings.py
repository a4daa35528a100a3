"""Benchmark of the ratings projection at scale: rebuilding every rating from the log,
the ratings job, and reading a leaderboard page and a profile.

    python bench/ratings.py [--url postgresql://…] [--games 100000] [--users 5000]
                            [--reads 2000] [--job-games 1000] [--templates 6]

The games: a few dozen real games are played to their end by random legal moves
(`domain.autoplay`, on the USA, Europe and Nordic maps, 2–4 players) and scored by
the rules; each of the `--games` stored games takes one of them and seats players
drawn from `--users` accounts (2% bots). What the projection reads of a game — its
`game_created`, its seats and its `game_scored` — is stored as real event rows
(COPY, with positions below every reader's horizon), the games' own events left out:
the ratings never read them. Then:

- **rebuild**: `SqlStore.rebuild_ratings` from nothing (games per second);
- **job**: 1,000 more games (`--job-games`) are stored and projected as the ratings
  job does, one transaction per game (games per second);
- **reads**: through the Flask app (`GET /v1/leaderboards/{map}` at random pages of
  50, half of them with `me=true`; `GET /v1/users/{id}` of random players), p50 and
  p99 in milliseconds.

Everything runs in a scratch PostgreSQL schema, dropped after. The last line of
output is one JSON object with the figures; a run that cannot measure ends with one
line on stderr.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import logging
import os
import random
import secrets
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from bench.outcome import CannotMeasure, run  # noqa: E402
from domain.autoplay import game_seed, play_random_game  # noqa: E402
from domain.events import Event  # noqa: E402
from domain.table import SeatTaken, create_game, replay_table, score_table  # noqa: E402
from events import SqlStore, open_store  # noqa: E402
from events.catalogue import encode, schema_version  # noqa: E402
from referee.settings import Settings  # noqa: E402
from tests.pg_pool import with_search_path  # noqa: E402

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
TEMPLATES = [("usa", 2), ("usa", 3), ("usa", 4), ("europe", 2), ("europe", 3),
             ("europe", 4), ("nordic", 2), ("nordic", 3)]
EPOCH = datetime(2030, 1, 1, tzinfo=UTC)


def templates(per_kind: int) -> list[tuple[str, int, list[Event]]]:
    """Real scored games: (map, players, the stream with placeholder users u0…)."""
    found = []
    for k, (map_name, players) in enumerate(TEMPLATES):
        for i in range(per_kind):
            seed = game_seed(7, k * 100 + i)
            events: list[Event] = [*create_game(map_name=map_name, seats=players,
                                                created_by="u0", seed=seed)]
            events += [SeatTaken(seat=s, user_id=f"u{s}", name=f"u{s}") for s in range(players)]
            _, played = play_random_game(map_name, players, seed, random.Random(i))
            table = replay_table(events + played)
            scored = score_table(table)
            found.append((map_name, players, [*events, *scored]))
    return found


def _copy_text(value: Any) -> str:
    if value is None:
        return "\\N"
    text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def store_games(conn: psycopg.Connection[Any], first: int, count: int, users: list[str],
                kinds: list[tuple[str, int, list[Event]]], rng: random.Random,
                position: int) -> int:
    """COPY `count` games' table events; returns the next free position."""
    buffer = io.StringIO()
    for n in range(first, first + count):
        map_name, players, events = rng.choice(kinds)
        seated = rng.sample(users, players)
        game_id = f"b{n:07d}"
        at = EPOCH + timedelta(seconds=n)
        for version, event in enumerate(events, start=1):
            data, private, audience = encode(event)
            if event.TYPE == "game_created":
                data["created_by"] = seated[0]
            elif event.TYPE == "seat_taken":
                data["user_id"] = data["name"] = seated[data["seat"]]
            position += 1
            row = [game_id, str(version), str(position), event.TYPE,
                   str(schema_version(event.TYPE)), at.isoformat(), "system:bench",
                   _copy_text(data), _copy_text(private or None),
                   _copy_text(audience or None)]
            buffer.write("\t".join(row) + "\n")
    with conn.cursor() as cur, cur.copy(
            "COPY events (game_id, version, position, type, schema_version, recorded_at, "
            "actor, data, private, audience) FROM STDIN") as copy:
        copy.write(buffer.getvalue())
    conn.commit()
    return position


def bench_token(user_id: str) -> str:
    """`user_id`'s token: of the format made before the MAC, which a server without
    token keys accepts (a made-up shape is refused before any look-up)."""
    digest = hashlib.sha256(f"token-{user_id}".encode()).digest()
    return "ttr_" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def store_users(conn: psycopg.Connection[Any], users: list[str], bots: set[str]) -> None:
    """The accounts (bots with their level) and each one's token (`bench_token`)."""
    people, tokens = io.StringIO(), io.StringIO()
    for u in users:
        level = "hard" if u in bots else "\\N"
        people.write(f"{u}\t{u}\tf\t{EPOCH.isoformat()}\t{level}\n")
        token = hashlib.sha256(bench_token(u).encode()).hexdigest()
        tokens.write(f"t_{u}\t{u}\taccount\tplay read webhooks admin\t{token}\t"
                     f"{EPOCH.isoformat()}\n")
    with conn.cursor() as cur:
        with cur.copy("COPY users (user_id, name, admin, created_at, bot) FROM STDIN") as copy:
            copy.write(people.getvalue())
        with cur.copy("COPY tokens (token_id, user_id, name, scopes, token_sha256, created_at) "
                      "FROM STDIN") as copy:
            copy.write(tokens.getvalue())
    conn.commit()


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50_ms": round(statistics.median(ordered) * 1000, 2),
            "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1] * 1000, 2)}


def reads(url: str, store: SqlStore, users: list[str], count: int,
          rng: random.Random) -> dict[str, Any]:
    from bootstrap.web import create_app
    from service.config import HttpSettings

    app = create_app(Settings(database_url=url), store=store, http=HttpSettings(
        rate_per_address=1e9, burst_per_address=10**9, rate_per_token=1e9,
        burst_per_token=10**9))
    client = app.test_client()
    boards = {m: store.leaderboard(m, False, 0, 1)[0] for m in ("usa", "europe", "nordic")}
    board_times, profile_times = [], []
    for i in range(count):
        map_name = rng.choice(list(boards))
        page = rng.randrange(max(1, boards[map_name] // 50)) * 50
        path = f"/v1/leaderboards/{map_name}?offset={page}&limit=50"
        headers = {}
        if i % 2:
            path += "&me=true"
            headers["Authorization"] = f"Bearer {bench_token(rng.choice(users))}"
        started = time.perf_counter()
        response = client.get(path, headers=headers)
        board_times.append(time.perf_counter() - started)
        if response.status_code != 200:
            raise CannotMeasure(f"{path}: {response.status_code} {response.get_json()}")
        started = time.perf_counter()
        response = client.get(f"/v1/users/{rng.choice(users)}")
        profile_times.append(time.perf_counter() - started)
        if response.status_code != 200:
            raise CannotMeasure(f"a profile: {response.status_code} {response.get_json()}")
    app.extensions["ttr"].close()
    return {"leaderboard": percentiles(board_times), "profile": percentiles(profile_times),
            "board_sizes": boards}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default=os.environ.get("TTR_BENCH_PG", DEFAULT_URL))
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--users", type=int, default=5000)
    parser.add_argument("--reads", type=int, default=2000)
    parser.add_argument("--templates", type=int, default=6, help="real games per kind")
    parser.add_argument("--job-games", type=int, default=1000,
                        help="games projected one by one, as the ratings job does")
    args = parser.parse_args()
    if min(args.games, args.reads, args.job_games, args.templates) < 1 or args.users < 4:
        raise CannotMeasure("--games, --reads, --job-games and --templates must be 1 at "
                            "least, --users 4 at least (a game seats up to four)")
    rng = random.Random(1)
    schema = f"bench_ratings_{secrets.token_hex(4)}"
    admin = psycopg.connect(args.url, autocommit=True)
    admin.execute(f"CREATE SCHEMA {schema}")
    url = with_search_path(args.url, schema)
    logging.disable(logging.INFO)  # (the access log of every read)
    figures: dict[str, Any] = {"games": args.games, "users": args.users,
                               "loadavg_before": [round(x, 1) for x in os.getloadavg()]}
    try:
        store = open_store(url)
        assert isinstance(store, SqlStore)
        store.migrate()
        started = time.perf_counter()
        kinds = templates(args.templates)
        print(f"{len(kinds)} real games played in {time.perf_counter() - started:.1f} s",
              flush=True)
        users = [f"p{i:05d}" for i in range(args.users)]
        bots = set(rng.sample(users, max(1, args.users // 50)))
        conn = psycopg.connect(url)
        store_users(conn, users, bots)
        started = time.perf_counter()
        position = 0
        for first in range(0, args.games, 10_000):
            position = store_games(conn, first, min(10_000, args.games - first), users, kinds,
                                   rng, position)
        conn.execute("ANALYZE")
        conn.commit()
        print(f"{args.games} games stored in {time.perf_counter() - started:.1f} s", flush=True)

        started = time.perf_counter()
        rebuilt = store.rebuild_ratings()
        seconds = time.perf_counter() - started
        if rebuilt != args.games:
            raise CannotMeasure(f"the rebuild rated {rebuilt} of {args.games} games")
        figures["rebuild"] = {"seconds": round(seconds, 1),
                              "games_per_second": round(rebuilt / seconds)}
        print(f"rebuild: {rebuilt} games in {seconds:.1f} s", flush=True)
        conn.execute("ANALYZE")
        conn.commit()

        more = args.job_games
        store_games(conn, args.games, more, users, kinds, rng, position)
        started = time.perf_counter()
        projected = len(store.project_scored_games(limit=more))
        seconds = time.perf_counter() - started
        if projected != more:
            raise CannotMeasure(f"the job projected {projected} of {more} games")
        figures["job"] = {"games": more, "seconds": round(seconds, 2),
                          "games_per_second": round(more / seconds)}
        print(f"job: {more} games in {seconds:.1f} s", flush=True)

        figures["reads"] = reads(url, store, users, args.reads, rng)
        conn.close()
        store.close()
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()
    figures["loadavg_after"] = [round(x, 1) for x in os.getloadavg()]
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    run(main)
