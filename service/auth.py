"""Accounts and bearer tokens: who a request speaks for, and what its token may do.

A token is 32 random bytes sealed with the server's MAC (`service.token_format`),
shown once when it is made; the store keeps only its SHA-256, with the token's name,
scopes (`service.scopes`) and optional expiry. A token whose MAC fails is refused
without a look-up; one that holds is looked up by its hash: comparing hashes of random
tokens tells an attacker nothing about a token, and the one string compared in code,
the admin token, is compared in constant time. A token made by another never grants
more than it: no scope it lacks, no life past its expiry.

What a token hash was found to be is cached per process so that most requests cost
no query: a known token for `CACHE_SECONDS`, an unknown one for `UNKNOWN_SECONDS`
(so a client repeating a made-up token costs one look-up, not one per request). A
token of the old format found valid is remembered longer (`VOUCHED_SIZE` of them), so
that only its first request in a process is counted with the made-up ones.
Revoking a token or closing an account is *told* to every process, not waited out:
it publishes `tokens:<user id>` through the notifier (Redis pub/sub, or in process
memory in the embedded mode), and a cached token of that user whose key was
published since it was looked up is looked up again. While a process is not hearing
the other processes (its Redis subscription is down), what it caches lasts only
`DEAF_SECONDS`. A change made in the database by hand is told to nobody: it takes
effect within `CACHE_SECONDS`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from flask import g, request

from events.accounts import SCOPES, Token, User
from events.ports import UserAccounts
from messaging.notify import Notifier, Watch
from service.problems import Problem
from service.token_format import Shape, TokenSeal, legacy_token, unsealed_shape
from service.web_session import session_cookie

CACHE_SECONDS = 5.0
UNKNOWN_SECONDS = 60.0
DEAF_SECONDS = 1.0
CACHE_SIZE = 10_000
VOUCHED_SIZE = 100_000  # old-format tokens found valid, remembered by hash
# how stale a token's `last_used_at` may be: it is written at most this often
USED_EVERY = timedelta(seconds=60)
MAX_TOKENS = 50  # per account


def new_id(prefix: str) -> str:
    """A short random id (`u_…` for users, `g_…` for games): 80 bits, URL-safe."""
    return prefix + secrets.token_hex(10)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_secret(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode(), expected.encode())


def tokens_key(user_id: str) -> str:
    """The notifier key published when a user's tokens change."""
    return f"tokens:{user_id}"


@dataclass(frozen=True, slots=True)
class Holder:
    """Who a bearer token speaks for, and the token itself."""
    user: User
    token: Token

    def grants(self, scope: str) -> bool:
        return not scope or scope in self.token.scopes


@dataclass(slots=True)
class _Known:
    at: float  # monotonic
    holder: Holder
    watch: Watch
    session: int | None  # the notifier's listening session when looked up


class _Missing:
    pass


MISSING = _Missing()  # not in the cache: ask the store


