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
local clock = redis.call('TIME')  -- Redis's clock, the same for every API process
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = (1 - tokens) / rate end
redis.call('HSET', KEYS[1], 'tokens', tokens, 'at', now)
redis.call('EXPIRE', KEYS[1], math.ceil(burst / rate) + 1)
return tostring(wait)
"""


class RedisLimiter:
    def __init__(self, url: str) -> None:
        import redis

        self._redis: Any = redis.Redis.from_url(url, socket_timeout=0.5,
                                                socket_connect_timeout=0.5)
        self._script: Any = self._redis.register_script(_SCRIPT)

    def take(self, key: str, rate: float, burst: int) -> float:
        try:
            wait = self._script(keys=["ttr:rate:" + key], args=[burst, rate])
        except Exception as error:
            log.warning("rate limit not checked (Redis: %s)", error)
            return 0.0
        return float(wait)


def retry_after(wait: float) -> str:
    return str(max(1, math.ceil(wait)))
