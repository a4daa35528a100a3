"""Change notifications through Redis's sharded pub/sub, on a single Redis and on a
Redis Cluster of three primaries and three replicas: a process follows only the keys
it holds, hears the changes of those from other processes, and vouches only for the
games it follows (publish, watch and wait on every notifier:
tests/integration/test_notifier_contract.py)."""

from __future__ import annotations

import os
import socket
import threading
import time

import pytest

from domain.table import TakeSeat, create_game, decide_table
from events import GameLog, SqlStore, VersionConflict
from messaging.hearsay import Hearsay
from messaging.notify import LINGER_SECONDS as NOTIFY_LINGER
from messaging.notify import (
    TELL_CHANNEL,
    LocalNotifier,
    channel_of,
    game_key,
    user_key,
)
from messaging.redis_notify import RedisNotifier
from messaging.subscription import MESSAGE, SUBSCRIBED, Subscription
from tests.notify_support import (
    SHORT_LINGER,
    game_session,
    held,
    new_id,
    node_of,
    subscribers,
    wait_until,
)
from tests.notify_support import backend as backend  # noqa: F401 (a fixture)
from tests.notify_support import short_lived as short_lived  # noqa: F401 (a fixture)
from tests.notify_support import two_processes as two_processes  # noqa: F401 (a fixture)
from tests.redis_cluster import redis_cluster as redis_cluster  # noqa: F401 (a fixture)

# -- waking across processes ------------------------------------------------------------

def confirmed_watch(notifier: RedisNotifier, keys: list[str]) -> dict[str, int]:
    """A watch on `keys` once Redis has confirmed their subscriptions: `watch` waits for
    that only so long (a busy machine took longer), and a change published before it
    reaches a waiter only when its stream next reads the log."""
    watch = notifier.watch(keys)
    wanted = {channel_of(key) for key in keys}
    wait_until(lambda: wanted <= notifier.following(), f"following {notifier.following()}")
    return watch


def test_a_change_published_by_another_process_wakes_a_waiter_here(
        two_processes: tuple[RedisNotifier, RedisNotifier]) -> None:
    here, there = two_processes
    game, player = new_id("g_"), new_id("u_")
    watch = confirmed_watch(here, [game_key(game), user_key(player)])
    there.publish(game, 1, users=[player])
    assert here.wait([game_key(game)], timeout=5.0, since=watch)
    assert here.wait([user_key(player)], timeout=5.0, since=watch)


def test_a_change_published_by_an_api_process_wakes_a_waiter_elsewhere(
        two_processes: tuple[RedisNotifier, RedisNotifier]) -> None:
    here, there = two_processes
    game = new_id("g_")
    watch = confirmed_watch(there, [game_key(game)])
    here.publish(game, 1)  # (through its sender thread)
    assert there.wait([game_key(game)], timeout=5.0, since=watch)


def test_what_is_told_reaches_every_process(
        two_processes: tuple[RedisNotifier, RedisNotifier]) -> None:
    here, there = two_processes
    key = new_id("tokens:u_")
    watch = here.watch([key])
    there.tell([key])
    assert here.wait([key], timeout=5.0, since=watch)


# -- following only what is held --------------------------------------------------------

def test_a_process_subscribes_only_to_the_keys_it_holds(
        two_processes: tuple[RedisNotifier, RedisNotifier],
        backend: tuple[str, bool]) -> None:
    here, _ = two_processes
    game, player, other = new_id("g_"), new_id("u_"), new_id("g_")
    with held(here, game_key(game)), held(here, user_key(player)):
        wanted = {TELL_CHANNEL, channel_of(game_key(game)), channel_of(user_key(player))}
        wait_until(lambda: here.following() == wanted, f"following {here.following()}")
        assert subscribers(backend, game_key(game)) == 1
        assert subscribers(backend, user_key(player)) == 1
        assert subscribers(backend, game_key(other)) == 0


