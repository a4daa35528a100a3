"""Rate limits: a token bucket per bearer token, per address for anonymous requests,
and per address apart for requests with an invalid token (`service.middleware` picks).

Each bucket holds up to `burst` requests and refills at `rate` per second; a request
that finds it empty gets 429 with `Retry-After` (the seconds until one request's
worth has refilled). The buckets live in process memory in the embedded mode and in
Redis otherwise (one Lua script per request: atomic, shared by every API process).
If Redis cannot be reached, requests are let through rather than refused: a missing
limit is better than an outage.

`check` also says what is left: the requests the bucket still holds and the seconds
until it is full again, which the API sends as the IETF RateLimit headers
(`rate_headers`; draft-ietf-httpapi-ratelimit-headers) on every response that went
through a limiter. A bucket of `burst` refilling at `rate` is the policy of `burst`
requests per `burst / rate` seconds.

Why not a library: we need exact `Retry-After` values inside our own problem+json
responses, buckets rather than fixed windows (which allow twice the rate at a window
edge), and the same two backends as the rest of the service; that is this page.
"""

from __future__ import annotations

import functools
import logging
import math
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

from apispec import BasePlugin

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Allowance:
    """One request's answer from a bucket."""
    wait: float  # 0: allowed; else the seconds until one request's worth has refilled
    remaining: int | None  # the requests the bucket still holds; None: not known
    reset: float  # the seconds until the bucket is full again


class Limiter(Protocol):
    def take(self, key: str, rate: float, burst: int) -> float:
        """Take one request from `key`'s bucket; 0 if allowed, else seconds to wait."""

    def check(self, key: str, rate: float, burst: int) -> Allowance:
        """`take`, also saying what the bucket holds now and when it is full again."""


