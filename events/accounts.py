"""Accounts in the store: users (migration 2) and their named tokens (migration 4).

A token is kept as its SHA-256 only, with its name, the scopes it grants, when it was
made, last used and when it expires. Revoking a token deletes its row. Closing an
account deletes every token of it and replaces its name; the row stays, so the user
ids in games' histories still name an account.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from events.database import Database

# The scopes a token may grant (what each allows: `service.scopes`); an account's first
# token grants them all.
SCOPES: tuple[str, ...] = ("play", "read", "webhooks", "admin")
CLOSED_NAME = "former player"


@dataclass(frozen=True, slots=True)
class User:
    user_id: str
    name: str
    admin: bool
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Token:
    """A named token of a user (never its secret: the store has only its hash)."""
    token_id: str
    user_id: str
    name: str
    scopes: frozenset[str]
    created_at: datetime
    last_used_at: datetime | None = None
    expires_at: datetime | None = None

    def expired(self, now: datetime) -> bool:
        return self.expires_at is not None and now >= self.expires_at


_TOKEN_COLUMNS = "token_id, user_id, name, scopes, created_at, last_used_at, expires_at"


class AccountTables(Database):
    """The `users` and `tokens` tables (`events.ports.UserAccounts`)."""

    def create_user(self, user_id: str, name: str, token_sha256: str,
                    admin: bool = False, token_id: str | None = None) -> User:
        """Store a new user and its first token (`token_sha256`, every scope, named
        "account"); the user as stored."""
        now = self.clock()
        with self.transaction() as cur:
            cur.execute("INSERT INTO users (user_id, name, admin, created_at) "
                        "VALUES (%s, %s, %s, %s)",
                        (user_id, name, admin, self.time_param(now)))
            self._insert_token(cur, Token(token_id or "t_" + user_id, user_id, "account",
                                          frozenset(SCOPES), now), token_sha256)
        return User(user_id, name, admin, now)

    def add_token(self, token: Token, token_sha256: str) -> Token:
        """Store another token of `token.user_id`; the token as stored."""
        with self.transaction() as cur:
            self._insert_token(cur, token, token_sha256)
        return token

    def _insert_token(self, cur: object, token: Token, token_sha256: str) -> None:
        expires = None if token.expires_at is None else self.time_param(token.expires_at)
        cur.execute(  # type: ignore[attr-defined]
            "INSERT INTO tokens (token_id, user_id, name, scopes, token_sha256, created_at, "
            "expires_at) VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (token.token_id, token.user_id, token.name, " ".join(sorted(token.scopes)),
             token_sha256, self.time_param(token.created_at), expires))

    def user_by_token(self, token_sha256: str) -> User | None:
        """The user whose token hashes to `token_sha256` (expired or not)."""
        found = self.token_by_hash(token_sha256)
        return None if found is None else found[0]

    def token_by_hash(self, token_sha256: str) -> tuple[User, Token] | None:
        """The token that hashes to `token_sha256` and its user (an index lookup on the
        hash: comparing hashes of random tokens leaks nothing about a token)."""
        with self.reading() as cur:
            cur.execute("SELECT u.user_id, u.name, u.admin, u.created_at, t.token_id, "
                        "t.name, t.scopes, t.created_at, t.last_used_at, t.expires_at "
                        "FROM tokens t JOIN users u ON u.user_id = t.user_id "
                        "WHERE t.token_sha256 = %s", (token_sha256,))
            row = cur.fetchone()
        if row is None:
            return None
        user = User(row[0], row[1], bool(row[2]), self.time_value(row[3]))
        return user, self._token((row[4], row[0], *row[5:]))

    def tokens_of(self, user_id: str) -> list[Token]:
        """The user's tokens, oldest first."""
        with self.reading() as cur:
            cur.execute(f"SELECT {_TOKEN_COLUMNS} FROM tokens WHERE user_id = %s "
                        "ORDER BY created_at, token_id", (user_id,))
            rows = cur.fetchall()
        return [self._token(row) for row in rows]

    def revoke_token(self, user_id: str, token_id: str) -> bool:
        """Delete the user's token `token_id`; whether there was one."""
        with self.transaction() as cur:
            cur.execute("DELETE FROM tokens WHERE user_id = %s AND token_id = %s",
                        (user_id, token_id))
            return cur.rowcount > 0

    def token_used(self, token_id: str, when: datetime) -> None:
        """Record that the token was used at `when` (callers do it now and then, not on
        every request)."""
        with self.transaction() as cur:
            cur.execute("UPDATE tokens SET last_used_at = %s WHERE token_id = %s",
                        (self.time_param(when), token_id))

    def close_user(self, user_id: str, name: str = CLOSED_NAME) -> bool:
        """Close the account: delete its tokens, replace its name; whether it was open."""
        now = self.clock()
        with self.transaction() as cur:
            cur.execute("DELETE FROM tokens WHERE user_id = %s", (user_id,))
            cur.execute("UPDATE users SET name = %s, closed_at = %s "
                        "WHERE user_id = %s AND closed_at IS NULL",
                        (name, self.time_param(now), user_id))
            return cur.rowcount > 0

    def _token(self, row: tuple[object, ...]) -> Token:
        token_id, user_id, name, scopes, created, used, expires = row
        return Token(str(token_id), str(user_id), str(name),
                     frozenset(str(scopes).split()), self.time_value(created),
                     None if used is None else self.time_value(used),
                     None if expires is None else self.time_value(expires))

    def add_bot(self, user_id: str, name: str, level: str) -> None:
        """Store the bot user `user_id` of `level` unless it exists. A bot holds no
        token at all: nobody can sign in as it."""
        with self.transaction() as cur:
            cur.execute("INSERT INTO users (user_id, name, admin, created_at, bot) "
                        "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (user_id) DO NOTHING",
                        (user_id, name, False, self.time_param(self.clock()), level))

    def bot_level(self, user_id: str) -> str | None:
        """The level of the bot `user_id`; None for a person (or no such user)."""
        with self.reading() as cur:
            cur.execute("SELECT bot FROM users WHERE user_id = %s", (user_id,))
            row = cur.fetchone()
        return None if row is None else row[0]
