"""Past one machine, in small: two API nodes behind HAProxy, their change notifications on
a Redis Cluster of three primaries (each with a replica), the reads that may lag on a
PostgreSQL streaming replica, the jobs on a plain Redis with an RQ worker.

A follower holds a game's stream on one node while the game's actions are posted to the
other; faults strike under play (a node killed, a Redis Cluster primary killed, the
replica stopped). Whatever strikes, every follower ends with every version of the game
once, in order, and the game is scored once. (The figures at 1, 2 and 4 nodes:
`bench/cluster.py`.)
"""

from __future__ import annotations

import http.client
import json
import random
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from events import open_store
from tests.api_nodes import ApiNodes
from tests.api_support import choose
from tests.pg_replica import ReplicaPair, replica_pair  # noqa: F401 (a fixture)
from tests.redis_cluster import RedisCluster, running_cluster
from tests.worker_processes import PrivateRedis, wait_for

SSE_KEEPALIVE = "1"  # a stream that hears nothing reads the log again within seconds


@pytest.fixture(scope="module")
def cluster() -> Iterator[RedisCluster]:
    """A Redis Cluster of this module's own (its faults must not reach other tests)."""
    with running_cluster() as started:
        yield started


@pytest.fixture(scope="module")
def nodes(cluster: RedisCluster, replica_pair: ReplicaPair,  # noqa: F811
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[ApiNodes]:
    jobs = PrivateRedis(tmp_path_factory.mktemp("jobs-redis"))
    jobs.start()
    stack = ApiNodes(2, primary_url=replica_pair.primary_url,
                     replica_url=replica_pair.replica_url, jobs_redis_url=jobs.url,
                     notify_url=cluster.url, extra_env={"TTR_SSE_KEEPALIVE": SSE_KEEPALIVE})
    try:
        stack.start()
        yield stack
    finally:
        stack.stop()
        jobs.stop()


# -- a client ------------------------------------------------------------------------------


def call(port: int, method: str, path: str, token: str | None = None, body: Any = None,
         key: str | None = None, retry_for: float = 60.0) -> tuple[int, Any]:
    """One request, again (same Idempotency-Key) while the node is unreachable or 502/503."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if key:
        headers["Idempotency-Key"] = key
    give_up = time.monotonic() + retry_for
    while True:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request(method, path, json.dumps(body) if body is not None else None,
                               headers)
            response = connection.getresponse()
            raw = response.read()
            if response.status not in (502, 503):
                return response.status, json.loads(raw) if raw else None
        except (OSError, http.client.HTTPException):
            pass
        finally:
            connection.close()
        assert time.monotonic() < give_up, f"{method} {path}: no answer for {retry_for} s"
        time.sleep(0.2)


class Follower:
    """A player's stream of a game, held on `port`; resumed from its `Last-Event-ID`
    through `resume_port` (the balancer) whenever it ends, as a client does."""

    def __init__(self, port: int, resume_port: int, game_id: str, token: str) -> None:
        self.port = port
        self.resume_port = resume_port
        self.path = f"/v1/games/{game_id}/events"
        self.token = token
        self.start: int | None = None
        self.versions: list[int] = []
        self.resumed = 0
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()

    def _follow(self) -> None:
        port, last = self.port, None
        while not self.stopping.is_set():
            headers = {"Accept": "text/event-stream", "Authorization": f"Bearer {self.token}"}
            if last is not None:
                headers["Last-Event-ID"] = str(last)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                connection.request("GET", self.path, headers=headers)
                response = connection.getresponse()
                if response.status != 200:
                    raise OSError(response.status)
                last = self._read(response, last)
            except (OSError, http.client.HTTPException):
                time.sleep(0.2)
            finally:
                connection.close()
            if not self.stopping.is_set():
                self.resumed += 1
                port = self.resume_port

    def _read(self, response: http.client.HTTPResponse, last: int | None) -> int | None:
        kind = ""
        while not self.stopping.is_set():
            line = response.readline()
            if not line:
                return last
            text = line.decode().rstrip("\n")
            if text.startswith("event: "):
                kind = text[7:]
            elif text.startswith("data: "):
                data = json.loads(text[6:])
                if kind == "snapshot":
                    if self.start is None:
                        self.start = data["version"]
                    last = max(last or 0, data["version"])
                else:
                    self.versions.append(data["version"])
                    last = data["version"]
                kind = ""
        return last

    def close(self) -> None:
        self.stopping.set()
        self.thread.join(15)


class Table:
    """A two-player game made through `port` (a node, or the balancer), then played by
    posting to whichever port `act` is given."""

    def __init__(self, port: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.tokens = [call(port, "POST", "/v1/users", body={"name": f"n{seed}-{i}"})[1]
                       ["token"] for i in range(2)]
        status, game = call(port, "POST", "/v1/games", self.tokens[0],
                            {"map": "usa", "seats": 2})
        assert status == 201, game
        self.game_id = game["id"]
        status, game = call(port, "POST", f"/v1/games/{self.game_id}/players",
                            self.tokens[1], {})
        assert status == 200, game
        self.version = game["version"]
        self.ended = False

    def act(self, port: int, actions: int) -> None:
        """Up to `actions` actions posted to `port` (fewer if the game ends)."""
        for _ in range(actions):
            status, game = call(port, "GET", f"/v1/games/{self.game_id}", self.tokens[0])
            if game["phase"] == "ended":
                self.ended = True
                return
            seat = game["to_act"][0]
            status, moves = call(port, "GET", f"/v1/games/{self.game_id}/moves",
                                 self.tokens[seat])
            status, answer = call(port, "POST", f"/v1/games/{self.game_id}/actions",
                                  self.tokens[seat], choose(moves["moves"], self.rng),
                                  str(uuid.uuid4()))
            assert status == 200, answer
            self.version = answer["version"]

    def finish(self, port: int) -> None:
        while not self.ended:
            self.act(port, 50)


def heard_everything(follower: Follower, table: Table, nodes: ApiNodes) -> None:
    """The follower got every version after its snapshot once, in order, up to the
    game's last (its score included), and the game was scored once."""
    store = open_store(nodes.database_url)
    try:
        def scored() -> bool:
            return any(r.type == "game_scored" for r in store.read_stream(table.game_id))

        wait_for(scored, 60, "the game's score")
        records = store.read_stream(table.game_id)
        final = records[-1].version
        wait_for(lambda: follower.versions[-1:] == [final], 60, "the follower's last event")
    finally:
        store.close()
    follower.close()
    assert follower.start is not None
    assert follower.versions == list(range(follower.start + 1, final + 1))
    assert [r.type for r in records].count("game_scored") == 1


# -- the tests -----------------------------------------------------------------------------


def test_a_stream_held_on_one_node_hears_every_action_posted_to_another(
        nodes: ApiNodes) -> None:
    table = Table(nodes.balancer.port, 1)
    follower = Follower(nodes.ports[0], nodes.balancer.port, table.game_id, table.tokens[0])
    wait_for(lambda: follower.start is not None, 30, "the stream's snapshot")
    heard = nodes.heard(0)
    table.finish(nodes.ports[1])
    heard_everything(follower, table, nodes)
    assert nodes.heard(0) > heard  # by notification, not by reading the log again


def test_a_node_hears_only_the_games_its_clients_follow(nodes: ApiNodes) -> None:
    """Actions in a game nobody on node 0 follows, made and played on node 1: node 0
    hears none of them."""
    table = Table(nodes.ports[1], 2)
    before = nodes.heard(0)
    table.act(nodes.ports[1], 10)
    time.sleep(1)  # what would have been heard has arrived by now
    assert nodes.heard(0) == before


def test_reads_go_to_the_primary_while_the_replica_is_stopped(
        nodes: ApiNodes, replica_pair: ReplicaPair) -> None:  # noqa: F811
    table = Table(nodes.balancer.port, 3)
    follower = Follower(nodes.ports[0], nodes.balancer.port, table.game_id, table.tokens[0])
    wait_for(lambda: follower.start is not None, 30, "the stream's snapshot")
    table.act(nodes.ports[1], 4)
    replica_pair.stop_replica()
    try:
        status, games = call(nodes.balancer.port, "GET", "/v1/users/me/games",
                             table.tokens[0])
        assert status == 200 and table.game_id in [g["id"] for g in games["games"]]
        status, lobby = call(nodes.balancer.port, "GET", "/v1/games?status=open")
        assert status == 200
        table.finish(nodes.ports[1])
        heard_everything(follower, table, nodes)
    finally:
        replica_pair.start_replica()


def test_a_node_killed_under_play_its_streams_resume_on_the_other(nodes: ApiNodes) -> None:
    table = Table(nodes.balancer.port, 4)
    follower = Follower(nodes.ports[0], nodes.balancer.port, table.game_id, table.tokens[0])
    wait_for(lambda: follower.start is not None, 30, "the stream's snapshot")
    table.act(nodes.ports[1], 10)
    nodes.kill(0)
    try:
        table.act(nodes.balancer.port, 10)  # the balancer finds node 0 gone
        wait_for(lambda: follower.resumed >= 1, 30, "the stream resumed")
        table.finish(nodes.balancer.port)
        heard_everything(follower, table, nodes)
    finally:
        nodes.restart(0)


def test_a_redis_cluster_primary_killed_its_replica_takes_over_and_streams_recover(
        nodes: ApiNodes, cluster: RedisCluster) -> None:
    table = Table(nodes.balancer.port, 5)
    follower = Follower(nodes.ports[0], nodes.balancer.port, table.game_id, table.tokens[0])
    wait_for(lambda: follower.start is not None, 30, "the stream's snapshot")
    table.act(nodes.ports[1], 6)
    cluster.kill(cluster.ports[0])  # the first primary (a third of the channels)

    def failed_over() -> bool:
        out = subprocess.run(["redis-cli", "-p", str(cluster.ports[1]), "cluster", "info"],
                             capture_output=True, text=True).stdout
        return "cluster_state:ok" in out

    time.sleep(1)
    wait_for(failed_over, 60, "a replica taking over")
    table.finish(nodes.ports[1])
    heard_everything(follower, table, nodes)
