"""gunicorn's own answers (before the app sees the request) are problem+json too: a
request line too long (414), header fields too large or too many (431), a request that
is not HTTP (400); under both worker classes `ttr serve` runs."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.problems import PROBLEM_JSON
from tests.api_support import UNLIMITED, stop_server, wait_until_serving
from tests.ports import free_port

ROOT = Path(__file__).absolute().parents[2]


@pytest.fixture(scope="module", params=["gthread", "gevent"])
def port(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[int]:
    """A `ttr serve` of the embedded mode (SQLite), with each worker class."""
    folder = tmp_path_factory.mktemp(f"serve-{request.param}")
    chosen = free_port()
    env = {**os.environ, **UNLIMITED, "TTR_DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
           "TTR_WEB_WORKER_CLASS": request.param}
    env.pop("TTR_REDIS_URL", None)
    log_path = folder / "server.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{chosen}"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_until_serving(chosen, server, log_path)
        yield chosen
    finally:
        stop_server(server, 20)


def answer(port: int, raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send `raw` as it is; the status, headers and body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(raw)
        received = b""
        while chunk := connection.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip()
               for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), headers, body


def assert_problem(port: int, raw: bytes, status: int, kind: str) -> None:
    got, headers, body = answer(port, raw)
    assert got == status, body[:300]
    assert headers["content-type"] == PROBLEM_JSON
    problem = json.loads(body)
    assert problem["type"] == f"/problems/{kind}" and problem["status"] == status


def test_a_request_line_too_long_is_a_414_problem(port: int) -> None:
    assert_problem(port, b"GET /v1/maps?" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
                   414, "uri-too-long")


def test_a_header_field_too_long_is_a_431_problem(port: int) -> None:
    assert_problem(port, b"GET /v1/maps HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 20000
                   + b"\r\n\r\n", 431, "headers-too-large")


def test_too_many_header_fields_are_a_431_problem(port: int) -> None:
    fields = b"".join(b"X-F%d: 1\r\n" % i for i in range(150))
    assert_problem(port, b"GET /v1/maps HTTP/1.1\r\nHost: x\r\n" + fields + b"\r\n",
                   431, "headers-too-large")


def test_a_request_that_is_not_http_is_a_400_problem(port: int) -> None:
    assert_problem(port, b"HELLO THERE\r\n\r\n", 400, "invalid-request")


def test_a_header_with_a_nul_byte_is_a_400_problem(port: int) -> None:
    assert_problem(port, b"GET /v1/maps HTTP/1.1\r\nHost: x\r\nX-Nul: a\x00b\r\n\r\n",
                   400, "invalid-request")
