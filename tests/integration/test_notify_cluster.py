"""Change notifications on a Redis Cluster whose map changes under them: a primary that
fails (its replica takes over) and a slot handed to another node (a resharding). The
processes' subscriptions follow their channels to the nodes that now serve them."""

from __future__ import annotations

import redis

from messaging.notify import channel_of, game_key
from messaging.redis_notify import RedisNotifier
from tests.notify_support import (
    LINGER,
    game_session,
    held,
    new_id,
    node_of,
    subscribers,
    wait_until,
)
from tests.redis_cluster import RedisCluster, wait_healthy
from tests.redis_cluster import redis_cluster as redis_cluster  # noqa: F401 (a fixture)


def test_a_failed_over_shard_is_followed_on_its_new_primary(
        redis_cluster: RedisCluster) -> None:
    game = new_id("g_")
    key = game_key(game)
    failed = node_of((redis_cluster.url, True), channel_of(key))
    port = failed.connection_pool.connection_kwargs["port"]
    failed.close()
    # the processes know the cluster by a node that stays up (as a deployment names a
    # stable address): a client made after the failure must still find the cluster
    url = f"redis://127.0.0.1:{next(p for p in redis_cluster.ports if p != port)}"
    here = RedisNotifier(url, background=True, cluster=True, linger=LINGER)
    there = RedisNotifier(url, cluster=True, linger=LINGER)
    try:
        with held(here, key):
            first = game_session(here, game)
            redis_cluster.kill(port)  # its replica takes over once the others agree
            hearsay = here.hearsay
            assert hearsay is not None
            try:
                wait_until(lambda: hearsay.game_session(game) not in (None, first),
                           "never subscribed on the new primary", timeout=30)
            except AssertionError as failed_over:
                raise AssertionError(f"{failed_over}; the cluster: {redis_cluster.nodes()}"
                                     f"; following: {here.following()}") from None
            version = 0

            def heard() -> bool:  # (published again until heard: a publish may meet
                nonlocal version  # the old map once and be lost, as notifications may)
                version += 1
                watch = here.watch([key])
                there.publish(game, version)
                return here.wait([key], 0.5, watch)

            wait_until(heard, "a change on the new primary never heard", timeout=15)
    finally:
        here.close()
        there.close()
        redis_cluster.start(port)  # back, as the new primary's replica
        wait_healthy(redis_cluster, timeout=60)


def move_slot(cluster: RedisCluster, slot: int, source: int, target: int) -> None:
    """Hand `slot` (holding no keys) from the primary on port `source` to the one on
    `target`, as a resharding does."""
    ids = {port: redis.Redis(port=port).execute_command("CLUSTER", "MYID").decode()
           for port in (source, target)}
    to, frm = redis.Redis(port=target), redis.Redis(port=source)
    to.execute_command("CLUSTER", "SETSLOT", slot, "IMPORTING", ids[source])
    frm.execute_command("CLUSTER", "SETSLOT", slot, "MIGRATING", ids[target])
    for node in (to, frm):
        node.execute_command("CLUSTER", "SETSLOT", slot, "NODE", ids[target])
        node.close()


def test_a_channel_whose_slot_moves_is_followed_on_its_new_node(
        redis_cluster: RedisCluster) -> None:
    from redis.cluster import RedisCluster as ClusterClient
    from redis.crc import key_slot

    here = RedisNotifier(redis_cluster.url, background=True, cluster=True, linger=LINGER)
    there = RedisNotifier(redis_cluster.url, cluster=True, linger=LINGER)
    game = new_id("g_")
    key = game_key(game)
    slot = key_slot(channel_of(key).encode())
    client = ClusterClient.from_url(redis_cluster.url)
    source = client.get_node_from_key(channel_of(key)).port
    target = next(n.port for n in client.get_primaries() if n.port != source)
    client.close()
    try:
        with held(here, key):
            first = game_session(here, game)
            move_slot(redis_cluster, slot, source, target)  # the source says sunsubscribe
            hearsay = here.hearsay
            assert hearsay is not None
            wait_until(lambda: hearsay.game_session(game) not in (None, first),
                       "never subscribed where the slot went", timeout=15)
            assert subscribers((f"redis://127.0.0.1:{target}", False), key) == 1
            watch = here.watch([key])
            there.publish(game, 1)
            assert here.wait([key], 5.0, watch)
    finally:
        here.close()
        there.close()
        move_slot(redis_cluster, slot, target, source)
        wait_healthy(redis_cluster, timeout=60)
