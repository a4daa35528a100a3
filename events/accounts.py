"""Accounts in the store: users and the hashes of their bearer tokens (migration 2)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from events.database import Database


@dataclass(frozen=True, slots=True)
class User:
    user_id: str
    name: str
    admin: bool
    created_at: datetime
    bot: bool = False


class AccountTables(Database):
    """The `users` table (`events.ports.UserAccounts`)."""

    def create_user(self, user_id: str, name: str, token_sha256: str,
                    admin: bool = False) -> User:
        """Store a new user; the user as stored."""
        now = self.clock()
        with self.transaction() as cur:
            cur.execute("INSERT INTO users (user_id, name, token_sha256, admin, created_at) "
                        "VALUES (%s, %s, %s, %s, %s)",
                        (user_id, name, token_sha256, admin, self.time_param(now)))
        return User(user_id, name, admin, now)

    def user_by_token(self, token_sha256: str) -> User | None:
        """The user whose token hashes to `token_sha256` (an index lookup on the hash:
        comparing hashes of random tokens leaks nothing about a token)."""
        with self.reading() as cur:
            cur.execute("SELECT user_id, name, admin, created_at FROM users "
                        "WHERE token_sha256 = %s", (token_sha256,))
            row = cur.fetchone()
        if row is None:
            return None
        return User(row[0], row[1], bool(row[2]), self.time_value(row[3]))