def test_the_last_holder_leaving_unsubscribes_after_the_linger(
        short_lived: RedisNotifier, backend: tuple[str, bool]) -> None:
    here = short_lived
    game = new_id("g_")
    key = game_key(game)
    # The waits end when told of a change, not on a timer: on a busy machine Redis
    # Cluster's confirmation once came after a short wait and its linger were over.
    watch = here.watch([key])
    waits = [threading.Thread(target=here.wait, args=([key], 30.0, watch)) for _ in range(2)]
    for wait in waits:
        wait.start()
    wait_until(lambda: subscribers(backend, key) == 1, "never subscribed")
    here.publish(game, 1)
    for wait in waits:
        wait.join()
    wait_until(lambda: subscribers(backend, key) == 0, "never unsubscribed")
    assert channel_of(key) not in here.following()


def test_a_channel_stays_subscribed_while_a_wait_holds_it(
        short_lived: RedisNotifier, backend: tuple[str, bool]) -> None:
    here = there = short_lived
    game = new_id("g_")
    key = game_key(game)
    woken: list[bool] = []
    waiting = threading.Thread(target=lambda: woken.append(here.wait([key], 30.0)))
    waiting.start()
    wait_until(lambda: channel_of(key) in here.following(), "never subscribed")
    time.sleep(10 * SHORT_LINGER)  # many lingers: a held channel is not dropped
    assert subscribers(backend, key) == 1
    there.publish(game, 1)
    waiting.join(10)
    assert woken == [True]


def test_a_publish_for_a_game_no_one_here_follows_is_not_received(
        two_processes: tuple[RedisNotifier, RedisNotifier]) -> None:
    here, there = two_processes
    followed, unfollowed = new_id("g_"), new_id("g_")
    watch = here.watch([game_key(followed)])
    there.publish(unfollowed, 1)
    there.publish(followed, 1)  # published after: once it is heard, so would the other be
    assert here.wait([game_key(followed)], timeout=5.0, since=watch)
    assert here.heard_of(game_key(unfollowed)) == 0
    assert here.heard_of(game_key(followed)) == 1


def test_changes_queued_together_reach_each_channel_as_one_message(
        two_processes: tuple[RedisNotifier, RedisNotifier],
        backend: tuple[str, bool]) -> None:
    here, _ = two_processes
    game = new_id("g_")
    channel = channel_of(game_key(game))
    node = node_of(backend, channel)
    host, port = node.connection_pool.connection_kwargs["host"], \
        node.connection_pool.connection_kwargs["port"]
    node.close()
    listening = Subscription(f"redis://{host}:{port}")
    listening.open()
    try:
        listening.subscribe([channel])
        wait_until(lambda: any(kind == SUBSCRIBED for kind, _, _ in listening.receive(0.1)),
                   "never subscribed")
        versions = publish_within_the_linger(here, game)
        last = b'"version":%d}' % versions[-1]
        said: list[bytes] = []  # a slow round's messages come first, in order
        wait_until(lambda: bool(said.extend(p for k, _, p in listening.receive(0.1)
                                            if k == MESSAGE)) or any(last in p for p in said),
                   "the last change never heard")
    finally:
        listening.close()
    assert said[-1] == b'[' + b','.join(b'{"game":"%s","version":%d}' % (game.encode(), v)
                                        for v in versions) + b']'


def publish_within_the_linger(notifier: RedisNotifier, game: str) -> list[int]:
    """Three changes of `game` queued within the sender's linger (the versions): the
    sender sleeps that long after taking the first, so all three are in its batch. A
    round whose three took longer (a busy machine) is sent and the next one tried."""
    for first in range(1, 300, 3):
        versions = [first, first + 1, first + 2]
        started = time.monotonic()
        for version in versions:
            notifier.publish(game, version, users=["u1"])
        took = time.monotonic() - started
        notifier.flush()
        if took < NOTIFY_LINGER:
            return versions
    raise AssertionError("never queued three changes within the linger")


# -- what a process vouches for ---------------------------------------------------------

def test_a_change_to_a_followed_game_from_another_process_is_heard(
        two_processes: tuple[RedisNotifier, RedisNotifier]) -> None:
    here, there = two_processes
    game = new_id("g_")
    with held(here, game_key(game)):
        session = game_session(here, game)
        hearsay = here.hearsay
        assert hearsay is not None and hearsay.is_latest(game, 6, session)
        there.publish(game, 7)
        wait_until(lambda: not hearsay.is_latest(game, 6, session),
                   "the change was never heard")
        assert hearsay.is_latest(game, 7, session)