class Accounts:
    """Creates users and tokens, finds the holder of a bearer token, revokes."""

    def __init__(self, store: UserAccounts, admin_token: str | None = None,
                 notifier: Notifier | None = None,
                 clock: Callable[[], datetime] | None = None,
                 monotonic: Callable[[], float] = time.monotonic,
                 seal: TokenSeal | None = None) -> None:
        """`clock`: the service's (when tokens are made, used, expire); `monotonic`:
        the cache's; `seal`: the server's token keys (None: tokens are made in the old
        format, without a MAC)."""
        from messaging.notify import LocalNotifier

        self.store = store
        self._clock = clock
        self.admin_token = admin_token
        self.notifier: Notifier = notifier or LocalNotifier()
        self._monotonic = monotonic
        self._known: OrderedDict[str, _Known] = OrderedDict()
        self._unknown: OrderedDict[str, float] = OrderedDict()
        self._vouched: OrderedDict[str, None] = OrderedDict()
        self.seal = seal
        self._lock = threading.Lock()

    # -- making and revoking -------------------------------------------------------------

    def create(self, name: str) -> tuple[User, str]:
        """A new account and its first token (every scope)."""
        token = self.mint()
        user_id = new_id("u_")
        return self.store.create_user(user_id, name, token_hash(token),
                                      token_id=new_id("t_")), token

    def mint(self) -> str:
        """A new token's secret: sealed with the server's key, if it has one."""
        return legacy_token() if self.seal is None else self.seal.mint()

    def add_token(self, holder: Holder, name: str, scopes: Iterable[str],
                  expires_in: int | None = None) -> tuple[Token, str]:
        """Another token of `holder`'s user, granting no scope `holder` does not hold
        and expiring no later than it (without `expires_in`: when it does)."""
        wanted = frozenset(scopes)
        beyond = wanted - holder.token.scopes
        if beyond:
            raise Problem("insufficient-scope", "A token cannot grant scopes it does not hold "
                          f"itself: {', '.join(sorted(beyond))}.", scope=min(beyond))
        now = self._now()
        expires = within_life(holder.token, now, expires_in)
        user_id = holder.user.user_id
        if len(self.store.tokens_of(user_id)) >= MAX_TOKENS:
            raise Problem("invalid-request", f"An account holds at most {MAX_TOKENS} tokens; "
                          "revoke one first.")
        secret = self.mint()
        token = Token(new_id("t_"), user_id, name, wanted, now, None, expires)
        return self.store.add_token(token, token_hash(secret)), secret

    def revoke(self, user_id: str, token_id: str) -> bool:
        revoked = self.store.revoke_token(user_id, token_id)
        if revoked:
            self.forget(user_id)
        return revoked

    def forget(self, user_id: str) -> None:
        """Tell every process to look the user's tokens up again (after a revocation)."""
        with self._lock:
            for digest in [d for d, k in self._known.items()
                           if k.holder.user.user_id == user_id]:
                del self._known[digest]
        self.notifier.tell([tokens_key(user_id)])

    # -- finding the holder --------------------------------------------------------------

    def shape(self, token: str) -> Shape:
        """What `token`'s text alone says of it (no look-up)."""
        return unsealed_shape(token) if self.seal is None else self.seal.shape(token)

    def vouched(self, digest: str) -> bool:
        """Whether a token of the old format hashing to `digest` was found valid in this
        process (it may since have been revoked: the look-up says)."""
        with self._lock:
            return digest in self._vouched

    def holder(self, token: str, digest: str | None = None) -> Holder | None:
        """Who `token` speaks for (`digest`: its `token_hash`, if known); None if it is
        made up, unknown, revoked or expired."""
        if self.shape(token) is Shape.FORGED:
            return None
        digest = digest or token_hash(token)
        cached = self.cached(digest)
        return self.look_up(digest) if isinstance(cached, _Missing) else cached

    def user_for(self, token: str, digest: str | None = None) -> User | None:
        found = self.holder(token, digest)
        return None if found is None else found.user

    def cached(self, digest: str) -> Holder | None | _Missing:
        """What the cache says of `digest`, without asking the store: its holder, None
        (known to be unknown), or MISSING."""
        now = self._monotonic()
        with self._lock:
            known = self._known.get(digest)
            unknown_at = self._unknown.get(digest)
        if known is not None:
            if self._still_good(known, now):
                return known.holder
            with self._lock:
                self._known.pop(digest, None)
        if unknown_at is not None and now - unknown_at < UNKNOWN_SECONDS:
            return None
        return MISSING

    def look_up(self, digest: str) -> Holder | None:
        """Ask the store who `digest` is, and remember the answer."""
        # watched before reading, so that a revocation told while we read is not missed
        started, session = self._monotonic(), self._session()
        found = self.store.token_by_hash(digest)
        now = self._now()
        if found is None or found[1].expired(now):
            with self._lock:
                self._unknown[digest] = started
                self._unknown.move_to_end(digest)
                while len(self._unknown) > CACHE_SIZE:
                    self._unknown.popitem(last=False)
            return None
        user, token = found
        user_key = tokens_key(user.user_id)
        watch = self.notifier.watch([user_key])
        # the watch is taken after the read: a revocation told between the two is
        # heard as nothing, so check the row once more (rarely: only on a miss)
        again = self.store.token_by_hash(digest)
        if again is None:
            return None
        holder = Holder(user, token)
        with self._lock:
            self._known[digest] = _Known(started, holder, watch, session)
            self._known.move_to_end(digest)
            while len(self._known) > CACHE_SIZE:
                self._known.popitem(last=False)
            self._vouched[digest] = None
            self._vouched.move_to_end(digest)
            while len(self._vouched) > VOUCHED_SIZE:
                self._vouched.popitem(last=False)
        if token.last_used_at is None or now - token.last_used_at >= USED_EVERY:
            self.store.token_used(token.token_id, now)
        return holder

    def _still_good(self, known: _Known, now: float) -> bool:
        session = self._session()
        deaf = session is None or session != known.session
        lifetime = DEAF_SECONDS if deaf and self.notifier.hearsay is not None else CACHE_SECONDS
        token = known.holder.token
        # (the clock is read only for a token that can expire)
        if now - known.at >= lifetime or (token.expires_at is not None
                                          and token.expired(self._now())):
            return False
        user_key = tokens_key(known.holder.user.user_id)
        return self.notifier.watch([user_key]) == known.watch

    def _session(self) -> int | None:
        hearsay = self.notifier.hearsay
        return None if hearsay is None else hearsay.session()

    def _now(self) -> datetime:
        clock: Callable[[], datetime] | None = self._clock or getattr(self.store, "clock", None)
        return clock() if clock is not None else datetime.now(UTC)

    def is_admin(self, token: str | None) -> bool:
        return bool(self.admin_token and token and same_secret(token, self.admin_token))


