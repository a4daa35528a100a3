"""PostgreSQL servers of the tests' own, in temporary directories, and the binaries that
make them.

The PostgreSQL tests cannot share one server between workers running at once (the
store waits on the server's oldest open transaction: `tests/conftest.py`), so they run
one after another, and that share of the suite set its length. A second server of the
session's own (`PgServers`) lets a second worker run the other half of them at the
same time: a fresh `initdb` on a free loopback port, trust authentication, no fsync
(nothing here must outlive the session). `TTR_TEST_DATABASE_URL_2` names an existing
server for that half instead.

Run as root (as on this machine), the server's binaries run as the `postgres` user,
which PostgreSQL requires. The binaries are PostgreSQL's own (`TTR_PG_BIN`, else the
newest /usr/lib/postgresql/*/bin); missing ones fail the tests, never skip them.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from tests.ports import free_port

WAIT = 60.0  # seconds a step may take on a busy machine before the fixture gives up
DATABASE = "test"

# quick, and roomy enough for the tests' servers and workers with their pools
SETTINGS = """
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
shared_buffers = 32MB
"""


def bin_dir() -> Path:
    named = os.environ.get("TTR_PG_BIN")
    if named:
        return Path(named)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                   key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit() else 0)
    if not found:
        pytest.fail("PostgreSQL's server binaries (initdb, pg_ctl, pg_basebackup) are missing: "
                    "install postgresql, or name their directory in TTR_PG_BIN", pytrace=False)
    return Path(found[-1])


def as_server_user() -> list[str]:
    """How to run a server binary: as `postgres` when we are root (PostgreSQL refuses
    to run as root), else as ourselves."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def chown_to_server(path: Path) -> None:
    if os.geteuid() == 0:
        shutil.chown(path, "postgres", "postgres")


def server_root(prefix: str) -> Path:
    """A temporary directory the server's user can reach: as root, not under a TMPDIR
    private to root (bench/ smoke runs set one) but in the shared /tmp."""
    shared = "/tmp" if os.geteuid() == 0 and os.path.isdir("/tmp") else None
    root = Path(tempfile.mkdtemp(prefix=prefix, dir=shared))
    chown_to_server(root)
    return root


def run_tool(bindir: Path, root: Path, tool: str, *args: str) -> None:
    """One of PostgreSQL's programs, as the server's user, in `root`."""
    subprocess.run([*as_server_user(), str(bindir / tool), *args], check=True, cwd=root,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=WAIT)


def start_cluster(bindir: Path, root: Path, name: str, port: int) -> None:
    """Start the cluster in `root/name` on loopback `port` (its log `root/name.log`, its
    socket in `root`)."""
    run_tool(bindir, root, "pg_ctl", "-D", str(root / name), "-l", str(root / f"{name}.log"),
             "-w", "-t", str(int(WAIT)), "start", "-o",
             f"-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={root}")


def stop_cluster_now(bindir: Path, root: Path, name: str) -> None:
    """Stop the cluster in `root/name` at once, if it runs (never raises)."""
    if (root / name / "postmaster.pid").exists():
        subprocess.run([*as_server_user(), str(bindir / "pg_ctl"), "-D", str(root / name), "-w",
                        "-m", "immediate", "stop"], check=False, capture_output=True,
                       timeout=WAIT)


@dataclass
class PrivateServer:
    """A running server of the session's own, with a `test` database."""
    root: Path
    bin: Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{DATABASE}"

    def stop(self) -> None:
        stop_cluster_now(self.bin, self.root, "data")
        shutil.rmtree(self.root, ignore_errors=True)


def start_server() -> PrivateServer:
    server = PrivateServer(server_root("ttr-pg-"), bin_dir(), free_port())
    try:
        run_tool(server.bin, server.root, "initdb", "-D", str(server.root / "data"),
                 "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C")
        with (server.root / "data" / "postgresql.conf").open("a") as conf:
            conf.write(SETTINGS)
        start_cluster(server.bin, server.root, "data", server.port)
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{server.port}/postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")
    except BaseException:
        server.stop()
        raise
    return server


class PgServers:
    """The session's PostgreSQL servers by test group: the first is `main_url` (the
    machine's), the second started on first use (or `TTR_TEST_DATABASE_URL_2`)."""

    def __init__(self, main_url: str) -> None:
        self.main_url = main_url
        self._second: PrivateServer | None = None
        self._second_url = os.environ.get("TTR_TEST_DATABASE_URL_2")
        self._lock = threading.Lock()

    def url(self, second: bool) -> str:
        if not second:
            return self.main_url
        with self._lock:
            if self._second_url is None:
                self._second = start_server()
                self._second_url = self._second.url
            return self._second_url

    def close(self) -> None:
        if self._second is not None:
            self._second.stop()
