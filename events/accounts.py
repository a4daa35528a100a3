"""Accounts in the store: users and the hashes of their bearer tokens (migration 2)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from events.database import Database


@dataclass(frozen=True, slots=True)
class User:
    user_id: str
    name: str
    admin: bool
    created_at: datetime


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

    def add_bot(self, user_id: str, name: str, level: str) -> None:
        """Store the bot user `user_id` of `level` unless it exists. A bot holds no token
        anyone knows: its stored hash is of random bytes nobody kept."""
        with self.transaction() as cur:
            cur.execute("INSERT INTO users (user_id, name, token_sha256, admin, created_at, bot) "
                        "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (user_id) DO NOTHING",
                        (user_id, name, secrets.token_hex(32), False,
                         self.time_param(self.clock()), level))

    def bot_level(self, user_id: str) -> str | None:
        """The level of the bot `user_id`; None for a person (or no such user)."""
        with self.reading() as cur:
            cur.execute("SELECT bot FROM users WHERE user_id = %s", (user_id,))
            row = cur.fetchone()
        return None if row is None else row[0]
