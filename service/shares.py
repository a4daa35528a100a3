"""Shares of a game: read-only capabilities that a player hands out instead of a token.

A replay link of a private game must not carry a credential of the account: it carries
a share (`ttrs_…`, 32 random bytes) that lets its bearer read that one game's record
(its export and analysis: what the replay page fetches) and nothing else, until it
expires (`DEFAULT_SECONDS`, or what the player chose, at most `MAX_SECONDS`) or the
player revokes it. The store keeps only its SHA-256.

The page sends it as `Authorization: Share <capability>`, never in a query string. A
request that carries one is anonymous to everything else (`service.auth` reads only
`Bearer`): it cannot act, post, read another game or make a token. A bearer of a share
sees the game as a spectator does: during play, only what is public; once it has
ended, everything, as anyone who may see it does.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from flask import request

from events.ports import GameShares
from events.shares import Share
from service.auth import new_id, token_hash
from service.problems import Problem

SCHEME = "Share"
SHARE_PREFIX = "ttrs_"
DEFAULT_SECONDS = 7 * 24 * 3600
MIN_SECONDS = 300
MAX_SECONDS = 30 * 24 * 3600
MAX_SHARES = 20  # unexpired shares of one game by one player


def share_capability() -> str | None:
    """The share the current request carries (`Authorization: Share …`), or None."""
    header = request.headers.get("Authorization", "")
    scheme, _, capability = header.partition(" ")
    if scheme.lower() != SCHEME.lower() or not capability.strip():
        return None
    return capability.strip()


def make_share(store: GameShares, game_id: str, user_id: str, now: datetime,
               expires_in: int = DEFAULT_SECONDS) -> tuple[Share, str]:
    """A new share of the game by `user_id` (a player of it: the caller checks), and
    its capability, shown once."""
    live = [s for s in store.shares_of(game_id, user_id) if not s.expired(now)]
    if len(live) >= MAX_SHARES:
        raise Problem("invalid-request", f"A player holds at most {MAX_SHARES} unexpired "
                      "shares of a game: revoke one first.")
    capability = SHARE_PREFIX + secrets.token_urlsafe(32)
    share = Share(new_id("s_"), game_id, user_id, now, now + timedelta(seconds=expires_in))
    return store.add_share(share, token_hash(capability)), capability


def share_of(store: GameShares, capability: str, now: datetime) -> Share:
    """The unexpired share `capability` is; 401 for one unknown, revoked or expired."""
    share = store.share_by_hash(token_hash(capability))
    if share is None or share.expired(now):
        raise Problem("unauthorized", "This share link is unknown, revoked or expired: ask "
                      "a player of the game for a new one.",
                      headers={"WWW-Authenticate": f'{SCHEME} realm="ttr"'})
    return share
