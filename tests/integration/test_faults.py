"""Faults under load, fast versions (the full ones run in bench/faults.py): API workers
killed again and again while bots play. It checks what the clients saw and that
nothing was lost or applied twice. (The database going away, Redis stopped, a job's
worker killed: the resilience suite, test_resilience.py.)"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from domain.audit import audit
from tests.api_support import (
    UNLIMITED,
    Client,
    choose,
    make_app,
    open_table,
    stop_server,
    wait_until_serving,
)
from tests.ports import free_port

# -- an API worker killed in the middle of the load -----------------------------------------


class Bot:
    """Plays one game over a raw HTTP connection, retrying every action with its key."""

    def __init__(self, port: int, game_id: str, tokens: list[str], seed: int) -> None:
        self.port = port
        self.game_id = game_id
        self.tokens = tokens
        self.rng = random.Random(seed)
        self.acknowledged: dict[str, list[int]] = {}  # key -> versions of its events
        self.retries = 0
        self.statuses: dict[int, int] = {}
        self.ended = False
        self.stop = threading.Event()  # finish the action under way, then stop
        self.abandon = threading.Event()  # the test has failed: retry nothing more
        self.error: BaseException | None = None

    def actions(self) -> int:
        return len(self.acknowledged)

    def call(self, method: str, path: str, token: str, body: Any = None,
             key: str | None = None) -> tuple[int, Any]:
        while True:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json",
                       "Prefer": "return=minimal"}
            if key:
                headers["Idempotency-Key"] = key
            try:
                connection.request(method, path, body=json.dumps(body) if body else None,
                                   headers=headers)
                response = connection.getresponse()
                data = response.read()
                self.statuses[response.status] = self.statuses.get(response.status, 0) + 1
                if response.status in (502, 503):
                    raise ConnectionError(response.status)
                return response.status, json.loads(data) if data else None
            except (OSError, http.client.HTTPException):
                if self.abandon.is_set():
                    raise
                self.retries += 1  # the worker died under us: the same request again
                time.sleep(0.05)
            finally:
                connection.close()

    def play(self) -> None:
        """Act until told to stop or the game ends; what went wrong is kept in `error`."""
        try:
            self._play()
        except BaseException as error:
            self.error = error

    def _play(self) -> None:
        while not self.stop.is_set():
            status, game = self.call("GET", f"/v1/games/{self.game_id}", self.tokens[0])
            if game["phase"] == "ended":
                self.ended = True
                return
            seat = game["to_act"][0]
            status, moves = self.call("GET", f"/v1/games/{self.game_id}/moves",
                                      self.tokens[seat])
            key = str(uuid.uuid4())
            status, result = self.call("POST", f"/v1/games/{self.game_id}/actions",
                                       self.tokens[seat], choose(moves["moves"], self.rng),
                                       key)
            assert status == 200, result
            self.acknowledged[key] = [e["version"] for e in result["events"]]


def test_an_api_worker_killed_under_load_loses_nothing_and_applies_nothing_twice(
        pg_schema_url: str, redis_url: str, tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, **UNLIMITED, "TTR_DATABASE_URL": pg_schema_url,
           "TTR_REDIS_URL": redis_url, "TTR_LOG_LEVEL": "warning", "TTR_WEB_THREADS": "4"}
    with open(tmp_path / "server.log", "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{port}",
             "--workers", "2"], env=env, stderr=log)
        setup = make_app(pg_schema_url, redis_url=redis_url)
        bots: list[Bot] = []
        try:
            client = Client(setup)
            tables = [open_table(client, "usa", 2) for _ in range(4)]
            bots = [Bot(port, t.game_id, t.tokens, i) for i, t in enumerate(tables)]
            wait_until_serving(port, server, tmp_path / "server.log")
            threads = [threading.Thread(target=b.play, daemon=True) for b in bots]
            for t in threads:
                t.start()
            for _ in range(3):  # kill every worker, three times, while the bots play
                _wait_for_progress(bots, 5)
                workers = _children(server.pid)
                assert workers, "no gunicorn worker found"
                for pid in workers:
                    os.kill(pid, signal.SIGKILL)
            _wait_for_progress(bots, 5)  # and they play on
            for bot in bots:
                bot.stop.set()
            for t in threads:
                t.join(120)
            assert [b.error for b in bots] == [None] * len(bots)
            store = setup.extensions["ttr"].store
            for table, bot in zip(tables, bots, strict=True):
                records = store.read_stream(table.game_id)
                acted = [r.version for r in records if r.actor.startswith("seat:")
                         and r.type != "game_started"]
                acknowledged = sorted(v for vs in bot.acknowledged.values() for v in vs)
                # every event a player caused belongs to exactly one acknowledged action
                assert acknowledged == sorted(acted)
                started = next(i for i, r in enumerate(records) if r.type == "game_started")
                report = audit([r.event() for r in records[started:]])
                assert report.ok, report
            assert sum(b.retries for b in bots) >= 1  # the kill was felt by a client
            assert all(500 not in b.statuses for b in bots)
        finally:
            for bot in bots:  # on failure, no bot may retry forever against a dead server
                bot.stop.set()
                bot.abandon.set()
            # (a gevent worker waits for its clients' idle keep-alive connections)
            stop_server(server, 5)
            setup.extensions["ttr"].close()


def _wait_for_progress(bots: list[Bot], actions: int, timeout: float = 60.0) -> None:
    """Until every bot whose game goes on has made `actions` more actions (on a fast
    machine a fixed pause could outlast the games themselves)."""
    goal = [b.actions() + actions for b in bots]
    deadline = time.monotonic() + timeout
    while not all(b.ended or b.actions() >= g for b, g in zip(bots, goal, strict=True)):
        failed = [b.error for b in bots if b.error is not None]
        assert not failed, f"a bot failed: {failed[0]!r}"
        assert time.monotonic() < deadline, "the bots stopped making progress"
        time.sleep(0.01)


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]

