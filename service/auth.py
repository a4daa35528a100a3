"""Accounts and bearer tokens.

A token is 32 random bytes, shown once when the account is created; the store keeps
only its SHA-256. A token is looked up by its hash: comparing hashes of random
tokens tells an attacker nothing about a token, and the one string compared in
code, the admin token, is compared in constant time. Users found by a token are
cached briefly per process so a request costs no extra query.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict

from flask import g, request

from events.accounts import User
from events.ports import UserAccounts
from service.problems import Problem

TOKEN_PREFIX = "ttr_"
CACHE_SECONDS = 60.0
CACHE_SIZE = 10_000


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def new_id(prefix: str) -> str:
    """A short random id (`u_…` for users, `g_…` for games): 80 bits, URL-safe."""
    return prefix + secrets.token_hex(10)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_secret(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode(), expected.encode())


class Accounts:
    """Creates users and finds the user behind a bearer token."""

    def __init__(self, store: UserAccounts, admin_token: str | None = None) -> None:
        self.store = store
        self.admin_token = admin_token
        self._cache: OrderedDict[str, tuple[float, User]] = OrderedDict()
        self._lock = threading.Lock()

    def create(self, name: str) -> tuple[User, str]:
        token = new_token()
        user_id = new_id("u_")
        return self.store.create_user(user_id, name, token_hash(token)), token

    def user_for(self, token: str, digest: str | None = None) -> User | None:
        """The user whose token this is (`digest`: its `token_hash`, if known)."""
        digest = digest or token_hash(token)
        now = time.monotonic()
        with self._lock:
            cached = self._cache.get(digest)
            if cached is not None and now - cached[0] < CACHE_SECONDS:
                return cached[1]
        user = self.store.user_by_token(digest)
        if user is not None:
            with self._lock:
                self._cache[digest] = (now, user)
                while len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)
        return user

    def is_admin(self, token: str | None) -> bool:
        return bool(self.admin_token and token and same_secret(token, self.admin_token))


def bearer_token() -> str | None:
    """The bearer token of the current request, or None."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def optional_user() -> User | None:
    """The authenticated user, None without a token; 401 for an unknown token."""
    if "user" in g:
        user: User | None = g.user
        return user
    token = bearer_token()
    user = None
    if token is not None:
        accounts: Accounts = g.accounts
        # the request's rate limit hashed it already
        user = accounts.user_for(token, g.get("token_digest"))
        if user is None and not accounts.is_admin(token):
            raise Problem("unauthorized", "Unknown bearer token.",
                          headers={"WWW-Authenticate": 'Bearer realm="ttr"'})
    g.user = user
    return user


def current_user() -> User:
    """The authenticated user; 401 without a valid token."""
    user = optional_user()
    if user is None:
        raise Problem("unauthorized", "This needs a bearer token (POST /v1/users gives one).",
                      headers={"WWW-Authenticate": 'Bearer realm="ttr"'})
    return user
