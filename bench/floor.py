"""What a request costs before our code runs: the floor under `bench/api.py`'s figures.

    python bench/floor.py [--seconds S]

Needs wrk (Debian's package). Each server gets one gunicorn worker (`gthread` with two
threads, or `gevent`), and once it answers, wrk sends it keep-alive GETs from four
connections for S seconds (whole seconds, one at least). Measured, as CPU time of
the worker process per request:

- `bare_wsgi_*`: a WSGI callable answering `{}`: gunicorn's own share;
- `flask_hello_*`: a Flask view answering a small JSON object: gunicorn + Flask;
- `api_healthz`: our API's `/healthz` (request id, metrics, the problem handlers);
- `api_user`: our API's `GET /v1/users/me` (a bearer token checked, the per-token rate
  limit taken in Redis), on PostgreSQL;

the last two as `ttr serve` runs them in production (gevent).

And PostgreSQL's CPU time per transaction while pgbench inserts one event-sized row per
transaction (8 clients), which is the least a stored action can cost it.

wrk's own CPU per request is measured too: no client that reads JSON and picks a move
costs less. An action costs about 1.7 requests (the action and, at each turn's start,
the move list), so `floor_cpu_ms_per_action` = 1.7 × (Flask's request under gevent +
wrk's) + PostgreSQL's insert: what an action would cost if the API did no work of its
own, and `ceiling_actions_per_s` is how many such actions two cores could carry. The
last line is one JSON object.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outcome import CannotMeasure, run  # noqa: E402
from bench.stack import (  # noqa: E402
    DEFAULT_URL,
    Stack,
    cpu_seconds,
    postgres_cpu_seconds,
    serving,
)
from bench.store import pgbench_tps  # noqa: E402
from tests.ports import free_port  # noqa: E402

REQUESTS_PER_ACTION = 1.7


def bare_wsgi(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    start_response("200 OK", [("Content-Type", "application/json"),
                              ("Content-Length", "2")])
    return [b"{}"]


def flask_hello() -> Any:
    from flask import Flask

    app = Flask("floor")
    app.add_url_rule("/", "hello", lambda: {"status": "ok"})
    return app


def wrk_cpu_per_request(port: int, path: str, pids: list[int], seconds: float,
                        headers: dict[str, str] | None = None) -> dict[str, float]:
    """Requests per second, and the CPU milliseconds per request of `pids` (the server)
    and of wrk (the least any client can cost)."""
    seconds = whole(seconds)
    command = ["wrk", "-t", "2", "-c", "4", "-d", str(seconds)]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    before = cpu_seconds(pids)
    client_before = _children_cpu_seconds()
    out = subprocess.run([*command, f"http://127.0.0.1:{port}{path}"],
                         capture_output=True, text=True, check=True).stdout
    used = cpu_seconds(pids) - before
    client = _children_cpu_seconds() - client_before
    match = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if match is None or "Non-2xx" in out or float(match.group(1)) == 0:
        raise CannotMeasure(f"wrk on {path}: {' '.join(out.split())}")
    rate = float(match.group(1))
    return {"requests_per_s": round(rate, 1),
            "cpu_ms_per_request": round(1000 * used / (rate * seconds), 3),
            "wrk_cpu_ms_per_request": round(1000 * client / (rate * seconds), 3)}


def whole(seconds: float) -> int:
    """wrk's and pgbench's durations are whole seconds, one at least."""
    return max(1, round(seconds))


def _children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def plain_gunicorn(app: str, seconds: float, worker_class: str) -> dict[str, float]:
    port = free_port()
    log = Path(tempfile.mkdtemp(prefix="ttr-floor-")) / "gunicorn.log"
    with open(log, "wb") as errors:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-b", f"127.0.0.1:{port}", "-w", "1",
             "--threads", "2", "-k", worker_class, "--log-level", "warning", app],
            cwd=Path(__file__).resolve().parent.parent, stderr=errors)
    try:
        workers = answering(port, server, log)
        return wrk_cpu_per_request(port, "/", workers, seconds)
    finally:
        server.terminate()
        server.wait(20)


def answering(port: int, server: subprocess.Popen[bytes], log: Path) -> list[int]:
    """Once gunicorn's worker answers on `port`: the worker's pid."""
    serving(port, server, log, path="/", name="gunicorn")
    workers = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True,
                             text=True).stdout.split()
    return [int(w) for w in workers]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=DEFAULT_URL)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise CannotMeasure("wrk is needed: apt-get install wrk")

    figures: dict[str, Any] = {"seconds": args.seconds}
    for worker_class in ("gthread", "gevent"):
        figures[f"bare_wsgi_{worker_class}"] = plain_gunicorn(
            "bench.floor:bare_wsgi", args.seconds, worker_class)
        figures[f"flask_hello_{worker_class}"] = plain_gunicorn(
            "bench.floor:flask_hello()", args.seconds, worker_class)
    stack = Stack(args.url, web_workers=1, web_threads=2)
    try:
        stack.start()
        connection = http.client.HTTPConnection("127.0.0.1", stack.port)
        connection.request("POST", "/v1/users", body=json.dumps({"name": "floor"}),
                           headers={"Content-Type": "application/json"})
        token = json.loads(connection.getresponse().read())["token"]
        workers = stack.api_workers()
        figures["api_healthz"] = wrk_cpu_per_request(stack.port, "/healthz", workers,
                                                     args.seconds)
        figures["api_user"] = wrk_cpu_per_request(
            stack.port, "/v1/users/me", workers, args.seconds,
            {"Authorization": f"Bearer {token}"})
        before = postgres_cpu_seconds()
        tps = pgbench_tps(args.url, stack.schema, 8, args.seconds)
        used = postgres_cpu_seconds() - before
        figures["pgbench"] = {"transactions_per_s": round(tps, 1),
                              "postgres_cpu_ms_per_transaction":
                                  round(1000 * used / (tps * whole(args.seconds)), 3)}
    finally:
        stack.stop()
    hello = figures["flask_hello_gevent"]
    per_action = (REQUESTS_PER_ACTION * (hello["cpu_ms_per_request"]
                                         + hello["wrk_cpu_ms_per_request"])
                  + figures["pgbench"]["postgres_cpu_ms_per_transaction"])
    figures["floor_cpu_ms_per_action"] = round(per_action, 3)
    figures["ceiling_actions_per_s"] = round(2 * 1000 / per_action, 1)
    for name in ("bare_wsgi_gthread", "flask_hello_gthread", "bare_wsgi_gevent",
                 "flask_hello_gevent", "api_healthz", "api_user"):
        print(f"{name}: {figures[name]['requests_per_s']} requests/s, "
              f"{figures[name]['cpu_ms_per_request']} ms CPU per request "
              f"(wrk {figures[name]['wrk_cpu_ms_per_request']} ms)", flush=True)
    print(f"pgbench: {figures['pgbench']['transactions_per_s']} tps, PostgreSQL "
          f"{figures['pgbench']['postgres_cpu_ms_per_transaction']} ms CPU per transaction")
    print(f"floor {figures['floor_cpu_ms_per_action']} ms CPU per action: at most "
          f"{figures['ceiling_actions_per_s']} actions/s on two cores")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    run(main)
