"""The spectators' contract (`messaging.spectators.Spectators`: who watches a game now),
run on every adapter: `MemorySpectators` (one process) and `RedisSpectators` (real
Redis, shared by every API process). Each test has a queue name of its own: test
sessions share the Redis."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterator

import pytest

from messaging.spectators import MemorySpectators, RedisSpectators, Spectators

ADAPTERS = ["memory", "redis"]
TTL = 30.0  # long enough never to lapse during a test that does not wait for it
SHORT_TTL = 1.0  # waited out by the tests of lapsing; a count asked for later may be 0


def made(request: pytest.FixtureRequest, ttl: float) -> Iterator[Spectators]:
    if request.param == "memory":
        yield MemorySpectators(ttl)
        return
    url = request.getfixturevalue("redis_url")
    queue = "test-spectators-" + secrets.token_hex(4)
    kept = RedisSpectators(url, queue, ttl)
    yield kept
    for key in kept._redis.scan_iter(f"ttr:{queue}:spectators:*"):
        kept._redis.delete(key)
    kept.close()


@pytest.fixture(params=ADAPTERS)
def spectators(request: pytest.FixtureRequest) -> Iterator[Spectators]:
    """Each adapter in turn."""
    yield from made(request, TTL)


@pytest.fixture(params=ADAPTERS)
def fleeting(request: pytest.FixtureRequest) -> Iterator[Spectators]:
    """Each adapter in turn, with a short TTL."""
    yield from made(request, SHORT_TTL)


def eventually(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_nobody_watches_a_game_nobody_opened(spectators: Spectators) -> None:
    assert spectators.count("g_quiet") == 0


def test_each_user_watching_counts_once(spectators: Spectators) -> None:
    spectators.arrive("g_1", "u_ann", "s1")
    spectators.arrive("g_1", "u_bob", "s2")
    assert spectators.count("g_1") == 2


def test_the_same_user_in_two_streams_counts_once(spectators: Spectators) -> None:
    spectators.arrive("g_1", "u_ann", "tab-1")
    spectators.arrive("g_1", "u_ann", "tab-2")
    assert spectators.count("g_1") == 1


def test_a_refreshed_stream_still_counts_once(spectators: Spectators) -> None:
    for _ in range(3):
        spectators.arrive("g_1", "u_ann", "s1")
    assert spectators.count("g_1") == 1


def test_a_spectator_who_leaves_is_no_longer_counted(spectators: Spectators) -> None:
    spectators.arrive("g_1", "u_ann", "s1")
    spectators.arrive("g_1", "u_bob", "s2")
    spectators.leave("g_1", "u_ann", "s1")
    assert spectators.count("g_1") == 1


def test_a_user_still_watching_in_another_tab_still_counts(spectators: Spectators) -> None:
    spectators.arrive("g_1", "u_ann", "tab-1")
    spectators.arrive("g_1", "u_ann", "tab-2")
    spectators.leave("g_1", "u_ann", "tab-1")
    assert spectators.count("g_1") == 1


def test_leaving_a_game_one_never_watched_changes_nothing(spectators: Spectators) -> None:
    spectators.arrive("g_1", "u_ann", "s1")
    spectators.leave("g_1", "u_bob", "s9")
    spectators.leave("g_other", "u_ann", "s1")
    assert spectators.count("g_1") == 1


def test_each_game_counts_its_own_spectators(spectators: Spectators) -> None:
    spectators.arrive("g_1", "u_ann", "s1")
    spectators.arrive("g_2", "u_bob", "s2")
    spectators.arrive("g_2", "u_cid", "s3")
    assert (spectators.count("g_1"), spectators.count("g_2")) == (1, 2)


def test_a_stream_unheard_from_for_its_ttl_no_longer_counts(fleeting: Spectators) -> None:
    arrived = time.monotonic()
    fleeting.arrive("g_1", "u_ann", "s1")
    count = fleeting.count("g_1")
    if time.monotonic() - arrived < SHORT_TTL:  # (else it may have lapsed meanwhile)
        assert count == 1
    assert eventually(lambda: fleeting.count("g_1") == 0)


def test_a_stream_heard_from_again_keeps_counting(fleeting: Spectators) -> None:
    fleeting.arrive("g_1", "u_ann", "s1")
    fleeting.arrive("g_1", "u_bob", "s2")
    # Ann's stream keeps saying she is there; Bob's goes quiet and lapses
    deadline = time.monotonic() + 10.0
    while fleeting.count("g_1") != 1 and time.monotonic() < deadline:
        fleeting.arrive("g_1", "u_ann", "s1")
        time.sleep(0.02)
    arrived = time.monotonic()
    fleeting.arrive("g_1", "u_ann", "s1")
    count = fleeting.count("g_1")
    if time.monotonic() - arrived < SHORT_TTL:  # (else Ann's may have lapsed meanwhile)
        assert count == 1
    else:
        assert count <= 1


def test_a_memory_spectator_lapses_by_its_clock() -> None:
    now = [100.0]
    spectators = MemorySpectators(5.0, clock=lambda: now[0])
    spectators.arrive("g_1", "u_ann", "s1")
    now[0] = 104.9
    assert spectators.count("g_1") == 1
    now[0] = 105.0
    assert spectators.count("g_1") == 0


def test_redis_out_of_reach_counts_nobody_and_breaks_no_stream() -> None:
    from tests.ports import free_port

    spectators = RedisSpectators(f"redis://127.0.0.1:{free_port()}/0", "q", TTL)
    spectators.arrive("g_1", "u_ann", "s1")
    spectators.leave("g_1", "u_ann", "s1")
    assert spectators.count("g_1") == 0
