"""The rate limiter's contract, written once and run on every adapter: `MemoryLimiter`
(one process) and `RedisLimiter` (real Redis, one bucket shared by every process).
Bucket keys are random: test sessions share the Redis."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator

import pytest

from service.ratelimit import Limiter, MemoryLimiter, RedisLimiter

ADAPTERS = ["memory", "redis"]
# a request's worth every 100 s: where a test counts what a bucket lets through, no pause
# of a loaded machine between its requests refills one (in CI a machine stalled 10 s
# between two requests of a test whose bucket refilled once a second)
SLOW = 0.01


@pytest.fixture(params=ADAPTERS)
def limiter(request: pytest.FixtureRequest) -> Iterator[Limiter]:
    """Each limiter adapter in turn."""
    if request.param == "memory":
        yield MemoryLimiter()
    else:
        yield RedisLimiter(request.getfixturevalue("redis_url"))


@pytest.fixture
def key(limiter: Limiter) -> Iterator[str]:
    name = "test-" + secrets.token_hex(6)
    yield name
    if isinstance(limiter, RedisLimiter):
        limiter._redis.delete("ttr:rate:" + name, "ttr:rate:" + name + "-other")


def test_a_full_bucket_lets_its_burst_through_then_refuses(limiter: Limiter, key: str) -> None:
    allowed = [limiter.take(key, SLOW, 4) == 0.0 for _ in range(6)]
    assert allowed == [True] * 4 + [False] * 2


def test_an_empty_bucket_says_how_long_until_a_request_has_refilled(
        limiter: Limiter, key: str) -> None:
    waits = [limiter.take(key, SLOW, 4) for _ in range(5)]
    assert waits[:4] == [0.0] * 4
    assert 0 < waits[4] <= 1 / SLOW


def test_an_empty_bucket_refills_at_its_rate(limiter: Limiter, key: str) -> None:
    assert [limiter.take(key, 10.0, 2) for _ in range(2)] == [0.0, 0.0]
    wait = limiter.take(key, 10.0, 2)
    assert 0 < wait <= 0.1
    time.sleep(wait + 0.05)
    assert limiter.take(key, 10.0, 2) == 0.0


def test_each_key_has_a_bucket_of_its_own(limiter: Limiter, key: str) -> None:
    assert [limiter.take(key, SLOW, 2) for _ in range(2)] == [0.0, 0.0]
    assert limiter.take(key, SLOW, 2) > 0
    assert limiter.take(key + "-other", SLOW, 2) == 0.0


def test_each_answer_says_how_many_requests_the_bucket_still_holds(
        limiter: Limiter, key: str) -> None:
    remaining = [limiter.check(key, SLOW, 4).remaining for _ in range(5)]
    assert remaining == [3, 2, 1, 0, 0]


def test_a_bucket_says_when_it_is_full_again(limiter: Limiter, key: str) -> None:
    first = limiter.check(key, SLOW, 4)
    assert first.wait == 0.0
    assert 0 < first.reset <= 1 / SLOW  # one request's worth refills in 100 s
    for _ in range(3):
        limiter.check(key, SLOW, 4)
    refused = limiter.check(key, SLOW, 4)
    assert refused.wait > 0
    assert 3 / SLOW < refused.reset <= 4 / SLOW  # all four requests' worth


def test_a_refused_request_takes_nothing_from_what_is_left(limiter: Limiter,
                                                           key: str) -> None:
    assert [limiter.check(key, 10.0, 2).wait == 0.0 for _ in range(3)] == [True, True, False]
    refused_at = time.monotonic()
    time.sleep(0.15)
    after = limiter.check(key, 10.0, 2)
    # a refusal that took a request would leave the bucket one in debt: 0.15 s later it
    # would hold half a request, and this one would be refused too
    assert after.wait == 0.0
    if time.monotonic() - refused_at < 0.2:  # (a busy machine may have let more refill)
        assert after.remaining == 0  # one refilled, and taken now
