"""Several API nodes on loopback, as several hosts would run them: N `ttr serve` process
groups on one PostgreSQL database (its replica for the reads that may lag), their change
notifications on a Redis Cluster, their jobs on a plain Redis with an RQ worker, and
HAProxy in front (`tests.haproxy`). For the multi-node integration test and
`bench/cluster.py`.
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import psycopg

from tests.api_support import UNLIMITED, wait_until_serving
from tests.haproxy import Balancer
from tests.pg_pool import with_search_path
from tests.ports import free_port

HEARD = re.compile(rb"^ttr_notifications_heard_total(?:\{[^}]*\})? ([0-9.e+]+)$", re.M)


def children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


class ApiNodes:
    """`count` nodes, one RQ worker and a balancer on a scratch schema of `primary_url`
    (`replica_url` the same database on the replica). `start()`, `stop()`;
    `kill(i)` ends node i at once (SIGKILL to every process of it), `restart(i)`."""

    def __init__(self, count: int, *, primary_url: str, replica_url: str | None,
                 jobs_redis_url: str, notify_url: str, notify_cluster: bool = True,
                 web_workers: int = 1, extra_env: dict[str, str] | None = None) -> None:
        self.schema = "nodes_" + secrets.token_hex(4)
        self.primary_url = primary_url
        self.scratch = Path(tempfile.mkdtemp(prefix="ttr-nodes-"))
        self.env = {**os.environ, **UNLIMITED,
                    "TTR_DATABASE_URL": with_search_path(primary_url, self.schema),
                    "TTR_REDIS_URL": jobs_redis_url, "TTR_NOTIFY_REDIS_URL": notify_url,
                    "TTR_NOTIFY_REDIS_CLUSTER": "1" if notify_cluster else "",
                    "TTR_WEB_WORKERS": str(web_workers), "TTR_WEB_THREADS": "4",
                    "TTR_LOG_LEVEL": "warning", "TTR_HELD_PER_CLIENT": "1000000",
                    **(extra_env or {})}
        if replica_url:
            self.env["TTR_REPLICA_DATABASE_URL"] = with_search_path(replica_url, self.schema)
        self.ports = [free_port() for _ in range(count)]
        self.api: list[subprocess.Popen[bytes]] = []
        self.worker: subprocess.Popen[bytes] | None = None
        self.balancer = Balancer(self.ports)

    @property
    def database_url(self) -> str:
        return self.env["TTR_DATABASE_URL"]

    def start(self) -> None:
        with psycopg.connect(self.primary_url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {self.schema}")
        migrate = subprocess.run([sys.executable, "-m", "bootstrap.cli", "migrate"],
                                 env=self.env, capture_output=True, text=True)
        if migrate.returncode != 0:
            raise RuntimeError(f"migrate failed: {migrate.stderr.strip()[-500:]}")
        self.api = [self._serve(i) for i in range(len(self.ports))]
        with (self.scratch / "worker.log").open("w") as log:
            self.worker = subprocess.Popen(
                [sys.executable, "-m", "bootstrap.cli", "worker"], env=self.env,
                stdout=subprocess.DEVNULL, stderr=log)
        for i in range(len(self.ports)):
            self.wait_serving(i)
        self.balancer.start()

    def _serve(self, node: int) -> subprocess.Popen[bytes]:
        metrics = self.scratch / f"metrics-{node}"
        metrics.mkdir(exist_ok=True)
        for stale in metrics.iterdir():  # a restarted node counts from zero
            stale.unlink()
        with (self.scratch / f"api-{node}.log").open("a") as log:
            return subprocess.Popen(
                [sys.executable, "-m", "bootstrap.cli", "serve", "--bind",
                 f"127.0.0.1:{self.ports[node]}"],
                env={**self.env, "PROMETHEUS_MULTIPROC_DIR": str(metrics)}, stderr=log)

    def wait_serving(self, node: int, timeout: float = 180.0) -> None:
        wait_until_serving(self.ports[node], self.api[node],
                           self.scratch / f"api-{node}.log", timeout)

    def pids(self, node: int) -> list[int]:
        return [self.api[node].pid, *children(self.api[node].pid)]

    def kill(self, node: int) -> None:
        for pid in self.pids(node):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                continue
        self.api[node].wait(10)

    def restart(self, node: int) -> None:
        self.api[node] = self._serve(node)
        self.wait_serving(node)

    def heard(self, node: int) -> float:
        """Change notifications node `node` heard so far (every process of it)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.ports[node], timeout=10)
        try:
            connection.request("GET", "/metrics")
            body = connection.getresponse().read()
        finally:
            connection.close()
        return sum(float(x) for x in HEARD.findall(body))

    def stop(self) -> None:
        self.balancer.stop()
        processes: list[Any] = [*self.api, self.worker]
        for process in processes:
            if process is not None and process.poll() is None:
                process.terminate()
        for process in processes:
            if process is not None:
                try:
                    process.wait(30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(10)
        with psycopg.connect(self.primary_url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")
