"""Hard and expert bots thinking on an embedded `ttr serve` while another client asks an
ordinary question over and over: the scene of `tests/integration/test_bots_think_apart.py`
and `bench/bots.py`.

`EmbeddedServer` is `ttr serve` with SQLite and in-process jobs (no Redis), the bots'
pause off. `bot_tables` opens tables where only bots play (hard and expert ones by
default): four seated at creation, and the creator resigns at once, so a bot stands in
for them too.
`probe` times `GET /v1/users/me` every few milliseconds. `thinking_processes` finds the
bots' thinking processes among the server's, with the CPU each has used.
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.api_support import UNLIMITED, wait_until_serving
from tests.ports import free_port

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class EmbeddedServer:
    """`ttr serve`, embedded (SQLite in a scratch folder, jobs in-process), no bot pause.
    `settings`: more `TTR_*` variables, over those. `client_address`: the loopback
    address `request` connects from (any of 127/8)."""

    client_address = "127.0.0.1"

    def __init__(self, folder: Path | None = None, **settings: str) -> None:
        self.folder = folder or Path(tempfile.mkdtemp(prefix="ttr-bots-"))
        self.port = free_port()
        self.log = self.folder / "server.log"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("TTR_")}
        self.env.update(UNLIMITED, TTR_BIND=f"127.0.0.1:{self.port}", TTR_BOT_PAUSE="0",
                        TTR_LOG_LEVEL="warning", TTR_ANALYSIS_BUDGET="0",
                        TTR_DATABASE_URL=f"sqlite:///{self.folder / 'ttr.sqlite3'}")
        self.env.update(settings)
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> EmbeddedServer:
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "bootstrap.cli", "serve"], cwd=self.folder,
                env=self.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        wait_until_serving(self.port, self.process, self.log, 60)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.process is not None
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)

    def worker_pid(self) -> int:
        """The gunicorn worker's process id (the embedded mode has one)."""
        assert self.process is not None
        [worker] = children(self.process.pid)
        return worker

    def request(self, method: str, path: str, token: str | None = None,
                body: dict[str, Any] | None = None) -> tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60,
                                                source_address=(self.client_address, 0))
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        try:
            connection.request(method, path, body=None if body is None else json.dumps(body),
                               headers=headers)
            response = connection.getresponse()
            text = response.read()
            return response.status, json.loads(text) if text else None
        finally:
            connection.close()

    def new_user(self, name: str) -> str:
        status, body = self.request("POST", "/v1/users", body={"name": name})
        assert status == 201, body
        token: str = body["token"]
        return token


def bot_tables(server: EmbeddedServer, tables: int, map_name: str = "europe",
               seats: int = 5, levels: tuple[str, ...] = ("hard", "expert")
               ) -> list[tuple[str, str]]:
    """Open `tables` tables of `seats` bots (see the module doc), seated at `levels` in
    turn, the stand-in at the last: (game id, the resigned creator's token) each."""
    opened = []
    for number in range(tables):
        token = server.new_user(f"Host {number}")
        status, body = server.request("POST", "/v1/games", token, {
            "map": map_name, "seats": seats,
            "bots": [levels[i % len(levels)] for i in range(seats - 1)],
            "stand_in": True, "stand_in_level": levels[-1]})
        assert status == 201, body
        game_id = body["id"]
        status, body = server.request("POST", f"/v1/games/{game_id}/actions", token,
                                      {"type": "resign"})
        assert status == 200, body
        opened.append((game_id, token))
    return opened


def phases(server: EmbeddedServer, tables: list[tuple[str, str]]) -> list[str]:
    found = []
    for game_id, token in tables:
        status, body = server.request("GET", f"/v1/games/{game_id}", token)
        assert status == 200, body
        found.append(body["phase"])
    return found


@dataclass
class Probe:
    """`GET /v1/users/me` every `every` seconds on a keep-alive connection, on a thread
    of its own, until stopped: how long each took (seconds)."""

    port: int
    token: str
    every: float = 0.01
    took: list[float] = field(default_factory=list)
    failures: int = 0
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> Probe:
        self._thread = threading.Thread(target=self._run, name="probe", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> list[float]:
        self._stop.set()
        assert self._thread is not None
        self._thread.join(60)
        return self.took

    def _run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Authorization": f"Bearer {self.token}"}
        while not self._stop.is_set():
            started = time.perf_counter()
            try:
                connection.request("GET", "/v1/users/me", headers=headers)
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    self.failures += 1
            except (OSError, http.client.HTTPException):
                self.failures += 1
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            self.took.append(time.perf_counter() - started)
            self._stop.wait(self.every)
        connection.close()


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry))
    return found


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds `pid` has used (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def thinking_processes(parent: int) -> dict[int, float]:
    """The bots' thinking processes among `parent`'s children: pid → CPU seconds."""
    found = {}
    for pid in children(parent):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"worker.thinking" in command:
            found[pid] = cpu_seconds(pid)
    return found
