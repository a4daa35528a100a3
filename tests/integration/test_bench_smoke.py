"""Every benchmark in bench/ still runs: each at its smallest shape, all at once.

A benchmark nobody runs breaks unseen (bench/store.py raised IndexError on a loaded
machine for months). Here each script runs with arguments small enough for seconds,
not minutes, and must exit 0 with its figures, by name, in the JSON object of its last
line. The figures themselves mean nothing at this size and are not checked. The
scripts run side by side (each has its own scratch schema, Redis database or server,
and ports), started together by one fixture; each test then reads its script's end.
They need PostgreSQL, Redis, wrk, pgbench and Chromium, as the benchmarks do.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser_support import CHROMIUM
from tests.conftest import missing

ROOT = Path(__file__).resolve().parents[2]
WITHIN = 240  # seconds for any one script (they share the machine with each other)


def smallest(pg: str, redis: str) -> dict[str, tuple[list[str], set[str]]]:
    """Per script: its smallest arguments, and the figures its last line must name."""
    return {
        "engine": (["--seconds", "0.01", "--positions", "10"], {"games", "longest_path"}),
        "analysis": (["--maps", "usa", "--games", "1", "--budget", "0.2"],
                     {"budget", "maps", "assumed_ms_per_decision"}),
        "bots": (["--smoke", "--setup-budget-ms", "300"],
                 {"budget_ms", "setup_budget_ms", "decision_times", "budget", "probe"}),
        "store": (["--url", pg, "--seconds", "1", "--writers", "2", "--runs", "1"],
                  {"pgbench_2_clients_tps", "append_1_event_2_writers",
                   "append_3_event_2_writers", "replay_europe_4p"}),
        "partitions": (["--url", pg, "--games", "20", "--events", "5", "--statements",
                        "40", "--rounds", "2"],
                       {"partitioned_cpu_us_per_statement", "plain_cpu_us_per_statement",
                        "own_partition_cpu_us_per_statement", "partitioned_per_plain_cpu",
                        "own_partition_per_plain_cpu"}),
        "ratings": (["--url", pg, "--games", "20", "--users", "20", "--reads", "5",
                     "--job-games", "5", "--templates", "1"], {"rebuild", "job", "reads"}),
        "scoring": (["--url", pg, "--redis", redis.rsplit("/", 1)[0], "--games", "2",
                     "--latency-games", "2", "--workers", "1"],
                    {"in_process_throughput_1_worker", "in_process_latency",
                     "fork_throughput_1_worker", "fork_latency"}),
        "notify": (["--rate", "200", "--seconds", "1", "--publishers", "2"],
                   {"ours", "redis_py_pubsub"}),
        "api": (["--url", pg, "--seconds", "2", "--games", "2", "--pgbench-seconds", "1"],
                {"actions_per_s", "action_p99_ms", "api_cpu_per_postgres_cpu",
                 "pgbench_8_clients_tps", "target_met", "loads"}),
        "load": (["--url", pg, "--games", "1", "--clients", "1", "--threads", "1"],
                 {"games", "actions_per_s", "action_p99_ms", "checks"}),
        "faults": (["--url", pg, "--games", "1", "--clients", "1", "--threads", "1",
                    "--only", "kill_api", "--pace", "0.1"], {"kill_api"}),
        "floor": (["--url", pg, "--seconds", "1"],
                  {"bare_wsgi_gthread", "flask_hello_gevent", "api_healthz", "api_user",
                   "pgbench", "floor_cpu_ms_per_action", "ceiling_actions_per_s"}),
        "held": (["--mode", "embedded", "--steps", "8", "--rate", "20", "--seconds", "1",
                  "--quiet-seconds", "1"], {"benchmark", "mode", "steps"}),
        "held_memory": (["--streams", "8", "--frames", "0", "--top", "3",
                         "--settle-seconds", "1"], {"benchmark", "streams", "per_stream"}),
        "tokens": (["--checks", "10"], {"keys", "check_us", "sha256_us"}),
        "matching": (["--url", pg, "--waiting", "20", "--probes", "3", "--players", "40",
                      "--rounds", "2"],
                     {"waiting", "probes", "request_to_started_ms", "target_met",
                      "pair_round_ms", "tournament_target_met"}),
        "notices": (["--url", pg, "--moves", "6", "--backlog", "5"],
                    {"delay_p95_s", "push_delay_p95_s", "target_met",
                     "notices_per_minute_one_worker", "pushes_per_minute_one_worker"}),
        "cluster": (["--nodes", "1", "--games", "2", "--rate", "5", "--seconds", "1"],
                    {"benchmark", "steps"}),
        "web": (["--loads", "1", "--samples", "1"],
                {"page_weight_kb", "interactive_ms_median", "opponent_to_table_ms_median",
                 "first_visit_kb", "repeat_visit_kb", "repeat_visit_network_requests",
                 "repeat_interactive_ms_p95", "floor_repeat_ms_median",
                 "repeat_over_floor_ms_median", "repeat_painted_ms_p95", "targets_met"}),
    }


# bench/ modules that are libraries of the scripts, not scripts
# (`against` and `profiles` serve `api.py --against REF [--profile DIR]`, and
# `web_against` `web.py --against REF`, which build another commit: too slow for a smoke
# run; `web_floor` is web.py's empty page, `web_page` how it drives a page)
LIBRARIES = {"__init__", "loop", "stack", "ready", "outcome", "against", "profiles",
             "web_against", "web_floor", "web_page"}


@dataclass
class Ended:
    status: int | None  # None: still running after WITHIN seconds (then killed)
    stdout: str
    stderr: str
    seconds: float


@pytest.fixture(scope="module")
def ended(pg_admin_url: str, redis_url: str, tmp_path_factory: pytest.TempPathFactory,
          request: pytest.FixtureRequest) -> Iterator[dict[str, Ended]]:
    """Every script selected (`-k`) run at its smallest shape, side by side: how each
    ended."""
    chosen = {item.callspec.params["name"] for item in request.session.items
              if item.module is request.module and hasattr(item, "callspec")}
    for tool in ["pgbench", "redis-server", *(["wrk"] if "floor" in chosen else [])]:
        if subprocess.run(["which", tool], capture_output=True).returncode:
            missing(f"{tool} is missing: apt-get install -y "
                    f"{ {'pgbench': 'postgresql-client'}.get(tool, tool) }")
    if "web" in chosen and not Path(CHROMIUM).exists():
        missing(f"{CHROMIUM} is missing (bench/web.py): apt-get install -y chromium",
                "browser")
    folder = tmp_path_factory.mktemp("bench")
    env = {**os.environ, "TMPDIR": str(folder)}
    started = time.monotonic()
    running = {}
    for name, (args, _) in smallest(pg_admin_url, redis_url).items():
        if name not in chosen:
            continue
        out, err = open(folder / f"{name}.out", "w+"), open(folder / f"{name}.err", "w+")  # noqa: SIM115
        running[name] = (subprocess.Popen([sys.executable, f"bench/{name}.py", *args],
                                          cwd=ROOT, env=env, stdout=out, stderr=err,
                                          stdin=subprocess.DEVNULL, start_new_session=True),
                         out, err)
    found: dict[str, Ended] = {}
    for name, (process, out, err) in running.items():
        try:
            status: int | None = process.wait(max(1.0, WITHIN - (time.monotonic() - started)))
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()
            status = None
        out.seek(0)
        err.seek(0)
        found[name] = Ended(status, out.read(), err.read(), time.monotonic() - started)
        out.close()
        err.close()
    yield found


def test_every_script_in_bench_has_a_smoke_run() -> None:
    scripts = {p.stem for p in (ROOT / "bench").glob("*.py")} - LIBRARIES
    assert scripts == set(smallest("pg", "redis"))


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=[pytest.mark.browser] if name == "web" else [])
    for name in sorted(smallest("pg", "redis"))])
def test_a_benchmark_at_its_smallest_shape_ends_with_its_figures(
        name: str, ended: dict[str, Ended], pg_admin_url: str, redis_url: str) -> None:
    run = ended[name]
    assert run.status is not None, f"bench/{name}.py still ran after {WITHIN} s"
    assert run.status == 0, f"bench/{name}.py exited {run.status}: {run.stderr[-2000:]}"
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    last = run.stdout.strip().splitlines()[-1]
    figures = json.loads(last)
    expected = smallest(pg_admin_url, redis_url)[name][1]
    assert expected <= set(figures), f"missing: {expected - set(figures)}"


def test_a_benchmark_that_cannot_reach_its_database_says_so_in_one_line() -> None:
    done = subprocess.run([sys.executable, "bench/store.py", "--url",
                           "postgresql://postgres@127.0.0.1:1/test", "--seconds", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("bench/store.py: failed: OperationalError: ")


def test_a_benchmark_asked_to_measure_nothing_refuses_in_one_line() -> None:
    done = subprocess.run([sys.executable, "bench/ratings.py", "--games", "0"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "bench/ratings.py: cannot measure: --games, --reads, --job-games and --templates "
        "must be 1 at least, --users 4 at least (a game seats up to four)"]
