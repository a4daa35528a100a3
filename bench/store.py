"""Benchmark of the PostgreSQL event store, beside pgbench in the same run.

    python bench/store.py [--url postgresql://…] [--seconds S] [--writers 1,8] [--runs R]

Appends per second: 1 and 3 events per transaction, with 1 and 8 concurrent writers
(`--writers`; separate processes, each appending to its own games through
`SqlStore.append`: the version check, the insert and the commit). The window of S
seconds opens once every writer has started and connected (`bench/ready.py`), the
same moment for all; a writer that is not ready within two minutes, dies, or begins
late makes the run fail with one line rather than report a rate it did not measure.
In the same run, pgbench inserts one comparable row per transaction (same columns,
primary key, position index and hash partitions by game, JSONB data) into a comparable
table with as many clients; each figure is reported with its ratio to pgbench's. Replay: a finished
four-player game of Europe played through the store, then rebuilt from its events
(the median of R runs): in memory (decode + `evolve`), from the database without
cache or snapshot (read + decode + `evolve`), and through `GameLog.load` (latest
snapshot + tail). Everything runs in a scratch schema that is dropped after. The last
line of output is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psycopg  # noqa: E402

from bench.outcome import CannotMeasure, run  # noqa: E402
from bench.ready import Crew  # noqa: E402
from domain.commands import Command  # noqa: E402
from domain.events import CardDrawnBlind, Event, TurnEnded  # noqa: E402
from domain.moves import legal_moves  # noqa: E402
from domain.table import Table, TableCommand, TakeSeat, create_game, decide_table  # noqa: E402
from events import GameLog, NewEvent, open_store  # noqa: E402
from events.partitioning import PARTITIONS  # noqa: E402
from events.repository import Decide, apply  # noqa: E402

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
# one row per transaction, into a new game each time (as our appends start new games)
INSERT = ("INSERT INTO bench_rows SELECT 'g' || n, 1, n, 'card_drawn_blind', 1, now(), 'seat:0', "
          "'{\"seat\": 0}', '{\"card\": \"red\"}', '{\"card\": [0]}' "
          "FROM nextval('bench_position') AS n;")
READY_WITHIN = 120.0  # seconds for every writer to start and connect (a loaded machine)


def _writer(crew: Crew, url: str, per_tx: int, seconds: float) -> tuple[int, list[float]]:
    store = open_store(url, max_size=1)
    events = [NewEvent(CardDrawnBlind(seat=0, card="red"), "seat:0"),
              NewEvent(TurnEnded(seat=0, next_seat=1, skipped=()), "seat:0"),
              NewEvent(CardDrawnBlind(seat=1, card="blue"), "seat:1")][:per_tx]
    game = "w" + secrets.token_hex(6)
    version = done = 0
    store.current_version(game)  # open the connection before the window
    start_at = crew.ready()
    late = time.time() - start_at
    if late > max(0.5, seconds / 4):
        raise CannotMeasure(f"a writer began {late:.1f} s into a {seconds:g} s window")
    latencies: list[float] = []
    end = start_at + seconds
    while time.time() < end:
        t0 = time.perf_counter()
        store.append(game, events, version)
        latencies.append(time.perf_counter() - t0)
        version += per_tx
        done += 1
        if version > 2000:  # new games now and then, as a server sees them
            game, version = "w" + secrets.token_hex(6), 0
    store.close()
    return done, latencies


def appends_per_second(url: str, writers: int, per_tx: int, seconds: float) -> dict[str, float]:
    """`writers` processes appending for `seconds`, from the moment all are connected."""
    with Crew(multiprocessing.get_context("spawn"), "writer", READY_WITHIN) as crew:
        crew.start(_writer, (url, per_tx, seconds), count=writers)
        crew.open()
        outcomes = crew.results(within=seconds + 60)
    if not all(done for done, _ in outcomes):
        raise CannotMeasure(f"a writer appended nothing in {seconds:g} s")
    transactions = sum(n for n, _ in outcomes)
    latencies = sorted(x for _, lat in outcomes for x in lat)
    return {
        "transactions_per_s": round(transactions / seconds, 1),
        "events_per_s": round(transactions * per_tx / seconds, 1),
        "p50_ms": round(1000 * latencies[len(latencies) // 2], 3),
        "p99_ms": round(1000 * latencies[int(len(latencies) * 0.99)], 3),
    }


def pgbench_tps(admin_url: str, schema: str, clients: int, seconds: float) -> float:
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f"SET search_path = {schema}")
        conn.execute("DROP TABLE IF EXISTS bench_rows")
        conn.execute("""CREATE TABLE bench_rows (
            game_id TEXT NOT NULL, version INTEGER NOT NULL, position BIGINT NOT NULL,
            type TEXT NOT NULL, schema_version INTEGER NOT NULL,
            recorded_at TIMESTAMPTZ NOT NULL, actor TEXT NOT NULL, data JSONB NOT NULL,
            private JSONB, audience JSONB, PRIMARY KEY (game_id, version))
            PARTITION BY HASH (game_id)""")
        for r in range(PARTITIONS):  # split as the store's log is (`events.partitioning`)
            conn.execute(f"CREATE TABLE bench_rows_p{r} PARTITION OF bench_rows "
                         f"FOR VALUES WITH (MODULUS {PARTITIONS}, REMAINDER {r})")
        conn.execute("CREATE UNIQUE INDEX ON bench_rows (position, game_id)")
        conn.execute("CREATE SEQUENCE IF NOT EXISTS bench_position")
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as script:
        script.write(INSERT + "\n")
    parts = psycopg.conninfo.conninfo_to_dict(admin_url)
    env = {**os.environ, "PGOPTIONS": f"-c search_path={schema}"}
    pgbench = subprocess.run(
        ["pgbench", "-n", "-h", str(parts.get("host", "127.0.0.1")),
         "-p", str(parts.get("port", 5432)), "-U", str(parts.get("user", "postgres")),
         "-c", str(clients), "-j", str(min(clients, 2)), "-T", str(max(1, round(seconds))),
         "-f", script.name, str(parts.get("dbname", "test"))],
        capture_output=True, text=True, env=env)
    os.unlink(script.name)
    if pgbench.returncode:
        raise CannotMeasure(f"pgbench failed: {pgbench.stderr.strip()}")
    match = re.search(r"tps = ([0-9.]+)", pgbench.stdout)
    if match is None or float(match.group(1)) == 0:
        raise CannotMeasure(f"pgbench reported no transactions: {pgbench.stdout.strip()}")
    return float(match.group(1))


def replay_figures(url: str, runs: int) -> dict[str, float]:
    store = open_store(url)
    log = GameLog(store)
    created = create_game(map_name="europe", seats=4, created_by="u0", seed=b"bench-replay")
    table = log.execute("replay", lambda _: created, "user:u0", new=True).after

    def deciding(user: str, command: TableCommand | Command) -> Decide:
        def decide(t: Table | None) -> list[Event]:
            assert t is not None
            return decide_table(t, user, command)
        return decide

    for i in range(4):
        table = log.execute("replay", deciding(f"u{i}", TakeSeat(f"P{i}")), f"user:u{i}").after
    choices = random.Random(7)
    while table.game is not None and table.game.phase != "ended":
        game = table.game
        seat = (next(s for s, p in enumerate(game.players) if p.pending_tickets)
                if game.phase == "setup" else game.current)
        command = choices.choice(legal_moves(game, seat))
        table = log.execute("replay", deciding(f"u{seat}", command), f"seat:{seat}").after
    recorded = store.read_stream("replay")
    events = len(recorded)

    def timed(fn: object) -> float:
        samples = []
        for _ in range(runs):
            t0 = time.perf_counter()
            fn()  # type: ignore[operator]
            samples.append(time.perf_counter() - t0)
        return statistics.median(samples)

    in_memory = timed(lambda: apply(None, recorded))
    from_db = timed(lambda: apply(None, store.read_stream("replay")))
    fresh = GameLog(store)

    def load_fresh() -> None:
        fresh.forget()
        fresh.load("replay")

    snapshot = timed(load_fresh)
    assert apply(None, recorded) == table
    store.close()
    return {
        "events": events,
        "in_memory_ms": round(1000 * in_memory, 3),
        "from_database_ms": round(1000 * from_db, 3),
        "from_snapshot_ms": round(1000 * snapshot, 3),
        "events_per_s_into_evolve": round(events / in_memory),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("TTR_BENCH_DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="each window (pgbench's: whole seconds, 1 at least)")
    parser.add_argument("--runs", type=int, default=30, help="replays timed (the median)")
    parser.add_argument("--writers", default="1,8",
                        help="concurrent writers (and pgbench clients), comma-separated")
    args = parser.parse_args()
    # here, not at the top: each writer process imports this module again, and the test
    # fixtures take seconds to import on a busy machine (the writers' start, not the window)
    from tests.pg_pool import with_search_path

    schema = "bench_" + secrets.token_hex(4)
    with psycopg.connect(args.url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    url = with_search_path(args.url, schema)
    figures: dict[str, object] = {}
    try:
        open_store(url).migrate()
        for writers in (int(w) for w in args.writers.split(",")):
            pg = pgbench_tps(args.url, schema, writers, args.seconds)
            figures[f"pgbench_{writers}_clients_tps"] = round(pg, 1)
            for per_tx in (1, 3):
                result = appends_per_second(url, writers, per_tx, args.seconds)
                result["ratio_to_pgbench"] = round(result["transactions_per_s"] / pg, 3)
                figures[f"append_{per_tx}_event_{writers}_writers"] = result
                print(f"{writers} writer(s), {per_tx} event(s)/tx: {result}", flush=True)
            print(f"pgbench {writers} client(s): {pg:.1f} tps", flush=True)
        figures["replay_europe_4p"] = replay_figures(url, args.runs)
        print(f"replay: {figures['replay_europe_4p']}")
    finally:
        with psycopg.connect(args.url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    run(main)
