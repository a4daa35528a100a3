"""A real Redis Cluster for the tests: three primaries and three replicas, each a
`redis-server` process on a loopback port, made once per test session
(`redis_cluster` fixture, imported by the test modules that need it) and torn down at
its end.

`python -m tests.redis_cluster` starts one and keeps it until interrupted: to run the
API's tests with their notifications on it, set `TTR_NOTIFY_REDIS_URL` (the URL it
prints) and `TTR_NOTIFY_REDIS_CLUSTER=true` for the test run (tests/api_support.py).

Ports: six in a row from a hundred picked at random among 7101, 7201, … 9901, or the
next free one when one of them or its cluster-bus port (port + 10000) is taken, e.g.
by another test session on the same machine.
"""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pytest

NODES = 6  # three primaries, each with one replica
FIRST_PORT = 7101


@dataclass
class RedisCluster:
    """A running cluster: its nodes' ports (primaries first, as created) and processes."""
    ports: list[int]
    directory: Path
    processes: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)

    @property
    def url(self) -> str:
        """A URL of one node: enough for a cluster client to find the others (the
        first live one: a test may have killed some)."""
        port = next(p for p in self.ports if self.processes[p].poll() is None)
        return f"redis://127.0.0.1:{port}"

    def start(self, port: int) -> None:
        """Start the node of `port` (again: it rejoins with its saved cluster config)."""
        node = self.directory / str(port)
        node.mkdir(exist_ok=True)
        self.processes[port] = subprocess.Popen(
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1",
             "--cluster-enabled", "yes", "--cluster-config-file", str(node / "nodes.conf"),
             "--cluster-node-timeout", "2000", "--dir", str(node), "--save", "",
             "--appendonly", "no", "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def kill(self, port: int) -> None:
        """Kill the node of `port` at once (a failed machine)."""
        process = self.processes[port]
        process.kill()
        process.wait(10)

    def healthy(self) -> bool:
        """Every node up, the cluster ok, and each primary with a replica in sync."""
        if not all(p.poll() is None for p in self.processes.values()) or not all(
                "cluster_state:ok" in _cli(port, "cluster", "info") for port in self.ports):
            return False
        nodes = _cli(self.ports[0], "cluster", "nodes")
        if nodes.count("slave") != NODES // 2 or "fail" in nodes:
            return False
        # a replica takes over only if it has been in touch with its primary: synced
        return all("master_link_status:up" in info or "role:master" in info
                   for info in (_cli(port, "info", "replication") for port in self.ports))

    def nodes(self) -> list[str]:
        """Each node's address, flags and, for a replica, its primary (failures' reports)."""
        port = next(p for p in self.ports if self.processes[p].poll() is None)
        return [" ".join(line.split()[1:4]) for line in
                _cli(port, "cluster", "nodes").splitlines()]

    def stop(self) -> None:
        for process in self.processes.values():
            process.terminate()
        for process in self.processes.values():
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)


def _pings(port: int) -> bool:
    return _cli(port, "ping").strip() == "PONG"


def _free(port: int) -> bool:
    with socket.socket() as probe:
        # (as redis-server binds: a port a stopped cluster left in TIME_WAIT is free)
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_ports(count: int = NODES, first: int = FIRST_PORT) -> list[int]:
    """`count` ports in a row (and their bus ports) that nothing listens on, from a
    hundred picked at random: clusters started at the same moment by the suite's
    processes (and bench/cluster.py's smoke run) would otherwise all find the first
    hundred free and race for it."""
    hundreds = list(range(first, 10000, 100))
    start = random.randrange(len(hundreds))
    for base in hundreds[start:] + hundreds[:start]:
        ports = list(range(base, base + count))
        if all(_free(p) and _free(p + 10000) for p in ports):
            return ports
    raise RuntimeError("no free ports for a Redis Cluster")


def _cli(port: int, *args: str, timeout: float = 30) -> str:
    return subprocess.run(["redis-cli", "-p", str(port), *args], capture_output=True,
                          text=True, timeout=timeout, check=True).stdout


def _wait(check: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if check():
                return
        except (subprocess.SubprocessError, OSError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"the Redis Cluster did not come up: {what}")
        time.sleep(0.1)


def wait_healthy(cluster: RedisCluster, timeout: float = 30.0) -> None:
    _wait(cluster.healthy, "every node ok, each primary with its replica", timeout)


def start_cluster(directory: Path) -> RedisCluster:
    """Start six nodes in `directory` and join them into a cluster, replicas included."""
    for tool in ("redis-server", "redis-cli"):
        if shutil.which(tool) is None:
            raise RuntimeError(f"{tool} is not installed (apt-get install redis-server)")
    cluster = RedisCluster(free_ports(), directory)
    try:
        for port in cluster.ports:
            cluster.start(port)
        for port in cluster.ports:
            _wait(partial(_pings, port), f"node {port}")
        _cli(cluster.ports[0], "--cluster", "create",
             *(f"127.0.0.1:{p}" for p in cluster.ports), "--cluster-replicas", "1",
             "--cluster-yes", timeout=60)
        # every node says the cluster is ok, and every replica is attached (so that a
        # test may count on failover)
        wait_healthy(cluster)
    except BaseException:
        cluster.stop()
        raise
    return cluster


@contextmanager
def running_cluster() -> Iterator[RedisCluster]:
    """A cluster in a temporary directory, stopped and removed on leaving."""
    with tempfile.TemporaryDirectory(prefix="ttr-redis-cluster-") as directory:
        cluster = start_cluster(Path(directory))
        try:
            yield cluster
        finally:
            cluster.stop()


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisCluster]:
    """A Redis Cluster of three primaries and three replicas, for the whole session."""
    with running_cluster() as cluster:
        yield cluster


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


if __name__ == "__main__":
    import signal

    signal.signal(signal.SIGTERM, _interrupted)  # (stopped as by Ctrl-C: nodes too)
    with running_cluster() as running:
        print(running.url, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
