"""Change notifications through Redis: what every process hears of the others' changes
(publish, watch and wait on every notifier: tests/integration/test_notifier_contract.py)."""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Callable, Iterator

import pytest
import redis

from messaging.hearsay import Hearsay
from messaging.notify import CHANNEL, LocalNotifier, RedisNotifier


@pytest.fixture
def two_processes(redis_url: str) -> Iterator[tuple[RedisNotifier, RedisNotifier]]:
    here, there = RedisNotifier(redis_url, background=True), RedisNotifier(redis_url)
    yield here, there
    here.close()
    there.close()


def wait_until(check: Callable[[], bool], what: str, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out: {what}"
        time.sleep(0.01)


def listening_session(hearsay: Hearsay) -> int:
    wait_until(lambda: hearsay.session() is not None, "never subscribed")
    session = hearsay.session()
    assert session is not None
    return session


def hearsay_of(notifier: RedisNotifier) -> tuple[Hearsay, int]:
    """The notifier's hearsay, once it listens, and its listening session."""
    hearsay = notifier.hearsay
    assert hearsay is not None
    return hearsay, listening_session(hearsay)


def test_a_change_published_by_another_process_is_heard(
        two_processes: tuple[RedisNotifier, RedisNotifier]) -> None:
    here, there = two_processes
    hearsay, session = hearsay_of(here)
    game = "g_" + uuid.uuid4().hex
    assert hearsay.is_latest(game, 6, session)
    there.publish(game, 7)
    wait_until(lambda: not hearsay.is_latest(game, 6, session), "the change was never heard")
    assert hearsay.is_latest(game, 7, session)


def test_a_broken_subscription_ends_the_session_and_the_next_one_hears_again(
        two_processes: tuple[RedisNotifier, RedisNotifier], redis_url: str) -> None:
    here, there = two_processes
    hearsay, first = hearsay_of(here)
    admin = redis.Redis.from_url(redis_url)
    for client in admin.client_list():
        if client["name"] == f"ttr-changes-{os.getpid()}":
            admin.client_kill_filter(_id=client["id"])
    admin.close()
    wait_until(lambda: hearsay.session() not in (None, first), "never subscribed again",
               timeout=10)
    second = listening_session(hearsay)
    assert not hearsay.is_latest("g", 1, first)
    game = "g_" + uuid.uuid4().hex
    there.publish(game, 7)
    wait_until(lambda: not hearsay.is_latest(game, 6, second), "the change was never heard")


def test_a_closed_notifier_vouches_for_nothing(
        two_processes: tuple[RedisNotifier, RedisNotifier]) -> None:
    here, _ = two_processes
    hearsay, session = hearsay_of(here)
    here.close()
    assert hearsay.session() is None
    assert not hearsay.is_latest("g", 1, session)


def test_a_new_session_does_not_vouch_for_what_the_last_one_knew() -> None:
    hearsay = Hearsay()
    hearsay.listening(True)
    session = hearsay.session()
    assert session is not None and hearsay.is_latest("g", 1, session)
    hearsay.listening(False)  # the subscription broke: changes may go unheard
    hearsay.listening(True)
    assert not hearsay.is_latest("g", 1, session)


def test_a_process_that_hears_only_its_own_changes_has_no_hearsay() -> None:
    assert LocalNotifier().hearsay is None


def test_a_forked_child_does_not_vouch_for_what_its_parent_heard() -> None:
    hearsay = Hearsay()
    hearsay.listening(True)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: no subscriber thread came along
        os.write(write, b"1" if hearsay.session() is None else b"0")
        os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(read, 1) == b"1"
    assert hearsay.session() is not None


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


def test_changes_queued_together_reach_the_others_as_one_message(
        two_processes: tuple[RedisNotifier, RedisNotifier], redis_url: str) -> None:
    here, _ = two_processes
    client = redis.Redis.from_url(redis_url)
    listening = client.pubsub()
    listening.subscribe(CHANNEL)
    assert listening.get_message(timeout=2)["type"] == "subscribe"
    games = ["g_" + uuid.uuid4().hex for _ in range(3)]
    for version, game in enumerate(games, start=1):
        here.publish(game, version, users=["u1"])  # within the sender's linger
    here.flush()
    message = listening.get_message(timeout=2)
    assert message is not None and message["type"] == "message"
    assert json.loads(message["data"]) == [
        {"game": game, "version": version, "users": ["u1"]}
        for version, game in enumerate(games, start=1)]
    assert listening.get_message(timeout=0.2) is None
    listening.close()
    client.close()


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
