"""A real load balancer for the multi-node tests and `bench/cluster.py`: Debian's HAProxy
in front of several API nodes on loopback.

A game's requests go to one node while it is up (`balance uri depth 3` hashes
``/v1/games/{id}``, consistently, so a node's death moves only its own games), which
keeps that game's cache warm on one node; everything else spreads by its path. A node
is taken out of rotation by its failing `/healthz` within about a second, and its
clients' next requests (a stream resumed with `Last-Event-ID` included) reach another.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tests.ports import free_port

HEALTH_EVERY_MS = 300  # a dead node is out after two failed checks


def config(port: int, nodes: list[int]) -> str:
    """The configuration: a frontend on `port`, a backend of `nodes` (loopback ports)."""
    servers = "\n".join(
        f"    server node{i} 127.0.0.1:{node} check inter {HEALTH_EVERY_MS} fall 2 rise 1"
        for i, node in enumerate(nodes))
    return f"""global
    maxconn 8000

defaults
    mode http
    timeout connect 2s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
    timeout http-request 30s
    option redispatch
    retries 2

frontend api
    bind 127.0.0.1:{port}
    default_backend nodes

backend nodes
    balance uri depth 3
    hash-type consistent
    option httpchk GET /healthz
{servers}
"""


class Balancer:
    """HAProxy on a free loopback port in front of `nodes`; `start()` waits until it
    answers, `stop()` ends it."""

    def __init__(self, nodes: list[int]) -> None:
        self.nodes = nodes
        self.port = free_port()
        self.scratch = Path(tempfile.mkdtemp(prefix="ttr-haproxy-"))
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 20.0) -> None:
        binary = shutil.which("haproxy") or "/usr/sbin/haproxy"
        path = self.scratch / "haproxy.cfg"
        path.write_text(config(self.port, self.nodes))
        with (self.scratch / "haproxy.log").open("w") as log:
            self.process = subprocess.Popen([binary, "-db", "-f", str(path)],
                                            stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "haproxy did not start: "
                        + (self.scratch / "haproxy.log").read_text()[-2000:]) from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None
        shutil.rmtree(self.scratch, ignore_errors=True)
