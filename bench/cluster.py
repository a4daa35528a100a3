"""Past one machine, on loopback: API nodes behind a load balancer, change notifications
on a Redis Cluster, the reads that may lag on a PostgreSQL replica.

    python bench/cluster.py [--nodes 1,2,4] [--games 60] [--rate 60] [--seconds 20]
                            [--web-workers 1]

Started once for every step: a Redis Cluster of three primaries and three replicas
(`tests/redis_cluster.py`), a PostgreSQL primary and its streaming replica in a
temporary directory (`tests/pg_replica.py`), and a plain Redis for the RQ jobs. For
each step of N nodes: a scratch schema, N groups of API processes standing for N hosts
(`ttr serve` with `--web-workers` gevent workers each, the notifications on the
cluster, the replica configured), one RQ worker, and HAProxy in front of them
(`tests/haproxy.py`). Games are made through the balancer; then the games of group k
are followed on node k (each player's stream, a spectator's and the creator's user
feed) while their actions are posted to node k+1 (to node k itself when N is 1), at a
steady `--rate` actions a second for `--seconds`.

Reported per step: actions a second; delivery delay p50/p99 from an action's answer to
each follower (every follower on another node than the actor once N > 1) and events
lost or repeated; for each node the notifications it heard (its `ttr_notifications_heard`
metric, summed over its processes) per action of the whole service and per action of
its share (total / N): flat as N grows when a node hears only what its clients follow;
the API's CPU per action per node; Redis Cluster messages per action (SPUBLISH calls on
the primaries; what they deliver is the nodes' heard) and the shard channels open on
them under play; the CPU shares of the API,
PostgreSQL, the Redis Cluster, the RQ worker and the clients, and the load average.
The last line of output is one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench.held import (  # noqa: E402
    HELD_ENV,
    follows_of,
    hold_streams,
    play,
    raise_nofile,
    report,
    set_up,
)
from bench.outcome import CannotMeasure, run  # noqa: E402
from bench.ready import Crew  # noqa: E402
from bench.stack import (  # noqa: E402
    Seen,
    cpu_seconds,
    machine_busy_seconds,
    postgres_cpu_seconds,
)
from tests.api_nodes import ApiNodes  # noqa: E402
from tests.pg_replica import ReplicaPair, start_pair, stop_pair  # noqa: E402
from tests.ports import free_port  # noqa: E402
from tests.redis_cluster import RedisCluster, start_cluster  # noqa: E402


class Services:
    """What every step shares: the Redis Cluster, the PostgreSQL pair, the jobs' Redis."""

    def __init__(self) -> None:
        self.scratch = Path(tempfile.mkdtemp(prefix="ttr-cluster-"))
        self.cluster: RedisCluster | None = None
        self.pair: ReplicaPair | None = None
        self.jobs_port = free_port()
        self.jobs: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        (self.scratch / "redis-cluster").mkdir()
        self.cluster = start_cluster(self.scratch / "redis-cluster")
        self.pair = start_pair()
        self.jobs = subprocess.Popen(
            ["redis-server", "--port", str(self.jobs_port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.scratch)],
            stdout=subprocess.DEVNULL)

    def stop(self) -> None:
        if self.jobs is not None:
            self.jobs.terminate()
            self.jobs.wait(10)
        if self.cluster is not None:
            self.cluster.stop()
        if self.pair is not None:
            stop_pair(self.pair)

    def primaries(self) -> list[int]:
        """The cluster's primaries now (a failover may have swapped one)."""
        assert self.cluster is not None
        out = subprocess.run(["redis-cli", "-p", str(self.cluster.ports[0]), "cluster",
                              "nodes"], capture_output=True, text=True, check=True).stdout
        return [int(line.split()[1].split("@")[0].rsplit(":", 1)[1])
                for line in out.splitlines() if "master" in line.split()[2]]

    def redis_messages(self) -> dict[str, int]:
        """SPUBLISH calls on the primaries so far, and their shard channels now."""
        calls = channels = 0
        for port in self.primaries():
            info = subprocess.run(["redis-cli", "-p", str(port), "info", "all"],
                                  capture_output=True, text=True, check=True).stdout
            found = re.search(r"cmdstat_spublish:calls=(\d+)", info)
            calls += int(found.group(1)) if found else 0
            found = re.search(r"pubsubshard_channels:(\d+)", info)
            channels += int(found.group(1)) if found else 0
        return {"spublish": calls, "channels": channels}


def nodes_for(services: Services, count: int, web_workers: int) -> ApiNodes:
    assert services.pair is not None and services.cluster is not None
    return ApiNodes(count, primary_url=services.pair.primary_url,
                    replica_url=services.pair.replica_url,
                    jobs_redis_url=f"redis://127.0.0.1:{services.jobs_port}/0",
                    notify_url=services.cluster.url, web_workers=web_workers,
                    extra_env=HELD_ENV)


