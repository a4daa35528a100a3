"""One client holding connections cannot stall the server (resilience suite): against a
real `ttr serve` in each serving mode, one client tries to hold 200 connections of each
kind — SSE streams, long polls with `wait=60`, requests whose headers never end, bodies
that never finish — while another client's ordinary requests are still answered. The
held ones are limited per client (429) and per process (503), the slow ones cut off."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.api_support import (
    UNLIMITED,
    Client,
    Table,
    free_port,
    make_app,
    open_table,
    wait_until_serving,
)

ATTEMPTS = 200
PER_CLIENT = 16
SLOW_SECONDS = 2


@dataclass
class Served:
    port: int
    table: Table
    log: Path


def serve(env: dict[str, str], tmp_path: Path, database_url: str,
          redis_url: str | None) -> Iterator[Served]:
    setup = make_app(database_url, redis_url=redis_url)
    table = open_table(Client(setup), "usa", 2)
    setup.extensions["ttr"].close()
    port = free_port()
    log_path = tmp_path / "server.log"
    full_env = {**os.environ, **UNLIMITED, "TTR_DATABASE_URL": database_url,
                "TTR_SSE_KEEPALIVE": "30", "TTR_HEADER_TIMEOUT": str(SLOW_SECONDS),
                "TTR_BODY_TIMEOUT": str(SLOW_SECONDS), **env}
    full_env.pop("TTR_REDIS_URL", None)
    if redis_url:
        full_env["TTR_REDIS_URL"] = redis_url
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{port}",
             "--workers", "1"], env=full_env, stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_until_serving(port, server, log_path)
        yield Served(port, table, log_path)
    finally:
        server.terminate()
        server.wait(30)


@pytest.fixture(params=["embedded", "postgres"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    """`ttr serve` in each mode, allowing each client PER_CLIENT held connections."""
    env = {"TTR_HELD_PER_CLIENT": str(PER_CLIENT)}
    if request.param == "embedded":
        yield from serve(env, tmp_path, f"sqlite:///{tmp_path / 'held.sqlite3'}", None)
    else:
        yield from serve(env, tmp_path, request.getfixturevalue("pg_schema_url"),
                         request.getfixturevalue("redis_url"))


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Served]:
    """The embedded mode holding at most 20 streams in all."""
    yield from serve({"TTR_HELD_MAX": "20", "TTR_HELD_PER_CLIENT": "1000"}, tmp_path,
                     f"sqlite:///{tmp_path / 'small.sqlite3'}", None)


def connect(port: int, data: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(data)
    return sock


def request(path: str, headers: str = "") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: ttr\r\n{headers}\r\n".encode()


def status_of(sock: socket.socket) -> tuple[int, bytes]:
    """The answer's status and what came of its head (0: closed without an answer)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    if not data:
        return 0, b""
    return int(data.split(b" ", 2)[1]), data


def answered(port: int, path: str, token: str) -> int:
    """Another client's ordinary request: its status (it must come within 10 s)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers={"Authorization": f"Bearer {token}"})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def latest(port: int, game_id: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", f"/v1/games/{game_id}/events?limit=1000")
    version: int = json.loads(connection.getresponse().read())["version"]
    connection.close()
    return version


def test_one_client_holding_connections_of_every_kind_stalls_no_one_else(
        served: Served) -> None:
    port, game = served.port, served.table.game_id
    after = latest(port, game)
    held: list[socket.socket] = []
    try:
        streams = [connect(port, request(f"/v1/games/{game}/events",
                                         "Accept: text/event-stream\r\n"))
                   for _ in range(ATTEMPTS)]
        polls = [connect(port, request(f"/v1/games/{game}/events?after={after}&wait=60"))
                 for _ in range(ATTEMPTS)]
        slow_heads = [connect(port, b"GET /v1/maps HTTP/1.1\r\nHost: ttr\r\n")
                      for _ in range(ATTEMPTS)]
        slow_bodies = [connect(port, b"POST /v1/users HTTP/1.1\r\nHost: ttr\r\n"
                               b"Content-Type: application/json\r\nContent-Length: 1000\r\n"
                               b"\r\n{\"name\": ") for _ in range(ATTEMPTS)]
        held = streams + polls + slow_heads + slow_bodies
        # meanwhile, another client is answered
        for _ in range(10):
            assert answered(port, f"/v1/games/{game}", served.table.tokens[0]) == 200
        # and may hold its own stream
        mine = connect(port, request(f"/v1/games/{game}/events",
                                     "Accept: text/event-stream\r\nAuthorization: Bearer "
                                     f"{served.table.tokens[1]}\r\n"))
        held.append(mine)
        assert status_of(mine)[0] == 200

        statuses = [status_of(s) for s in streams + polls]
        accepted = [s for s, _ in statuses if s == 200]
        refused = [head for s, head in statuses if s == 429]
        assert len(accepted) == PER_CLIENT
        assert len(refused) == 2 * ATTEMPTS - PER_CLIENT
        assert all(b"Retry-After:" in head and b"/problems/rate-limited" in head
                   or b"application/problem+json" in head for head in refused)
        # the slow ones are cut off: no answer but a problem, and the connection closed
        cut = {status_of(sock)[0] for sock in slow_heads + slow_bodies}
        assert cut <= {0, 400}
        assert answered(port, "/v1/maps", served.table.tokens[0]) == 200
        text = served.log.read_text()
        assert "Traceback" not in text, text[text.find("Traceback") - 200:][:3000]
    finally:
        for sock in held:
            sock.close()


def test_past_the_process_limit_new_streams_get_503_and_other_requests_go_on(
        small: Served) -> None:
    port, game = small.port, small.table.game_id
    streams = [connect(port, request(f"/v1/games/{game}/events",
                                     "Accept: text/event-stream\r\n")) for _ in range(30)]
    try:
        heads = [status_of(s) for s in streams]
        assert sum(status == 200 for status, _ in heads) == 20
        refused = [head for status, head in heads if status == 503]
        assert len(refused) == 10
        assert all(b"Retry-After: 5" in head for head in refused)
        assert answered(port, f"/v1/games/{game}", small.table.tokens[0]) == 200
    finally:
        for sock in streams:
            sock.close()