ALL_SCOPES = frozenset(SCOPES)


def within_life(parent: Token, now: datetime, expires_in: int | None) -> datetime | None:
    """When a token made by `parent` now, to last `expires_in` seconds (None: until
    revoked), expires: never after `parent` does (a token cannot outlive the token that
    makes it); asked to, 400 `invalid-request` naming the rule."""
    wanted = None if expires_in is None else now + timedelta(seconds=expires_in)
    if parent.expires_at is None:
        return wanted
    if wanted is None:
        return parent.expires_at
    if wanted > parent.expires_at:
        left = max(0, int((parent.expires_at - now).total_seconds()))
        rule = "a token cannot outlive the token that makes it"
        raise Problem("invalid-request", f"expires_in is too long: {rule}, which expires "
                      f"in {left} s.",
                      errors={"expires_in": [f"At most {left}: {rule}."]})
    return wanted


def bearer_token() -> str | None:
    """The bearer token of the current request (the web client's: its session cookie,
    `service.web_session`), or None."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return session_cookie()
    return token.strip()


def unknown_token() -> Problem:
    return Problem("unauthorized", "Unknown, revoked or expired bearer token.",
                   headers={"WWW-Authenticate": 'Bearer realm="ttr", error="invalid_token"'})


def current_holder() -> Holder | None:
    """The holder of the request's token (None without one, or for the admin token);
    401 for an unknown token."""
    if "holder" in g:
        found: Holder | None = g.holder
        return found
    token = bearer_token()
    found = None
    if token is not None:
        accounts: Accounts = g.accounts
        found = accounts.holder(token, g.get("token_digest"))
        if found is None and not accounts.is_admin(token):
            raise unknown_token()
    g.holder = found
    g.user = None if found is None else found.user  # (the logs name the user)
    return found


def optional_user() -> User | None:
    """The authenticated user, None without a token; 401 for an unknown token."""
    found = current_holder()
    return None if found is None else found.user


def current_user() -> User:
    """The authenticated user; 401 without a valid token."""
    user = optional_user()
    if user is None:
        raise Problem("unauthorized", "This needs a bearer token (POST /v1/users gives one).",
                      headers={"WWW-Authenticate": 'Bearer realm="ttr"'})
    return user


def signed_in() -> Holder:
    """The holder of the request's token; 401 without a valid one (the admin token is
    not an account)."""
    current_user()
    found = current_holder()
    assert found is not None
    return found