class MemoryLimiter:
    def __init__(self) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str, rate: float, burst: int) -> float:
        return self.check(key, rate, burst).wait

    def check(self, key: str, rate: float, burst: int) -> Allowance:
        now = time.monotonic()
        with self._lock:
            tokens, then = self._buckets.get(key, (float(burst), now))
            tokens = min(float(burst), tokens + (now - then) * rate)
            wait = 0.0
            if tokens >= 1.0:
                tokens -= 1.0
                if len(self._buckets) > 100_000:  # forget idle buckets now and then
                    self._buckets = {k: v for k, v in self._buckets.items()
                                     if now - v[1] < burst / max(rate, 1e-9)}
            else:
                wait = (1.0 - tokens) / rate
            self._buckets[key] = (tokens, now)
        return Allowance(wait, math.floor(tokens), (burst - tokens) / rate)


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
return {granted, tostring(wait), tostring(tokens)}
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
        # key -> (requests left, lapses at, the size to ask for if it is spent in time,
        # what the bucket held when Redis last answered and when)
        self._leases: dict[str, tuple[int, float, int, tuple[float, float]]] = {}
        self._lock = threading.Lock()

    def take(self, key: str, rate: float, burst: int) -> float:
        return self.check(key, rate, burst).wait

    def check(self, key: str, rate: float, burst: int) -> Allowance:
        """What is left is an estimate while a lease lasts: what the bucket held when
        the lease was granted, refilled since, plus the lease's unspent requests (other
        processes may have taken some since)."""
        now = time.monotonic()
        with self._lock:
            lease = self._leases.get(key)
            left, until, next_size, held = lease or (0, 0.0, self._lease, (float(burst), now))
            if left > 0 and now < until:
                self._leases[key] = (left - 1, until, next_size, held)
                return _estimate(held, left - 1, now, rate, burst)
        size = next_size if now < until else self._lease
        want = max(1, min(size, MAX_LEASE, burst // 4, int(rate)))
        try:
            granted, wait, tokens = self._script(keys=["ttr:rate:" + key],
                                                 args=[burst, rate, want])
        except Exception as error:
            log.warning("rate limit not checked (Redis: %s)", error)
            return Allowance(0.0, None, 0.0)
        granted, bucket = int(granted), (float(tokens), now)
        with self._lock:
            # requests that found no lease at once each asked: what they were granted
            # adds up, and one refused by Redis may take what another was granted
            left, until, next_size, _ = self._leases.get(key, (0, 0.0, self._lease, bucket))
            left = left if time.monotonic() < until else 0
            if left + granted < 1:
                return Allowance(float(wait), 0, (burst - float(tokens)) / rate)
            if granted >= 1:
                until = now + LEASE_SECONDS
                next_size = want * 2 if granted == want else self._lease
            self._leases[key] = (left + granted - 1, until, next_size, bucket)
            if len(self._leases) > 100_000:
                self._leases = {k: v for k, v in self._leases.items() if v[1] > now}
        return _estimate(bucket, left + granted - 1, now, rate, burst)


def _estimate(held: tuple[float, float], unspent: int, now: float, rate: float,
              burst: int) -> Allowance:
    """What a bucket holds for this process: what Redis said it held at a moment,
    refilled since, plus the requests of this process's lease not yet spent."""
    tokens = min(float(burst), held[0] + (now - held[1]) * rate + unspent)
    return Allowance(0.0, math.floor(tokens), (burst - tokens) / rate)

def retry_after(wait: float) -> str:
    return str(max(1, math.ceil(wait)))


def rate_headers(policy: str, rate: float, burst: int, allowance: Allowance) -> dict[str, str]:
    """The IETF RateLimit headers for a request that went through `policy`'s bucket:
    `RateLimit-Policy` (`q` requests per `w` seconds) and `RateLimit` (`r` left, `t`
    seconds until the bucket is full again)."""
    headers = {"RateLimit-Policy": _policy_header(policy, rate, burst)}
    if allowance.remaining is not None:
        headers["RateLimit"] = (f'"{policy}";r={max(0, allowance.remaining)};'
                                f't={max(0, math.ceil(allowance.reset))}')
    return headers


@functools.lru_cache(maxsize=64)
def _policy_header(policy: str, rate: float, burst: int) -> str:
    """`RateLimit-Policy`'s value: the same for every request of a policy (made once)."""
    window = max(1, math.ceil(burst / rate))
    return f'"{policy}";q={burst};w={window}'


RATE_LIMIT_HEADERS: dict[str, dict[str, Any]] = {
    "RateLimit-Policy": {
        "description": "The limit this request counted against (IETF "
                       "draft-ietf-httpapi-ratelimit-headers): its name (`token`, "
                       "`address`, `invalid-token`: an address's requests with tokens the "
                       "server never made, `accounts`), `q` requests per `w` seconds (a "
                       "bucket of `q` requests refilling over `w` seconds).",
        "schema": {"type": "string", "example": '"token";q=200;w=4'}},
    "RateLimit": {
        "description": "What is left of it: `r` requests now, and `t` seconds until the "
                       "bucket is full again.",
        "schema": {"type": "string", "example": '"token";r=187;t=1'}},
}
LIMITED_PREFIX = "/v1/"


class RateLimitPlugin(BasePlugin):
    """Declares the RateLimit headers on every response of every rate-limited operation
    (the shared problem responses declare them themselves: `with_rate_headers`)."""

    def init_spec(self, spec: Any) -> None:
        for name, header in RATE_LIMIT_HEADERS.items():
            spec.components.header(name, header)

    def operation_helper(self, path: str | None = None,
                         operations: dict[str, Any] | None = None, **_: Any) -> None:
        if not (path or "").startswith(LIMITED_PREFIX):
            return
        for operation in (operations or {}).values():
            for response in operation.get("responses", {}).values():
                if isinstance(response, dict):
                    with_rate_headers(response)


def with_rate_headers(response: dict[str, Any]) -> dict[str, Any]:
    headers = response.setdefault("headers", {})
    for name in RATE_LIMIT_HEADERS:
        headers.setdefault(name, {"$ref": f"#/components/headers/{name}"})
    return response
