"""Rate limits: a token bucket per bearer token, and per address for anonymous requests.

Each bucket holds up to `burst` requests and refills at `rate` per second; a request
that finds it empty gets 429 with `Retry-After` (the seconds until one request's
worth has refilled). The buckets live in process memory in the embedded mode and in
Redis otherwise (one Lua script per request: atomic, shared by every API process).
If Redis cannot be reached, requests are let through rather than refused: a missing
limit is better than an outage.

Why not a library: we need exact `Retry-After` values inside our own problem+json
responses, buckets rather than fixed windows (which allow twice the rate at a window
edge), and the same two backends as the rest of the service; that is this page.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from typing import Any, Protocol

log = logging.getLogger(__name__)


class Limiter(Protocol):
    def take(self, key: str, rate: float, burst: int) -> float:
        """Take one request from `key`'s bucket; 0 if allowed, else seconds to wait."""


class MemoryLimiter:
    def __init__(self) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str, rate: float, burst: int) -> float:
        now = time.monotonic()
        with self._lock:
            tokens, then = self._buckets.get(key, (float(burst), now))
            tokens = min(float(burst), tokens + (now - then) * rate)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                if len(self._buckets) > 100_000:  # forget idle buckets now and then
                    self._buckets = {k: v for k, v in self._buckets.items()
                                     if now - v[1] < burst / max(rate, 1e-9)}
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / rate


_SCRIPT = """
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local clock = redis.call('TIME')  -- Redis's clock, the same for every API process
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local granted = math.min(want, math.floor(tokens))
local wait = 0
if granted >= 1 then tokens = tokens - granted else granted = 0; wait = (1 - tokens) / rate end
redis.call('HSET', KEYS[1], 'tokens', tokens, 'at', now)
redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 1)
return {granted, tostring(wait)}
"""
# Long enough for a client of a few requests a second to use a whole lease before it
# lapses: with one second, such a client's process asked Redis every third request.
LEASE_SECONDS = 5.0
MAX_LEASE = 64


class RedisLimiter:
    """Buckets in Redis, shared by every API process. A process takes a few requests'
    worth from a bucket at once (a lease, spent within LEASE_SECONDS) so that most
    requests cost no round trip to Redis. A lease never takes more than the bucket
    holds, so over any stretch of time no more than the rate plus the burst get
    through; but a process may spend at once what it leased earlier, so a burst can
    exceed `burst` by what the processes hold: a lease each, usually (one per request
    that found none, at most), and a lease is at most a second's refill, a quarter of
    the burst and MAX_LEASE. A lease granted in full and spent before it lapsed is
    followed by one twice its size, so a bot playing many games on one token asks
    Redis once per few dozen requests instead of once per eight; after a lapse, or a
    short grant, the size starts again from the first."""

    def __init__(self, url: str, lease: int = 8) -> None:
        import redis

        self._redis: Any = redis.Redis.from_url(url, socket_timeout=0.5,
                                                socket_connect_timeout=0.5)
        self._script: Any = self._redis.register_script(_SCRIPT)
        self._lease = lease
        # key -> (requests left, lapses at, the size to ask for if it is spent in time)
        self._leases: dict[str, tuple[int, float, int]] = {}
        self._lock = threading.Lock()

    def take(self, key: str, rate: float, burst: int) -> float:
        now = time.monotonic()
        with self._lock:
            left, until, next_size = self._leases.get(key, (0, 0.0, self._lease))
            if left > 0 and now < until:
                self._leases[key] = (left - 1, until, next_size)
                return 0.0
        size = next_size if now < until else self._lease
        want = max(1, min(size, MAX_LEASE, burst // 4, int(rate)))
        try:
            granted, wait = self._script(keys=["ttr:rate:" + key], args=[burst, rate, want])
        except Exception as error:
            log.warning("rate limit not checked (Redis: %s)", error)
            return 0.0
        granted = int(granted)
        with self._lock:
            # requests that found no lease at once each asked: what they were granted
            # adds up, and one refused by Redis may take what another was granted
            left, until, next_size = self._leases.get(key, (0, 0.0, self._lease))
            left = left if time.monotonic() < until else 0
            if left + granted < 1:
                return float(wait)
            if granted >= 1:
                until = now + LEASE_SECONDS
                next_size = want * 2 if granted == want else self._lease
            self._leases[key] = (left + granted - 1, until, next_size)
            if len(self._leases) > 100_000:
                self._leases = {k: v for k, v in self._leases.items() if v[1] > now}
        return 0.0


def retry_after(wait: float) -> str:
    return str(max(1, math.ceil(wait)))
