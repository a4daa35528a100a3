"""Every line a process of the service logs is one JSON object, a traceback included
(as its `exception` field): the real `ttr serve` (gunicorn, a gevent worker, whose hub
reports what fails on its thread pool) and the real `ttr worker` (RQ, a job that fails
and is retried). Real PostgreSQL and Redis; each process's whole stdout and stderr read."""

from __future__ import annotations

import http.client
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from events import SqlStore
from referee.effects import follow_up
from tests.api_support import UNLIMITED, stop_server, wait_until_serving
from tests.ports import free_port
from tests.worker_processes import Workers, wait_for
from tests.worker_processes import workers as workers  # noqa: F401 (a fixture)
from tests.worker_support import count_scored, finished_game
from worker.context import WorkerContext

ROOT = Path(__file__).resolve().parents[2]


def json_lines(text: str) -> list[dict[str, Any]]:
    """Every line of `text` as the JSON object it must be (fails on the first that is not)."""
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            raise AssertionError(f"line {number} is not JSON: {line!r}\n{text[-3000:]}") from None
        assert isinstance(entry, dict), line
        lines.append(entry)
    return lines


def post(port: int, path: str, body: str, content_type: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": content_type})
        return connection.getresponse().status
    finally:
        connection.close()


def test_what_fails_on_the_gevent_thread_pool_is_one_json_line_with_its_traceback(
        tmp_path: Path, pg_schema_url: str) -> None:
    port = free_port()
    log_path = tmp_path / "server.log"
    env = {"PATH": "/usr/bin:/bin", **UNLIMITED, "TTR_DATABASE_URL": pg_schema_url,
           "TTR_ACCESS_LOG": "-", "HOME": str(tmp_path)}
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{port}",
             "--workers", "1"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_until_serving(port, server, log_path)
        # an export as JSON that is no array: refused by the verifier, which runs on the
        # gevent worker's thread pool (`service.compute.aside`), whose hub reports it
        assert post(port, "/v1/verify", '{"game_id": "g_1"}', "application/json") == 400
    finally:
        stop_server(server)
    lines = json_lines(log_path.read_text())
    [failed] = [line for line in lines if line["logger"] == "service.gevent"]
    assert failed["level"] == "ERROR"
    assert failed["exception"].startswith("Traceback")
    assert "a JSON export is an array" in failed["exception"]
    assert any(line["logger"].startswith("gunicorn") for line in lines)  # its own lines too


@pytest.fixture
def worker_processes(workers: Workers) -> Workers:
    return workers


def test_a_retried_jobs_traceback_is_a_field_of_one_json_line(
        rq_context: WorkerContext, worker_processes: Workers, pg_store: SqlStore,
        tmp_path: Path) -> None:
    workers = worker_processes
    failures = tmp_path / "failures"
    failures.write_text("1")  # the scoring job fails once, then its retry scores the game
    gid = f"g_log{random.randrange(10**9)}"
    follow_up(rq_context, finished_game(rq_context.log, gid, random.Random(3)))
    workers.start("--sweep-every", "0", TTR_TEST_FAILURES_FILE=str(failures),
                  TTR_WORKER_CONTEXT="tests.integration.test_worker_rq:flaky_context")
    wait_for(lambda: count_scored(pg_store, gid) == 1, 40, "the retried job", workers)
    workers.stop_all()
    lines = json_lines((tmp_path / "worker-0.log").read_text())
    [failed] = [line for line in lines if "exception" in line and line.get("job_id")]
    assert failed["logger"] == "rq.worker" and failed["level"] == "ERROR"
    assert "StoreUnavailable" in failed["exception"]
    assert "Traceback" not in failed["message"]
