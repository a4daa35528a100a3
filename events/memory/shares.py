"""Shares of games in memory, by the rules of the SQL stores' `game_shares` table
(`events.shares`): found by the capability's hash, listed per game and maker, deleted
when revoked.
"""

from __future__ import annotations

from dataclasses import replace

from events.clock import utcnow
from events.memory.base import Clock, DuplicateKey, MemoryTables, utc
from events.shares import Share


class MemoryShares(MemoryTables):
    """Read-only capabilities for one game (`events.ports.GameShares`), in memory."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._shares: dict[str, tuple[Share, str]] = {}  # share id → (share, its hash)
        self._share_by_hash: dict[str, str] = {}  # hash → share id

    def add_share(self, share: Share, share_sha256: str) -> Share:
        """Store a new share; the share as stored."""
        share = replace(share, created_at=utc(share.created_at),
                        expires_at=utc(share.expires_at))
        with self._lock:
            if share.share_id in self._shares or share_sha256 in self._share_by_hash:
                raise DuplicateKey("a share with this id or hash already exists")
            self._shares[share.share_id] = (share, share_sha256)
            self._share_by_hash[share_sha256] = share.share_id
        return share

    def share_by_hash(self, share_sha256: str) -> Share | None:
        """The share whose capability hashes to `share_sha256` (expired or not)."""
        with self._lock:
            share_id = self._share_by_hash.get(share_sha256)
            return None if share_id is None else self._shares[share_id][0]

    def shares_of(self, game_id: str, user_id: str) -> list[Share]:
        """The shares `user_id` made of the game (expired ones too), oldest first."""
        with self._lock:
            mine = [s for s, _ in self._shares.values()
                    if s.game_id == game_id and s.user_id == user_id]
        return sorted(mine, key=lambda s: (s.created_at, s.share_id))

    def revoke_share(self, user_id: str, game_id: str, share_id: str) -> bool:
        """Delete the share `share_id` the user made of the game; whether there was one."""
        with self._lock:
            kept = self._shares.get(share_id)
            if kept is None or (kept[0].game_id, kept[0].user_id) != (game_id, user_id):
                return False
            del self._shares[share_id]
            del self._share_by_hash[kept[1]]
            return True
