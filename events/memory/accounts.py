"""Accounts in memory: users, bots and their named tokens, found by a token's hash.

The same rules as the SQL stores' `users` and `tokens` tables (`events.accounts`): a
user id and a token's hash are each stored once (a second is refused with
`DuplicateKey`, where SQL raises its unique violation); a token is kept as its
SHA-256 only; revoking deletes it; closing an account deletes its tokens and replaces
its name, and the user stays so the games' histories still name it. A bot is a user
with a level and no token.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from events.accounts import CLOSED_NAME, SCOPES, Token, User
from events.clock import utcnow
from events.memory.base import Clock, DuplicateKey, MemoryTables, utc


@dataclass(frozen=True, slots=True)
class _Account:
    user: User
    bot: str | None = None
    closed_at: datetime | None = None


class MemoryAccounts(MemoryTables):
    """Users and their tokens (`events.ports.UserAccounts`), in memory."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._users: dict[str, _Account] = {}
        self._tokens: dict[str, tuple[Token, str]] = {}  # token id → (token, its hash)
        self._by_hash: dict[str, str] = {}  # hash → token id

    def create_user(self, user_id: str, name: str, token_sha256: str,
                    admin: bool = False, token_id: str | None = None) -> User:
        """Store a new user and its first token (`token_sha256`, every scope, named
        "account"); the user as stored."""
        now = utc(self.clock())
        user = User(user_id, name, admin, now)
        token = Token(token_id or "t_" + user_id, user_id, "account", frozenset(SCOPES), now)
        with self._lock:
            if user_id in self._users:
                raise DuplicateKey(f"user {user_id!r} already exists")
            self._check_new_token(token, token_sha256)
            self._users[user_id] = _Account(user)
            self._keep_token(token, token_sha256)
        return user

    def add_token(self, token: Token, token_sha256: str) -> Token:
        """Store another token of `token.user_id`; the token as stored."""
        with self._lock:
            if token.user_id not in self._users:
                raise DuplicateKey(f"no user {token.user_id!r} to hold the token")
            self._check_new_token(token, token_sha256)
            self._keep_token(token, token_sha256)
        return token

    def _check_new_token(self, token: Token, token_sha256: str) -> None:
        if token.token_id in self._tokens or token_sha256 in self._by_hash:
            raise DuplicateKey("a token with this id or hash already exists")

    def _keep_token(self, token: Token, token_sha256: str) -> None:
        token = replace(token, created_at=utc(token.created_at),
                        expires_at=None if token.expires_at is None else utc(token.expires_at))
        self._tokens[token.token_id] = (token, token_sha256)
        self._by_hash[token_sha256] = token.token_id

    def user_by_token(self, token_sha256: str) -> User | None:
        """The user whose token hashes to `token_sha256` (expired or not)."""
        found = self.token_by_hash(token_sha256)
        return None if found is None else found[0]

    def token_by_hash(self, token_sha256: str) -> tuple[User, Token] | None:
        """The token that hashes to `token_sha256` and its user."""
        with self._lock:
            token_id = self._by_hash.get(token_sha256)
            if token_id is None:
                return None
            token = self._tokens[token_id][0]
            return self._users[token.user_id].user, token

    def tokens_of(self, user_id: str) -> list[Token]:
        """The user's tokens, oldest first."""
        with self._lock:
            mine = [token for token, _ in self._tokens.values() if token.user_id == user_id]
        return sorted(mine, key=lambda t: (t.created_at, t.token_id))

    def revoke_token(self, user_id: str, token_id: str) -> bool:
        """Delete the user's token `token_id`; whether there was one."""
        with self._lock:
            kept = self._tokens.get(token_id)
            if kept is None or kept[0].user_id != user_id:
                return False
            self._drop_token(token_id)
            return True

    def _drop_token(self, token_id: str) -> None:
        _, token_sha256 = self._tokens.pop(token_id)
        del self._by_hash[token_sha256]

    def token_used(self, token_id: str, when: datetime) -> None:
        """Record that the token was used at `when`."""
        with self._lock:
            kept = self._tokens.get(token_id)
            if kept is not None:
                self._tokens[token_id] = (replace(kept[0], last_used_at=utc(when)), kept[1])

    def close_user(self, user_id: str, name: str = CLOSED_NAME) -> bool:
        """Close the account: delete its tokens, replace its name; whether it was open."""
        now = self.clock()
        with self._lock:
            for token_id in [t.token_id for t, _ in self._tokens.values()
                             if t.user_id == user_id]:
                self._drop_token(token_id)
            account = self._users.get(user_id)
            if account is None or account.closed_at is not None:
                return False
            self._users[user_id] = replace(account, user=replace(account.user, name=name),
                                           closed_at=now)
            return True

    def add_bot(self, user_id: str, name: str, level: str) -> None:
        """Store the bot user `user_id` of `level` unless it exists. A bot holds no
        token at all: nobody can sign in as it."""
        with self._lock:
            if user_id not in self._users:
                self._users[user_id] = _Account(User(user_id, name, False, utc(self.clock())),
                                                bot=level)

    def user_of(self, user_id: str) -> User | None:
        """The user `user_id` (a person or a bot, closed or not), for the ratings' names
        and profiles (`events.memory.ratings`); None for no such user."""
        with self._lock:
            account = self._users.get(user_id)
            return None if account is None else account.user

    def bot_level(self, user_id: str) -> str | None:
        """The level of the bot `user_id`; None for a person (or no such user)."""
        with self._lock:
            account = self._users.get(user_id)
            return None if account is None else account.bot