def test_a_game_no_longer_followed_has_no_session(short_lived: RedisNotifier) -> None:
    here = short_lived
    game = new_id("g_")
    here.wait([game_key(game)], 0.0)
    session = game_session(here, game)
    hearsay = here.hearsay
    assert hearsay is not None
    wait_until(lambda: hearsay.game_session(game) is None, "still followed past the linger")
    assert not hearsay.is_latest(game, 1, session)


def test_a_broken_subscription_ends_the_session_and_the_next_one_hears_again(
        two_processes: tuple[RedisNotifier, RedisNotifier],
        backend: tuple[str, bool]) -> None:
    here, there = two_processes
    game = new_id("g_")
    key = game_key(game)
    watch = here.watch([key])
    first = game_session(here, game)
    woken: list[bool] = []
    waiting = threading.Thread(target=lambda: woken.append(here.wait([key], 30.0, watch)))
    waiting.start()
    node = node_of(backend, channel_of(key))
    for client in node.client_list():
        if client["name"] == f"ttr-changes-{os.getpid()}":
            node.client_kill_filter(_id=client["id"])
    node.close()
    hearsay = here.hearsay
    assert hearsay is not None
    wait_until(lambda: hearsay.game_session(game) not in (None, first),
               "never subscribed again", timeout=10)
    # changes may have gone unheard meanwhile: the waiter is woken to read again
    waiting.join(10)
    assert woken == [True]
    assert not hearsay.is_latest(game, 1, first)
    second = game_session(here, game)
    there.publish(game, 7)
    wait_until(lambda: not hearsay.is_latest(game, 6, second), "the change was never heard")


def test_a_closed_notifier_vouches_for_nothing(
        two_processes: tuple[RedisNotifier, RedisNotifier]) -> None:
    here, _ = two_processes
    game = new_id("g_")
    here.watch([game_key(game)])
    session = game_session(here, game)
    hearsay = here.hearsay
    assert hearsay is not None
    here.close()
    assert hearsay.session() is None
    assert not hearsay.is_latest(game, 1, session)


def test_the_game_cache_never_acts_on_a_state_another_process_changed(
        two_processes: tuple[RedisNotifier, RedisNotifier], store: SqlStore) -> None:
    here, there = two_processes
    game = new_id("g_")
    ours, theirs = GameLog(store, hearsay=here.hearsay), GameLog(store)
    events = create_game(map_name="usa", seats=3, created_by="alice", seed=b"log")
    ours.execute(game, lambda _: events, "user:alice", new=True)
    assert ours.vouched(game) is None  # cached, but not followed here: not vouched for
    with held(here, game_key(game)):  # a stream of the game is held here
        watch = here.watch([game_key(game)])
        cached = ours.load(game)
        assert ours.vouched(game) is cached
        after = theirs.execute(game, lambda t: decide_table(t, "bob", TakeSeat("bob")),
                               "user:bob").after
        there.publish(game, after.version)
        assert here.wait([game_key(game)], timeout=5.0, since=watch)
        assert ours.vouched(game) is None  # heard of a newer version: read the log
        assert ours.load(game).version == after.version
        assert ours.vouched(game) is not None


def test_a_stale_vouched_state_loses_to_the_appends_version_check(
        two_processes: tuple[RedisNotifier, RedisNotifier], store: SqlStore) -> None:
    # (the other process's notification not yet heard: the append has the last word)
    here, _ = two_processes
    game = new_id("g_")
    ours, theirs = GameLog(store, hearsay=here.hearsay), GameLog(store)
    events = create_game(map_name="usa", seats=3, created_by="alice", seed=b"log")
    with held(here, game_key(game)):
        ours.execute(game, lambda _: events, "user:alice", new=True)
        stale = ours.vouched(game)
        assert stale is not None
        theirs.execute(game, lambda t: decide_table(t, "bob", TakeSeat("bob")), "user:bob")
        with pytest.raises(VersionConflict):
            ours.execute(game, lambda t: decide_table(t, "carol", TakeSeat("carol")),
                         "user:carol", loaded=stale, vouched=True)
    assert store.current_version(game) == stale.version + 1


