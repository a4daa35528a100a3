"""A PostgreSQL primary and its streaming replica of the tests' own, in temporary
directories: `replica_pair`, one per test session (the machine's main cluster has no
replication line in its pg_hba.conf, and a test must be able to pause, stop and start
the replica without disturbing anyone).

The primary is a fresh `initdb` (trust authentication on loopback, replication
included; no fsync: nothing here must outlive the session), the replica a
`pg_basebackup -R -X stream` of it started as a hot standby. Both listen on free
loopback ports and keep their sockets in the temporary directory. Run as root (as on
this machine), the server's binaries run as the `postgres` user, which PostgreSQL
requires. The binaries are PostgreSQL's own (`TTR_PG_BIN`, else the newest
/usr/lib/postgresql/*/bin); missing ones fail the tests, never skip them.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from tests.api_support import free_port

DATABASE = "ttr"
WAIT = 60.0  # seconds a step may take on a busy machine before the fixture gives up


def _bin_dir() -> Path:
    named = os.environ.get("TTR_PG_BIN")
    if named:
        return Path(named)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                   key=lambda p: int(Path(p).parent.name) if Path(p).parent.name.isdigit() else 0)
    if not found:
        pytest.fail("PostgreSQL's server binaries (initdb, pg_ctl, pg_basebackup) are missing: "
                    "install postgresql, or name their directory in TTR_PG_BIN", pytrace=False)
    return Path(found[-1])


def _as_server_user() -> list[str]:
    """How to run a server binary: as `postgres` when we are root (PostgreSQL refuses
    to run as root), else as ourselves."""
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


@dataclass
class ReplicaPair:
    """A running primary and its hot standby, both on loopback (see the module doc)."""
    root: Path
    bin: Path
    primary_port: int
    replica_port: int

    def url(self, port: int, database: str = DATABASE) -> str:
        return f"postgresql://postgres@127.0.0.1:{port}/{database}"

    @property
    def primary_url(self) -> str:
        return self.url(self.primary_port)

    @property
    def replica_url(self) -> str:
        return self.url(self.replica_port)

    def run(self, tool: str, *args: str) -> None:
        subprocess.run([*_as_server_user(), str(self.bin / tool), *args], check=True,
                       cwd=self.root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       timeout=WAIT)

    def start(self, name: str, port: int) -> None:
        self.run("pg_ctl", "-D", str(self.root / name), "-l", str(self.root / f"{name}.log"),
                 "-w", "-t", str(int(WAIT)), "start", "-o",
                 f"-p {port} -c listen_addresses=127.0.0.1 "
                 f"-c unix_socket_directories={self.root}")

    def stop(self, name: str) -> None:
        self.run("pg_ctl", "-D", str(self.root / name), "-w", "-m", "fast", "stop")

    def stop_replica(self) -> None:
        self.stop("replica")

    def start_replica(self) -> None:
        self.start("replica", self.replica_port)
        self.wait_until(lambda cur: _one(cur, "SELECT pg_is_in_recovery()"))

    def on_replica(self, sql: str) -> object:
        with psycopg.connect(self.replica_url, autocommit=True) as conn:
            return _one(conn.cursor(), sql)

    def primary_position(self) -> int:
        with psycopg.connect(self.primary_url, autocommit=True) as conn:
            return _position(_one(conn.cursor(),
                                  "SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint"))

    def pause_replay(self) -> None:
        self.on_replica("SELECT pg_wal_replay_pause()")
        self.wait_until(lambda cur: _one(cur, "SELECT pg_get_wal_replay_pause_state()")
                        == "paused")

    def resume_replay(self) -> None:
        self.on_replica("SELECT pg_wal_replay_resume()")
        self.wait_until(lambda cur: _one(cur, "SELECT pg_get_wal_replay_pause_state()")
                        == "not paused")

    def wait_received(self, position: int | None = None) -> None:
        """Until the replica has received the primary's WAL up to `position` (default:
        where it is now), replayed or not."""
        target = self.primary_position() if position is None else position
        self.wait_until(lambda cur: _position(_one(
            cur, "SELECT (pg_last_wal_receive_lsn() - '0/0'::pg_lsn)::bigint")) >= target)

    def wait_replayed(self, position: int | None = None) -> None:
        """Until the replica has replayed the primary's WAL up to `position` (default:
        where it is now)."""
        target = self.primary_position() if position is None else position
        self.wait_until(lambda cur: _position(_one(
            cur, "SELECT (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint")) >= target)

    def wait_until(self, holds: object) -> None:
        deadline = time.monotonic() + WAIT
        while True:
            try:
                with psycopg.connect(self.replica_url, autocommit=True,
                                     connect_timeout=2) as conn:
                    if holds(conn.cursor()):  # type: ignore[operator]
                        return
            except psycopg.OperationalError:
                pass  # starting up
            if time.monotonic() > deadline:
                log = (self.root / "replica.log").read_text()[-3000:]
                pytest.fail(f"the replica did not get there within {WAIT} s:\n{log}")
            time.sleep(0.05)


def _one(cur: psycopg.Cursor[tuple[object, ...]], sql: str) -> object:
    cur.execute(sql.encode())
    row = cur.fetchone()
    return None if row is None else row[0]


def _position(value: object) -> int:
    """A WAL position as a number of bytes (-1: none yet)."""
    return int(value) if isinstance(value, int) else -1


# quick and small: nothing outlives the session
_SETTINGS = """
fsync = off
full_page_writes = off
wal_level = replica
max_wal_senders = 4
hot_standby = on
max_connections = 60
shared_buffers = 16MB
"""


def _chown_to_server(path: Path) -> None:
    if os.geteuid() == 0:
        shutil.chown(path, "postgres", "postgres")


def start_pair() -> ReplicaPair:
    """Make, start and hand back a primary and its replica (see the module doc)."""
    bindir = _bin_dir()
    # as root the server runs as `postgres`, who must reach the directory: not under a
    # TMPDIR private to root (bench/ smoke runs set one), but in the shared /tmp
    shared = "/tmp" if os.geteuid() == 0 and os.path.isdir("/tmp") else None
    root = Path(tempfile.mkdtemp(prefix="ttr-replica-", dir=shared))
    _chown_to_server(root)
    pair = ReplicaPair(root, bindir, free_port(), free_port())
    try:
        pair.run("initdb", "-D", str(root / "primary"), "-U", "postgres", "--auth=trust",
                 "--no-sync", "-E", "UTF8", "--locale=C")
        with (root / "primary" / "postgresql.conf").open("a") as conf:
            conf.write(_SETTINGS)
        with (root / "primary" / "pg_hba.conf").open("a") as hba:
            hba.write("host replication all 127.0.0.1/32 trust\n")
        pair.start("primary", pair.primary_port)
        with psycopg.connect(pair.url(pair.primary_port, "postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")
        pair.run("pg_basebackup", "-h", "127.0.0.1", "-p", str(pair.primary_port),
                 "-U", "postgres", "-D", str(root / "replica"), "-R", "-X", "stream",
                 "-c", "fast", "--no-sync")
        pair.start_replica()
    except BaseException:
        stop_pair(pair)
        raise
    return pair


def stop_pair(pair: ReplicaPair) -> None:
    for name in ("replica", "primary"):
        if (pair.root / name / "postmaster.pid").exists():
            subprocess.run([*_as_server_user(), str(pair.bin / "pg_ctl"), "-D",
                            str(pair.root / name), "-w", "-m", "immediate", "stop"],
                           check=False, capture_output=True, timeout=WAIT)
    shutil.rmtree(pair.root, ignore_errors=True)


@pytest.fixture(scope="session")
def replica_pair() -> Iterator[ReplicaPair]:
    """A primary and its streaming replica of the session's own (see the module doc)."""
    pair = start_pair()
    try:
        yield pair
    finally:
        stop_pair(pair)
