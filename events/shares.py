"""Shares of a game in the store (migration 8): read-only links to one game's record.

A share is made by a player of a game for anyone they give its link to: it lets its
bearer read that one game's export and analysis, nothing else, until it expires or
its maker revokes it. The capability itself is kept as its SHA-256 only, with the
game, its maker and when it was made and expires. Revoking deletes the row.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from events.database import Database


@dataclass(frozen=True, slots=True)
class Share:
    """A share of a game (never its capability: the store has only its hash)."""
    share_id: str
    game_id: str
    user_id: str  # who made it
    created_at: datetime
    expires_at: datetime

    def expired(self, now: datetime) -> bool:
        return now >= self.expires_at


_SHARE_COLUMNS = "share_id, game_id, user_id, created_at, expires_at"


class ShareTables(Database):
    """The `game_shares` table (`events.ports.GameShares`)."""

    def add_share(self, share: Share, share_sha256: str) -> Share:
        """Store a new share; the share as stored."""
        with self.transaction() as cur:
            cur.execute(f"INSERT INTO game_shares ({_SHARE_COLUMNS}, share_sha256) "
                        "VALUES (%s, %s, %s, %s, %s, %s)",
                        (share.share_id, share.game_id, share.user_id,
                         self.time_param(share.created_at), self.time_param(share.expires_at),
                         share_sha256))
        return share

    def share_by_hash(self, share_sha256: str) -> Share | None:
        """The share whose capability hashes to `share_sha256` (expired or not)."""
        with self.reading() as cur:
            cur.execute(f"SELECT {_SHARE_COLUMNS} FROM game_shares WHERE share_sha256 = %s",
                        (share_sha256,))
            row = cur.fetchone()
        return None if row is None else self._share(row)

    def shares_of(self, game_id: str, user_id: str) -> list[Share]:
        """The shares `user_id` made of the game (expired ones too), oldest first."""
        with self.reading() as cur:
            cur.execute(f"SELECT {_SHARE_COLUMNS} FROM game_shares "
                        "WHERE game_id = %s AND user_id = %s ORDER BY created_at, share_id",
                        (game_id, user_id))
            rows = cur.fetchall()
        return [self._share(row) for row in rows]

    def revoke_share(self, user_id: str, game_id: str, share_id: str) -> bool:
        """Delete the share `share_id` the user made of the game; whether there was one."""
        with self.transaction() as cur:
            cur.execute("DELETE FROM game_shares WHERE share_id = %s AND game_id = %s "
                        "AND user_id = %s", (share_id, game_id, user_id))
            return cur.rowcount > 0

    def _share(self, row: tuple[object, ...]) -> Share:
        share_id, game_id, user_id, created, expires = row
        return Share(str(share_id), str(game_id), str(user_id), self.time_value(created),
                     self.time_value(expires))