@pytest.mark.parametrize("cluster", [False, True], ids=["redis", "cluster"])
def test_a_notifier_whose_redis_is_down_still_starts_and_its_waiters_time_out(
        cluster: bool) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # (nothing listens there)
    notifier = RedisNotifier(f"redis://127.0.0.1:{port}", cluster=cluster)
    game = new_id("g_")
    watch = notifier.watch([game_key(game)])
    notifier.publish(game, 1)  # lost for the other processes, logged
    assert notifier.wait([game_key(game)], 0.0, watch)  # this process's own waiters wake
    assert not notifier.wait([game_key(new_id("g_"))], 0.2)
    hearsay = notifier.hearsay
    assert hearsay is not None and hearsay.game_session(game) is None  # vouches for nothing
    notifier.close()


# -- hearsay alone ----------------------------------------------------------------------

def test_a_new_session_does_not_vouch_for_what_the_last_one_knew() -> None:
    hearsay = Hearsay()
    hearsay.following("g", True)
    session = hearsay.game_session("g")
    assert session is not None and hearsay.is_latest("g", 1, session)
    hearsay.following("g", False)  # the subscription broke: changes may go unheard
    hearsay.following("g", True)
    assert not hearsay.is_latest("g", 1, session)


def test_a_process_that_hears_only_its_own_changes_has_no_hearsay() -> None:
    assert LocalNotifier().hearsay is None


def test_a_forked_child_does_not_vouch_for_what_its_parent_heard() -> None:
    hearsay = Hearsay()
    hearsay.listening(True)
    hearsay.following("g", True)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: no subscriber thread came along
        deaf = hearsay.session() is None and hearsay.game_session("g") is None
        os.write(write, b"1" if deaf else b"0")
        os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(read, 1) == b"1"
    assert hearsay.session() is not None and hearsay.game_session("g") is not None


# -- a long-lived process's counts ------------------------------------------------------

def test_counts_start_over_past_the_limit_and_keep_no_more() -> None:
    notifier = LocalNotifier()
    notifier.MAX_KEYS = 10
    for i in range(35):
        notifier.publish(f"g{i}", 1)
    assert len(notifier._counts) <= 10


def test_a_waiter_from_before_the_counts_started_over_wakes_at_once() -> None:
    notifier = LocalNotifier()
    notifier.MAX_KEYS = 3
    notifier.publish("g", 1)
    watch = notifier.watch(["game:g"])  # g's count is 1
    for other in ("a", "b", "c"):
        notifier.publish(other, 1)  # the third starts a new generation: g's count is gone
    notifier.publish("g", 2)  # and g's count is 1 again
    assert notifier.wait(["game:g"], timeout=0.0, since=watch)


def test_a_change_wakes_only_the_waiters_of_its_own_keys() -> None:
    # a change costs what its game's subscribers cost, not every waiter of the process
    import threading

    notifier = LocalNotifier()
    woken: list[str] = []

    def waiter(key: str) -> None:
        if notifier.wait([key], timeout=0.5):
            woken.append(key)

    threads = [threading.Thread(target=waiter, args=(f"game:g{i}",)) for i in range(50)]
    for thread in threads:
        thread.start()
    wait_until(lambda: notifier.waiting() == 50, "every waiter registered")
    notifier.publish("g7", 1)
    wait_until(lambda: notifier.waiting() == 49, "the woken waiter gone")
    for thread in threads:
        thread.join()
    assert woken == ["game:g7"]


def test_a_greenlet_waiting_on_a_wake_wakes_when_it_is_set_and_else_at_its_timeout() -> None:
    # (what a waiter waits on in a gevent worker)
    import gevent

    from messaging.wake import Wake

    woken, idle = Wake(), Wake()
    ended: dict[str, tuple[bool, float]] = {}

    def wait(name: str, wake: Wake, timeout: float) -> None:
        ended[name] = (wake.wait(timeout), time.monotonic())

    started = time.monotonic()
    waits = [gevent.spawn(wait, "woken", woken, 5.0), gevent.spawn(wait, "idle", idle, 0.2)]
    gevent.sleep(0.01)
    woken.set()
    gevent.joinall(waits, timeout=5)
    assert ended["woken"][0] and ended["woken"][1] - started < 0.15
    assert not ended["idle"][0] and ended["idle"][1] - started >= 0.2