def tally(services: Services, nodes: ApiNodes, holders: list[int]) -> dict[str, Any]:
    """Counters and CPU times so far, to subtract across the window."""
    assert services.cluster is not None
    cluster = [p.pid for p in services.cluster.processes.values()]
    return {"heard": [nodes.heard(i) for i in range(len(nodes.ports))],
            "api": [cpu_seconds(nodes.pids(i)) for i in range(len(nodes.ports))],
            "redis": services.redis_messages(),
            "cpu": {"postgres": postgres_cpu_seconds(),
                    "redis_cluster": cpu_seconds(cluster),
                    "rq_worker": cpu_seconds([nodes.worker.pid] if nodes.worker else [],
                                             reaped=True),
                    "clients": cpu_seconds([os.getpid(), *holders], reaped=True),
                    "machine": machine_busy_seconds()}}


async def play_across(nodes: ApiNodes, groups: list[list[Any]], rate: float, seconds: float,
                      answered: dict[tuple[str, int], float], seen: Seen) -> None:
    """Each group's actions posted to the node after the one that follows it."""
    count = len(groups)
    await asyncio.gather(*(play(nodes.ports[(k + 1) % count], group, rate / count, seconds,
                                answered, seen) for k, group in enumerate(groups) if group))


def run_step(services: Services, count: int, games: int, rate: float, seconds: float,
             web_workers: int) -> dict[str, Any]:
    load = os.getloadavg()
    nodes = nodes_for(services, count, web_workers)
    try:
        try:
            nodes.start()
        except (RuntimeError, AssertionError) as error:
            raise CannotMeasure(f"the nodes did not start: {error}") from None
        made = asyncio.run(set_up(nodes.balancer.port, games))
        groups = [made[k::count] for k in range(count)]
        ctx = multiprocessing.get_context("fork")
        with Crew(ctx, "holder", 600) as holding:
            stop = ctx.Event()
            for k, group in enumerate(groups):
                follows = follows_of(group, 4 * len(group))
                if follows:
                    holding.start(hold_streams, (nodes.ports[k], follows, stop))
            holding.open()
            time.sleep(2)
            holders = [h.pid for h in holding.processes if h.pid is not None]
            before = tally(services, nodes, holders)
            answered: dict[tuple[str, int], float] = {}
            seen = Seen()
            wall = time.monotonic()
            asyncio.run(play_across(nodes, groups, rate, seconds, answered, seen))
            wall = time.monotonic() - wall
            time.sleep(3)  # the last deliveries
            after = tally(services, nodes, holders)
            stop.set()
            records = [r for _, found in holding.results(within=120) for r in found]
        if seen.actions == 0:
            raise CannotMeasure(f"no action was answered in {seconds:g} s")
        return figures(count, load, before, after, seen, wall, records, answered, rate,
                       seconds, len(made))
    finally:
        nodes.stop()


def figures(count: int, load: tuple[float, float, float], before: dict[str, Any],
            after: dict[str, Any], seen: Seen, wall: float, records: list[dict[str, Any]],
            answered: dict[tuple[str, int], float], rate: float, seconds: float,
            games: int) -> dict[str, Any]:
    actions = seen.actions
    delivery = report("cluster", len(records), games, rate, seconds, load, 0, 0.0, 0, 0,
                      0.0, 0.0, wall, records, answered, seen, [], {})
    heard = [a - b for a, b in zip(after["heard"], before["heard"], strict=True)]
    api = [a - b for a, b in zip(after["api"], before["api"], strict=True)]
    cpu = {part: after["cpu"][part] - before["cpu"][part] for part in before["cpu"]}
    busy = cpu.pop("machine")
    share = actions / count
    return {
        "nodes": count, "games": games, "load_at_start": [round(x, 2) for x in load],
        "load_at_end": [round(x, 2) for x in os.getloadavg()],
        "actions": actions, "actions_per_s": round(actions / wall, 1),
        "delivery_p50_ms": delivery["delivery_p50_ms"],
        "delivery_p99_ms": delivery["delivery_p99_ms"],
        "deliveries": delivery["deliveries"], "lost": delivery["lost"],
        "duplicated": delivery["duplicated"],
        "heard_per_action_by_node": [round(h / actions, 3) for h in heard],
        "heard_per_action_of_its_share": round(sum(heard) / count / share, 3),
        "api_cpu_ms_per_action_by_node": [round(c * 1000 / actions, 3) for c in api],
        "api_cpu_ms_per_action": round(sum(api) * 1000 / actions, 3),
        "redis_spublish_per_action": round(
            (after["redis"]["spublish"] - before["redis"]["spublish"]) / actions, 3),
        "redis_shard_channels_under_play": after["redis"]["channels"],
        "cpu_ms_per_action": {part: round(c * 1000 / actions, 3)
                              for part, c in {"api": sum(api), **cpu}.items()},
        "machine_cores_busy": round(busy / wall, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", default="1,2,4")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rate", type=float, default=60.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--web-workers", type=int, default=1)
    args = parser.parse_args()
    raise_nofile()
    services = Services()
    try:
        services.start()
        steps = []
        for count in (int(n) for n in args.nodes.split(",")):
            step = run_step(services, count, args.games, args.rate, args.seconds,
                            args.web_workers)
            print(json.dumps(step), flush=True)
            steps.append(step)
    finally:
        services.stop()
    print(json.dumps({"benchmark": "cluster", "steps": steps}))
    return 0


if __name__ == "__main__":
    run(main)
