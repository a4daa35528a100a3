"""Whether any worker takes jobs from a queue: each `ttr worker` says so in Redis every
few seconds, and the API reads when one last did (`/readyz`, a score still pending).

Why our own beat and not RQ's worker registry: an idle RQ worker refreshes its entry
only when its blocking dequeue times out (every `worker_ttl - 15` s, 405 s by
default), and a killed one stays listed until its key expires (8 minutes), so the
registry cannot tell "no worker for a minute" from "idle workers"; and once the last
entry is gone it cannot say since when. Here each worker writes the time (Redis's own
clock, so that the machines' clocks never matter) into one sorted set per queue,
`ttr:QUEUE:workers-seen` (member: the worker's name), and removes itself when it
stops; the newest score is when a worker was last heard. Entries older than a day
are dropped, and the key expires a day after the last beat.

The beat runs in a daemon thread of the worker's process: it says that the process
lives and reaches Redis. (A job that loops for ever is RQ's job timeout's business.)
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from redis import Redis

log = logging.getLogger("worker.presence")

KEEP_FOR = 24 * 3600  # seconds an entry (and the key, after the last beat) is kept


def presence_key(queue: str) -> str:
    return f"ttr:{queue}:workers-seen"


def _server_time(redis: Redis) -> float:
    seconds, micros = redis.time()
    return float(seconds) + micros / 1e6


class Presence:
    """A worker's beat on the queues it takes jobs from (see the module doc)."""

    def __init__(self, redis_url: str, queues: Sequence[str], *, every: float = 15.0,
                 name: str | None = None) -> None:
        self.queues = tuple(queues)
        self.every = every
        self.name = name or f"{socket.gethostname()}:{os.getpid()}"
        self._redis = Redis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ttr-presence", daemon=True)
        self._ticked = time.monotonic()  # the thread's last turn
        self._written: float | None = None  # (monotonic) the last beat Redis took

    def start(self) -> None:
        self._thread.start()

    def beat(self) -> bool:
        """Write one beat; False (and a log line) when Redis cannot take it."""
        try:
            now = _server_time(self._redis)
            with self._redis.pipeline() as pipe:
                for queue in self.queues:
                    key = presence_key(queue)
                    pipe.zadd(key, {self.name: now})
                    pipe.zremrangebyscore(key, "-inf", now - KEEP_FOR)
                    pipe.expire(key, KEEP_FOR)
                pipe.execute()
        except Exception as error:  # Redis away: the worker goes on, the probe sees it
            log.warning("presence beat failed: %s", error)
            return False
        self._written = time.monotonic()
        return True

    def _run(self) -> None:
        while True:
            self._ticked = time.monotonic()
            self.beat()
            if self._stop.wait(self.every):
                return

    def stop(self) -> None:
        """Stop beating and say so: the API sees at once that this worker left."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        try:
            for queue in self.queues:
                self._redis.zrem(presence_key(queue), self.name)
        except Exception as error:
            log.warning("presence: could not remove %s: %s", self.name, error)
        self._redis.close()

    def alive(self) -> bool:
        """The beat's thread is turning (the worker's liveness)."""
        return (self._thread.is_alive()
                and time.monotonic() - self._ticked < 3 * self.every + 5)

    def heard(self) -> bool:
        """Redis took a beat lately (the worker's readiness)."""
        return (self._written is not None
                and time.monotonic() - self._written < 3 * self.every + 5)


@dataclass(frozen=True, slots=True)
class Sighting:
    """When a worker of a queue was last heard: `absent_for` is None while one was
    heard within the window, else seconds since the last one (None in `last_seen`:
    none in the last day)."""

    last_seen: float | None
    absent_for: float | None

    def describe(self) -> str:
        if self.absent_for is None:
            return "ok"
        if self.last_seen is None:
            return "none seen"
        return f"none seen for {round(self.absent_for)} s"


@lru_cache(maxsize=8)
def _reader(redis_url: str) -> Redis:
    # one client (and connection pool) per URL for the process: a pending score is
    # asked every second by each waiting client
    return Redis.from_url(redis_url, socket_timeout=1, socket_connect_timeout=1)


def sighting(redis_url: str, queue: str, within: float) -> Sighting:
    """When a worker of `queue` was last heard (raises when Redis cannot be read)."""
    redis = _reader(redis_url)
    with redis.pipeline(transaction=False) as pipe:
        pipe.time()
        pipe.zrevrange(presence_key(queue), 0, 0, withscores=True)
        (seconds, micros), newest = pipe.execute()
    now = float(seconds) + micros / 1e6
    if not newest:
        return Sighting(None, float("inf"))
    last = float(newest[0][1])
    return Sighting(last, None if now - last <= within else now - last)


def heard_of(redis_url: str | None, queue: str, within: float) -> Sighting | None:
    """The queue's workers as the API reports them; None when no worker is expected
    (no Redis: jobs run in-process) or Redis cannot be read just now."""
    if not redis_url:
        return None
    try:
        return sighting(redis_url, queue, within)
    except Exception as error:  # Redis away: /readyz says so in its own check
        log.warning("could not read the workers' presence: %s", error)
        return None


@dataclass(frozen=True, slots=True)
class QueuePresence:
    """The API's question about one queue (the service's `WorkerPresence` port): is
    any worker taking its jobs? (`redis_url` None: no worker is expected.)"""

    redis_url: str | None
    queue: str
    within: float

    def seen(self) -> Sighting | None:
        return heard_of(self.redis_url, self.queue, self.within)
