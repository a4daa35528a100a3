"""Sign-in links: a one-time code, made by a signed-in device, that another device
redeems once, within minutes, for a token of its own.

A sign-in link never carries a lasting credential: it carries a code (`ttrc_…`, 32
random bytes) that expires `CODE_MINUTES` after it is made, works once, and becomes a
*new* token of the same user, with the scopes and the expiry of the token that made
it at most (revoking that token voids the code too). The store keeps only the code's
SHA-256. A code that is unknown, used or expired is refused with a problem that says
which, and changes nothing; each address may try `ATTEMPTS_BURST` codes at once and
one more a minute after that (a code cannot be guessed; the limit keeps a
client from trying).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Protocol

from events.accounts import Token, User
from events.ports import SigninCodes, UserAccounts
from events.signin_codes import Redemption, SigninCode
from service.auth import MAX_TOKENS, Holder, new_id, token_hash
from service.problems import Problem
from service.ratelimit import Limiter, retry_after

CODE_PREFIX = "ttrc_"
CODE_MINUTES = 10
TOKEN_NAME = "signed in by link"
ATTEMPTS_BURST = 10
ATTEMPTS_PER_SECOND = 1 / 60


class CodeStore(SigninCodes, UserAccounts, Protocol):
    """What sign-in links need of the store: the codes and the accounts' tokens."""


def make_code(store: CodeStore, holder: Holder, now: datetime,
              scopes: Iterable[str] | None = None,
              name: str = TOKEN_NAME) -> tuple[SigninCode, str]:
    """A new code for `holder`'s user (`scopes`: the new token's, none beyond the
    holder's; None: the holder's own), and the code itself, shown once."""
    wanted = holder.token.scopes if scopes is None else frozenset(scopes)
    beyond = wanted - holder.token.scopes
    if beyond:
        raise Problem("insufficient-scope", "A sign-in link cannot grant scopes its token "
                      f"does not hold itself: {', '.join(sorted(beyond))}.", scope=min(beyond))
    if len(store.tokens_of(holder.user.user_id)) >= MAX_TOKENS:
        raise Problem("invalid-request", f"An account holds at most {MAX_TOKENS} tokens, "
                      "and a sign-in link makes one: revoke one first.")
    secret = CODE_PREFIX + secrets.token_urlsafe(32)
    code = SigninCode(holder.user.user_id, holder.token.token_id, name, wanted, now,
                      now + timedelta(minutes=CODE_MINUTES))
    return store.add_signin_code(code, token_hash(secret)), secret


def limit_attempts(limiter: Limiter, address: str) -> None:
    """Count one attempt of `address` (429 once it has tried too many)."""
    allowance = limiter.check("signin:" + address, ATTEMPTS_PER_SECOND, ATTEMPTS_BURST)
    if allowance.wait > 0:
        wait = retry_after(allowance.wait)
        raise Problem("rate-limited", f"Too many sign-in attempts; retry in {wait} s.",
                      headers={"Retry-After": wait})


def redeem(store: CodeStore, code: str, now: datetime, secret: str) -> tuple[User, Token, str]:
    """The user, the new token and its secret (`secret`, freshly minted by the
    caller's accounts, sealed when the server has token keys) that `code` becomes; 401
    (and nothing changed) if it is unknown, used or expired. (The account's token limit
    is checked when the code is made.)"""
    redemption = store.redeem_signin_code(token_hash(code), now, new_id("t_"),
                                          token_hash(secret))
    if redemption.token is None:
        raise refusal(redemption, now)
    user = store.user_by_token(token_hash(secret))
    assert user is not None  # stored in the same transaction as the claim
    return user, redemption.token, secret


def refusal(redemption: Redemption, now: datetime) -> Problem:
    """Why a code became no token, in words that say what to do."""
    code = redemption.code
    if code is None:
        why = "This sign-in code is unknown."
    elif code.used_at is not None:
        why = "A sign-in code works once, and this one was already used."
    elif code.expired(now):
        why = f"A sign-in code works for {CODE_MINUTES} minutes, and this one has expired."
    else:
        why = "The token that made this sign-in code was revoked."
    return Problem("unauthorized", f"{why} Make a new sign-in link on a device that is "
                   "signed in.")
