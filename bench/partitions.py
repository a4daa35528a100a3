"""What the events table's hash partitions cost PostgreSQL per statement (issue 36).

    python bench/partitions.py [--url URL] [--games N] [--events N] [--statements N]
                               [--rounds N]

In a schema of its own (dropped at the end), the store's migrations make the events
table (`PARTITION BY HASH (game_id)`, `events.partitioning`); the bench fills it and
a plain table of the same columns and keys with the same rows, then sends, on one
connection per way with psycopg's prepared statements (as the store does), the two
statements every action's path sends for its game: a read of the events after a
version, and the append's version check (`MAX(version)` of the game), three ways: to
the partitioned parent, to the game's own partition (as `events.game_partitions` has
the store do) and to the plain table. The ways alternate, `--rounds` times. The
figures are the PostgreSQL backend's CPU per statement (from /proc: the database must
run on this machine) and the round trip's time, medians over the rounds
(`--custom-plans`: planned for each statement). The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg  # noqa: E402

from bench.outcome import CannotMeasure, run  # noqa: E402
from bench.stack import DEFAULT_URL, cpu_seconds  # noqa: E402
from events import open_store  # noqa: E402
from tests.pg_pool import with_search_path  # noqa: E402

FLAT = "events_flat"
READ = "SELECT version, type, data FROM {t} WHERE game_id = %s AND version > %s ORDER BY version"
CHECK = "SELECT COALESCE(MAX(version), 0) FROM {t} WHERE game_id = %s"


def fill(url: str, games: int, events: int) -> list[str]:
    """The same rows in the partitioned events table and in a plain copy; the game ids."""
    ids = ["g_" + uuid.uuid4().hex for _ in range(games)]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE TABLE {FLAT} (LIKE events INCLUDING DEFAULTS)")
        conn.execute(f"ALTER TABLE {FLAT} ADD PRIMARY KEY (game_id, version)")
        conn.execute(f"CREATE UNIQUE INDEX ON {FLAT} (position, game_id)")
        for table in ("events", FLAT):
            conn.execute(
                f"INSERT INTO {table} (game_id, version, position, type, schema_version, "
                "recorded_at, actor, data) SELECT g, v, row_number() OVER (), "
                "'route_claimed', 1, now(), 'u_bench', '{\"route\": 1}'::jsonb "
                "FROM unnest(%s::text[]) g, generate_series(1, %s) v", (ids, events))
        conn.execute("ANALYZE")
    return ids


def partitions_of(url: str) -> dict[str, str]:
    """Each game's partition (what `events.game_partitions` names for it)."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute("SELECT DISTINCT game_id, tableoid::regclass::text FROM events")
        return {str(game): str(table) for game, table in rows.fetchall()}


def measure(url: str, table_of: Callable[[str], str], ids: list[str], statements: int,
            after: int, plans: str) -> tuple[float, float]:
    """(backend CPU µs, round trip µs) per statement, reads and checks alternating."""
    with psycopg.connect(url, autocommit=True, prepare_threshold=0) as conn:
        conn.execute(f"SET plan_cache_mode = {plans}")
        backend = conn.execute("SELECT pg_backend_pid()").fetchone()
        assert backend is not None
        for game in ids[:200]:  # prepared, and past PostgreSQL's five custom plans
            conn.execute(READ.format(t=table_of(game)), (game, after)).fetchall()
            conn.execute(CHECK.format(t=table_of(game)), (game,)).fetchone()
        cpu, started = cpu_seconds([backend[0]]), time.perf_counter()
        for i in range(statements // 2):
            game = ids[i % len(ids)]
            conn.execute(READ.format(t=table_of(game)), (game, after)).fetchall()
            conn.execute(CHECK.format(t=table_of(game)), (game,)).fetchone()
        took = time.perf_counter() - started
        used = cpu_seconds([backend[0]]) - cpu
    return 1e6 * used / statements, 1e6 * took / statements


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("TTR_BENCH_DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--events", type=int, default=40, help="events per game")
    parser.add_argument("--statements", type=int, default=8000, help="per round and table")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--custom-plans", action="store_true",
                        help="plan_cache_mode = force_custom_plan (a plan per statement, "
                        "its partitions pruned when planned) rather than PostgreSQL's choice")
    args = parser.parse_args()
    schema = "bench_partitions_" + uuid.uuid4().hex[:8]
    try:
        with psycopg.connect(args.url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
    except psycopg.Error as error:
        raise CannotMeasure(f"PostgreSQL at {args.url}: {error}") from None
    url = with_search_path(args.url, schema)
    try:
        store = open_store(url)
        store.migrate()
        store.close()
        ids = fill(url, args.games, args.events)
        own = partitions_of(url)
        tables: dict[str, Callable[[str], str]] = {
            "partitioned": lambda game: "events", "own_partition": own.__getitem__,
            "plain": lambda game: FLAT}
        seen: dict[str, list[tuple[float, float]]] = {name: [] for name in tables}
        for n in range(args.rounds):
            for name in (list(tables) if n % 2 == 0 else list(reversed(tables))):
                seen[name].append(measure(
                    url, tables[name], ids, args.statements, args.events - 3,
                    "force_custom_plan" if args.custom_plans else "auto"))
    finally:
        with psycopg.connect(args.url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
    figures: dict[str, object] = {"games": args.games, "events_per_game": args.events,
                                  "custom_plans": args.custom_plans}
    for name in tables:
        cpu = [c for c, _ in seen[name]]
        trip = [t for _, t in seen[name]]
        print(f"{name:14} backend CPU per statement {statistics.median(cpu):7.1f} µs "
              f"({min(cpu):.1f}–{max(cpu):.1f}), round trip {statistics.median(trip):7.1f} µs")
        figures[f"{name}_cpu_us_per_statement"] = round(statistics.median(cpu), 1)
        figures[f"{name}_round_trip_us"] = round(statistics.median(trip), 1)
    partitioned = float(figures["partitioned_cpu_us_per_statement"])  # type: ignore[arg-type]
    plain = float(figures["plain_cpu_us_per_statement"])  # type: ignore[arg-type]
    # (none when too few statements for one of the clock's ticks: --statements)
    figures["partitioned_per_plain_cpu"] = round(partitioned / plain, 3) if plain else None
    own_cpu = float(figures["own_partition_cpu_us_per_statement"])  # type: ignore[arg-type]
    figures["own_partition_per_plain_cpu"] = round(own_cpu / plain, 3) if plain else None
    print(json.dumps(figures))


if __name__ == "__main__":
    run(main)
