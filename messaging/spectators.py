"""Who is watching a game now: each spectator's stream says it is there, and the count is
of the people (signed-in users) whose stream was heard from within the presence TTL.

A stream says so when it starts and again at every keep-alive (`arrive`), and takes
itself off when it ends (`leave`). A stream that dies without ending (its process
killed, its network gone) is forgotten once its TTL runs out, so a count is never
stuck. The same user watching in two tabs, or through two API processes, counts once:
each stream is one entry (`user`, `stream`), and the count is of distinct users.

Two adapters behind one contract (`Spectators`), checked by one suite
(tests/unit/test_spectators_contract.py): `MemorySpectators` (one process: the embedded
mode, tests) and `RedisSpectators` (every API process behind the load balancer shares
one sorted set per game: member `user<US>stream`, score the moment it lapses; the key
itself expires once nobody has refreshed it for a TTL).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

log = logging.getLogger(__name__)
# between a member's user and its stream (neither an id nor a token holds it)
_SEPARATOR = "\x1f"


class Spectators(Protocol):
    """The spectators of each game, as their streams report them."""

    def arrive(self, game_id: str, user_id: str, stream_id: str) -> None:
        """`user_id` watches `game_id` through the stream `stream_id` (said again to
        keep it counted: each call counts it for one TTL more)."""

    def leave(self, game_id: str, user_id: str, stream_id: str) -> None:
        """The stream `stream_id` has ended (the user may still watch through another)."""

    def count(self, game_id: str) -> int:
        """How many distinct users watch `game_id` now."""


class MemorySpectators:
    """The spectators of this process's streams (one process: the embedded mode)."""

    def __init__(self, ttl: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._ttl = ttl
        self._clock = clock
        self._lock = threading.Lock()
        # game → (user, stream) → the moment it lapses
        self._games: dict[str, dict[tuple[str, str], float]] = {}

    def arrive(self, game_id: str, user_id: str, stream_id: str) -> None:
        with self._lock:
            self._games.setdefault(game_id, {})[(user_id, stream_id)] = self._clock() + self._ttl

    def leave(self, game_id: str, user_id: str, stream_id: str) -> None:
        with self._lock:
            streams = self._games.get(game_id)
            if streams is not None:
                streams.pop((user_id, stream_id), None)
                if not streams:
                    del self._games[game_id]

    def count(self, game_id: str) -> int:
        now = self._clock()
        with self._lock:
            streams = self._games.get(game_id)
            if streams is None:
                return 0
            for gone in [k for k, lapses in streams.items() if lapses <= now]:
                del streams[gone]
            if not streams:
                del self._games[game_id]
                return 0
            return len({user for user, _ in streams})


class RedisSpectators:
    """The spectators of every API process, in Redis (one sorted set per game).

    Redis failing costs only the count (0, with a warning), never a stream."""

    def __init__(self, url: str, queue: str, ttl: float,
                 clock: Callable[[], float] = time.time) -> None:
        import redis

        # (the jobs' Redis, one server: the API's processes share it already)
        self._redis: Any = redis.Redis.from_url(url, socket_timeout=0.5,
                                                socket_connect_timeout=0.5)
        self._prefix = f"ttr:{queue}:spectators:"
        self._ttl = ttl
        self._clock = clock

    def _key(self, game_id: str) -> str:
        return self._prefix + game_id

    def arrive(self, game_id: str, user_id: str, stream_id: str) -> None:
        key = self._key(game_id)
        try:
            pipe = self._redis.pipeline(transaction=False)
            pipe.zadd(key, {user_id + _SEPARATOR + stream_id: self._clock() + self._ttl})
            pipe.pexpire(key, int(self._ttl * 1000) + 1000)
            pipe.execute()
        except Exception as error:
            log.warning("a spectator was not counted (Redis: %s)", error)

    def leave(self, game_id: str, user_id: str, stream_id: str) -> None:
        try:
            self._redis.zrem(self._key(game_id), user_id + _SEPARATOR + stream_id)
        except Exception as error:  # (its entry lapses with its TTL)
            log.warning("a spectator's leaving was not heard (Redis: %s)", error)

    def count(self, game_id: str) -> int:
        key, now = self._key(game_id), self._clock()
        try:
            pipe = self._redis.pipeline(transaction=False)
            pipe.zremrangebyscore(key, "-inf", now)
            pipe.zrangebyscore(key, f"({now}", "+inf")
            members = pipe.execute()[1]
        except Exception as error:
            log.warning("spectators not counted (Redis: %s)", error)
            return 0
        return len({m.decode().partition(_SEPARATOR)[0] for m in members})

    def close(self) -> None:
        self._redis.close()
