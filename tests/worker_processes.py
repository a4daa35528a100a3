"""Helpers for tests that run real `ttr worker` processes (`python -m bootstrap.worker`) and
break things around them: the `Workers` a test starts and kills, a `redis-server` of
its own to stop (`PrivateRedis`), waiting for a condition, reading a job's status, and
contexts the worker processes load to slow or fail their jobs
(``TTR_WORKER_CONTEXT=tests.worker_processes:slow_context``).

(A module of helpers, shared by tests/integration/test_worker_rq.py and
test_resilience.py; it holds no tests.)
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bootstrap import bootstrap
from events import GameLog
from events.outcome import Outcome
from referee.settings import ENV, Settings
from tests.conftest import missing
from tests.ports import free_port
from worker.context import WorkerContext
from worker.rq_jobs import RqJobs

ROOT = Path(__file__).resolve().parents[1]

# read by the contexts below, inside the worker processes
SLOW_ENV = "TTR_TEST_SCORING_DELAY"


class _SlowLog(GameLog):
    def execute(self, *args: Any, **kwargs: Any) -> Outcome:
        time.sleep(float(os.environ.get(SLOW_ENV, "0")))
        return super().execute(*args, **kwargs)


def env_context(settings: Settings, log_class: type[GameLog]) -> WorkerContext:
    """A worker's context whose game log is a `log_class`."""
    ctx = bootstrap(settings)
    ctx.log = log_class(ctx.store)
    return ctx


def slow_context(settings: Settings) -> WorkerContext:
    """A worker's context whose every change waits `TTR_TEST_SCORING_DELAY` seconds first."""
    return env_context(settings, _SlowLog)


class Workers:
    """`python -m bootstrap.worker` processes started by a test (each in its own process group)."""

    def __init__(self, tmp_path: Path, database_url: str, redis_url: str, queue: str) -> None:
        self.tmp_path = tmp_path
        self.env = {**os.environ, ENV["database_url"]: database_url,
                    ENV["redis_url"]: redis_url, ENV["queue"]: queue, "PYTHONPATH": str(ROOT),
                    ENV["analysis_budget"]: "0"}  # (no computer analysis unless asked)
        self.env.pop(ENV["job_stale_after"], None)
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self, *args: str, program: tuple[str, ...] = ("-m", "bootstrap.worker"),
              **env: str) -> subprocess.Popen[bytes]:
        log = open(self.tmp_path / f"worker-{len(self.procs)}.log", "wb")  # noqa: SIM115
        proc = subprocess.Popen([sys.executable, *program, *args],
                                env={**self.env, **env}, cwd=ROOT, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        self.procs.append(proc)
        return proc

    def run_burst(self, *args: str, timeout: float = 60, **env: str) -> None:
        proc = self.start("--burst", *args, **env)
        assert proc.wait(timeout) == 0, self.output()

    def kill(self, proc: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
        """Signal the worker's whole group: its work-horse and scheduler die with it."""
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
        proc.wait(30)

    def stop_all(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                self.kill(proc, signal.SIGTERM)
        for proc in self.procs:  # what a warm shutdown left behind (a horse, a scheduler)
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def output(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-4000:]}"
                         for p in sorted(self.tmp_path.glob("worker-*.log")))


def wait_for(check: Callable[[], bool], timeout: float, what: str,
             workers: Workers | None = None) -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}\n"
                                 + (workers.output() if workers else ""))
        time.sleep(0.05)


def job_status_of(jobs: RqJobs, job_id: str) -> str | None:
    from rq.exceptions import NoSuchJobError
    from rq.job import Job

    try:
        return str(Job.fetch(job_id, connection=jobs.queue.connection).get_status().value)
    except NoSuchJobError:
        return None


class PrivateRedis:
    """A throw-away `redis-server` on a free port, without persistence (the machine's
    shared one is never stopped)."""

    def __init__(self, tmp_path: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            missing("redis-server is not installed (apt-get install -y redis-server)",
                    "redis")
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.dir = tmp_path
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.dir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        def up() -> bool:
            client = redis.Redis.from_url(self.url, socket_connect_timeout=0.2)
            try:
                return bool(client.ping())
            except redis.RedisError:
                return False
            finally:
                client.close()

        wait_for(up, 10, "the private redis-server")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.proc = None


@pytest.fixture
def workers(tmp_path: Path, pg_schema_url: str, redis_url: str, queue: str
            ) -> Iterator[Workers]:
    """`ttr worker` processes on the test's schema and queue, stopped after the test."""
    started = Workers(tmp_path, pg_schema_url, redis_url, queue)
    yield started
    started.stop_all()
