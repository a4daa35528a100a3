"""Streams survive a restart (resilience suite): while games go on, the API's gunicorn
(PostgreSQL + Redis, two gevent workers) is restarted worker by worker — SIGHUP to the
master, then a worker stopped — and every subscriber, reconnecting with
`Last-Event-ID` whenever its stream breaks, gets every event of its game exactly once,
in order."""

from __future__ import annotations

import http.client
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.api_support import (
    UNLIMITED,
    Client,
    Table,
    choose,
    make_app,
    open_table,
    stop_server,
    wait_until_serving,
)
from tests.ports import free_port

GAMES = 4
PLAY_SECONDS = 12.0


class Subscriber(threading.Thread):
    """One player's stream of one game, resumed after every break."""

    def __init__(self, port: int, game_id: str, token: str) -> None:
        super().__init__(daemon=True)
        self.port, self.game_id, self.token = port, game_id, token
        self.versions: list[int] = []
        self.breaks = 0
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self._follow()
            except (OSError, http.client.HTTPException):
                pass
            self.breaks += 1
            time.sleep(0.1)

    def _follow(self) -> None:
        last = self.versions[-1] if self.versions else 0
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            connection.request("GET", f"/v1/games/{self.game_id}/events", headers={
                "Accept": "text/event-stream", "Authorization": f"Bearer {self.token}",
                "Last-Event-ID": str(last)})
            response = connection.getresponse()
            if response.status != 200:
                return
            event_id = None
            while not self.stop.is_set():
                line = response.readline()
                if not line:
                    return  # the stream ended (its worker stopped): resume
                if line.startswith(b"id: "):
                    event_id = int(line[4:])
                elif line == b"\n" and event_id is not None:
                    self.versions.append(event_id)
                    event_id = None
        finally:
            connection.close()


def play(client: Client, tables: list[Table], until: float) -> None:
    rng = random.Random(7)
    while time.monotonic() < until:
        for table in tables:
            state = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
            assert state is not None
            if state["phase"] == "ended":
                continue
            for seat in state["to_act"]:
                moves = client.get(f"/v1/games/{table.game_id}/moves",
                                   token=table.tokens[seat]).json
                assert moves is not None
                response = client.post(f"/v1/games/{table.game_id}/actions",
                                       token=table.tokens[seat],
                                       json=choose(moves["moves"], rng))
                assert response.status_code == 200, response.json
        time.sleep(0.02)


def workers_of(server: subprocess.Popen[bytes]) -> set[int]:
    out = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True)
    return {int(pid) for pid in out.stdout.split()}


def test_a_rolling_restart_loses_and_repeats_no_event_of_any_stream(
        pg_schema_url: str, redis_url: str, tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, **UNLIMITED, "TTR_DATABASE_URL": pg_schema_url,
           "TTR_REDIS_URL": redis_url, "TTR_SSE_KEEPALIVE": "1"}
    log_path = tmp_path / "server.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{port}",
             "--workers", "2"], env=env, stdout=subprocess.DEVNULL, stderr=log)
    writer = make_app(pg_schema_url, redis_url=redis_url)
    subscribers: list[Subscriber] = []
    try:
        wait_until_serving(port, server, log_path)
        client = Client(writer)
        tables = [open_table(client, "usa", 2) for _ in range(GAMES)]
        subscribers = [Subscriber(port, t.game_id, token) for t in tables for token in t.tokens]
        for subscriber in subscribers:
            subscriber.start()
        started = time.monotonic()
        player = threading.Thread(target=play, args=(client, tables, started + PLAY_SECONDS))
        player.start()
        time.sleep(3)
        first = workers_of(server)
        server.send_signal(signal.SIGHUP)  # new workers, then the old ones stop
        deadline = time.monotonic() + 20
        while workers_of(server) & first and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not workers_of(server) & first, "the old workers did not stop"
        os.kill(min(workers_of(server)), signal.SIGTERM)  # and one worker alone
        player.join()
        store = writer.extensions["ttr"].store
        finals = {t.game_id: store.current_version(t.game_id) for t in tables}
        deadline = time.monotonic() + 20
        while (any(s.versions[-1:] != [finals[s.game_id]] for s in subscribers)
               and time.monotonic() < deadline):
            time.sleep(0.1)
        for subscriber in subscribers:
            assert subscriber.versions == list(range(1, finals[subscriber.game_id] + 1))
        assert sum(s.breaks for s in subscribers) >= len(subscribers)  # they did break
    finally:
        for subscriber in subscribers:
            subscriber.stop.set()
        writer.extensions["ttr"].close()
        stop_server(server, 60)
