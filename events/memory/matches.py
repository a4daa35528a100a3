"""Quick-match requests in memory, by the rules of the SQL stores' `match_requests`
table (`events.matches`): every change under the store's one lock, as the SQL stores
make every change under their matching lock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime

from events.clock import utcnow
from events.matches import (
    CANCELLED,
    WAITING,
    AlreadyWaiting,
    MatchRequest,
    NewGameId,
    Pairing,
    alone_with_bots,
    pairings,
)
from events.memory.base import Clock, DuplicateKey, MemoryTables, utc


class MemoryMatches(MemoryTables):
    """Requests for a game and their pairing (`events.ports.MatchRequests`), in memory."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._requests: dict[str, MatchRequest] = {}

    def request_match(self, request: MatchRequest, players: Mapping[str, tuple[int, int]],
                      new_game_id: NewGameId) -> list[Pairing]:
        """Store a new waiting request, then pair every waiting one; the tables formed."""
        request = replace(request, created_at=utc(request.created_at), bots_at=None
                          if request.bots_at is None else utc(request.bots_at))
        with self._lock:
            if request.request_id in self._requests:
                raise DuplicateKey("a request with this id already exists")
            for other in self._requests.values():
                if other.user_id == request.user_id and other.state == WAITING:
                    raise AlreadyWaiting(other.request_id)
            self._requests[request.request_id] = request
            return self._pair(request.created_at, players, new_game_id)

    def pair_matches(self, now: datetime, players: Mapping[str, tuple[int, int]],
                     new_game_id: NewGameId) -> list[Pairing]:
        """Pair the waiting requests (their rating windows widen as they wait)."""
        with self._lock:
            return self._pair(now, players, new_game_id)

    def seat_bots_for(self, request_id: str, now: datetime,
                      players: Mapping[str, tuple[int, int]], game_id: str) -> Pairing | None:
        """Mark the request matched for a table of its own if its bot wait is over."""
        with self._lock:
            request = self._requests.get(request_id)
            pairing = None if request is None else alone_with_bots(
                request, now, players, game_id)
            if pairing is not None:
                self._keep(pairing)
            return pairing

    def cancel_match(self, user_id: str, request_id: str) -> MatchRequest | None:
        """Cancel the player's request if it still waits; the request as it now is."""
        with self._lock:
            request = self._requests.get(request_id)
            if request is None or request.user_id != user_id:
                return None
            if request.state == WAITING:
                request = self._requests[request_id] = replace(request, state=CANCELLED)
            return request

    def match_request(self, request_id: str) -> MatchRequest | None:
        with self._lock:
            return self._requests.get(request_id)

    def requests_of_game(self, game_id: str) -> list[MatchRequest]:
        """The requests seated at the game, oldest first."""
        with self._lock:
            return sorted((r for r in self._requests.values() if r.game_id == game_id),
                          key=lambda r: (r.created_at, r.request_id))

    def waiting_matches(self, limit: int = 1000) -> list[MatchRequest]:
        """The waiting requests, oldest first."""
        with self._lock:
            waiting = [r for r in self._requests.values() if r.state == WAITING]
        return sorted(waiting, key=lambda r: (r.created_at, r.request_id))[:limit]

    def _pair(self, now: datetime, players: Mapping[str, tuple[int, int]],
              new_game_id: NewGameId) -> list[Pairing]:
        waiting = sorted((r for r in self._requests.values() if r.state == WAITING),
                         key=lambda r: (r.created_at, r.request_id))
        made = pairings(waiting, now, players, new_game_id)
        for pairing in made:
            self._keep(pairing)
        return made

    def _keep(self, pairing: Pairing) -> None:
        for request in pairing.requests:
            self._requests[request.request_id] = request
