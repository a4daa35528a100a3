"""A server or worker that cannot start says why in one line on standard error, and
exits at once: status 2 for a mistake in what it was told (a setting, an argument),
1 for what it cannot have now (a database or Redis that does not answer, a working
directory it may not write in, a port in use). Never a traceback, never gunicorn's
retries (issue 34)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.config import from_env
from service.serve import gunicorn_options
from tests.api_support import wait_until_serving
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def ttr(*args: str, cwd: Path, prefix: tuple[str, ...] = (),
        **env: str) -> subprocess.CompletedProcess[str]:
    """`ttr ARGS` in its own process, with no TTR_* variable but `env`."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("TTR_")}
    return subprocess.run([*prefix, sys.executable, "-m", "bootstrap.cli", *args], cwd=cwd,
                          env={**clean, "PYTHONPATH": str(ROOT), **env},
                          capture_output=True, text=True, timeout=60)


def the_one_line(run: subprocess.CompletedProcess[str], status: int) -> str:
    """The one line `run` wrote to standard error, having exited with `status`."""
    assert run.returncode == status, run.stderr
    assert "Traceback" not in run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("ttr"), lines[0]
    return lines[0]


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port that refuses connections: bound, never listening, for the test."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield held.getsockname()[1]


@pytest.fixture
def listening_port() -> Iterator[int]:
    """A loopback port another program listens on, for the test."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        yield held.getsockname()[1]


# -- mistakes in what the server was told: status 2 ---------------------------------------

MISTAKES = {
    "a port past 65535": (["--bind", "127.0.0.1:99999"], {}, "65535"),
    "a bind address that is no address": (["--bind", "garbage"], {}, "needs a port"),
    "TTR_BIND without a port": ([], {"TTR_BIND": "127.0.0.1"}, "TTR_BIND needs a port"),
    "a host that does not exist": (["--bind", "no-such-host.invalid:8000"], {},
                                   "no host 'no-such-host.invalid'"),
    "a CORS origin that is no origin": ([], {"TTR_CORS_ORIGINS": "not-an-origin"},
                                        "TTR_CORS_ORIGINS"),
    "a CORS origin with a path": ([], {"TTR_CORS_ORIGINS": "https://play.example/app"},
                                  "no path"),
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_a_mistake_in_where_or_how_to_serve_is_one_line_and_status_2(
        mistake: str, tmp_path: Path) -> None:
    args, env, named = MISTAKES[mistake]
    line = the_one_line(ttr("serve", *args, cwd=tmp_path, **env), 2)
    assert named in line
    assert not list(tmp_path.iterdir()), "a refused start left files behind"


# -- what the server cannot have now: status 1 --------------------------------------------

def test_a_port_in_use_is_one_line_at_once(tmp_path: Path, listening_port: int) -> None:
    started = time.monotonic()
    run = ttr("serve", "--bind", f"127.0.0.1:{listening_port}", cwd=tmp_path)
    line = the_one_line(run, 1)
    assert f"cannot listen on 127.0.0.1:{listening_port}" in line and "in use" in line
    assert time.monotonic() - started < 5  # (gunicorn alone: 5 retries, a second apart)
    assert not list(tmp_path.iterdir())


def test_postgresql_unreachable_is_one_line(tmp_path: Path, closed_port: int) -> None:
    run = ttr("serve", "--bind", f"127.0.0.1:{free_port()}", cwd=tmp_path,
              TTR_DATABASE_URL=f"postgresql://ttr@127.0.0.1:{closed_port}/ttr")
    line = the_one_line(run, 1)
    assert "PostgreSQL is unavailable" in line and str(closed_port) in line
    assert "Connection refused" in line


def read_only(folder: Path) -> tuple[str, ...]:
    """Make `folder` read-only to `ttr`; the command prefix that makes it so for root
    too (a user namespace without mappings: root's override does not reach the
    folder, which its owner may then only read)."""
    folder.chmod(0o555)
    if os.geteuid() != 0:
        return ()
    if shutil.which("unshare") is None:
        pytest.fail("running as root, this test needs `unshare` (util-linux) to take "
                    "root's right to write anywhere away")
    return ("unshare", "--user")


def test_a_working_directory_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    here = tmp_path / "read-only"
    here.mkdir()
    prefix = read_only(here)
    try:
        run = ttr("serve", "--bind", f"127.0.0.1:{free_port()}", cwd=here, prefix=prefix)
    finally:
        here.chmod(0o755)
    line = the_one_line(run, 1)
    assert f"SQLite database {here / 'ttr.sqlite3'} cannot be opened" in line
    assert f"may not write in {here}" in line


def test_a_worker_with_redis_unreachable_is_one_line(tmp_path: Path, closed_port: int) -> None:
    run = ttr("worker", cwd=tmp_path, TTR_REDIS_URL=f"redis://127.0.0.1:{closed_port}/0")
    line = the_one_line(run, 1)
    assert line.startswith("ttr worker: Redis is unavailable (TTR_REDIS_URL)")
    assert f"127.0.0.1:{closed_port}" in line
    assert not list(tmp_path.iterdir()), "the worker opened its database before Redis"


# -- gunicorn's control socket ------------------------------------------------------------

def test_gunicorn_opens_no_control_socket(tmp_path: Path) -> None:
    # (gunicorn >= 25.1 opens $HOME/.gunicorn/gunicorn.ctl, and logs an error where the
    # home is read-only, as in the Kubernetes pods)
    assert gunicorn_options(from_env({}))["control_socket_disable"] is True
    home, data = tmp_path / "home", tmp_path / "data"
    home.mkdir()
    data.mkdir()
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("TTR_") and k != "XDG_RUNTIME_DIR"}
    log_path = tmp_path / "server.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{port}"],
            cwd=data, env={**env, "HOME": str(home), "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_until_serving(port, server, log_path)
    finally:
        server.terminate()
        server.wait(30)
    assert "control socket" not in log_path.read_text().lower()
    assert not list(home.iterdir())
