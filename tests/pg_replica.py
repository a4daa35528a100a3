"""A PostgreSQL primary and its streaming replica of the tests' own, in temporary
directories: `replica_pair`, one per test session (the machine's main cluster has no
replication line in its pg_hba.conf, and a test must be able to pause, stop and start
the replica without disturbing anyone).

The primary is a fresh `initdb` (trust authentication on loopback, replication
included; no fsync: nothing here must outlive the session), the replica a
`pg_basebackup -R -X stream` of it started as a hot standby. Both listen on free
loopback ports and keep their sockets in the temporary directory. Run as root (as on
this machine), the server's binaries run as the `postgres` user, which PostgreSQL
requires; the binaries are found as `tests.pg_server` says.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from tests.pg_server import (
    WAIT,
    bin_dir,
    run_tool,
    server_root,
    start_cluster,
    stop_cluster_now,
)
from tests.ports import free_port

DATABASE = "ttr"


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
        run_tool(self.bin, self.root, tool, *args)

    def start(self, name: str, port: int) -> None:
        start_cluster(self.bin, self.root, name, port)

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


def start_pair() -> ReplicaPair:
    """Make, start and hand back a primary and its replica (see the module doc)."""
    bindir = bin_dir()
    root = server_root("ttr-replica-")
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
        stop_cluster_now(pair.bin, pair.root, name)
    shutil.rmtree(pair.root, ignore_errors=True)


@pytest.fixture(scope="session")
def replica_pair() -> Iterator[ReplicaPair]:
    """A primary and its streaming replica of the session's own (see the module doc)."""
    pair = start_pair()
    try:
        yield pair
    finally:
        stop_pair(pair)
