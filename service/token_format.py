"""What a bearer token looks like, and telling one the server made from a made-up one
without asking the store.

A token is ``ttr_<random>_<mac>``: 32 random bytes and the first 16 bytes of their
HMAC-SHA256 under the server's token key, each base64url without padding (70
characters in all). Checking the MAC takes microseconds and no look-up, so a request
whose token the server never made is known for one before it is charged to any
budget a real token shares (`service.middleware`). The keys are a list: the first
signs new tokens, every one is tried on a token shown, so a key is replaced by putting
the new one first and dropping the old one once its tokens are gone.

Tokens made before the MAC (``ttr_`` and 43 characters of base64url, 47 in all) cannot
be told apart from made-up ones of that shape without the store: they are `LEGACY`,
still accepted, and looked up. Anything of neither shape was never a token.
"""

from __future__ import annotations

import base64
import hmac
import re
import secrets
from collections.abc import Sequence
from enum import Enum

TOKEN_PREFIX = "ttr_"
RANDOM_BYTES = 32
MAC_BYTES = 16  # 128 bits: a guess is right once in 2**128
# a key shorter than this is no secret (a generated one is 43 characters)
MIN_KEY_LENGTH = 32

_PART = r"[A-Za-z0-9_-]"
_SEALED = re.compile(rf"{TOKEN_PREFIX}({_PART}{{43}})_({_PART}{{22}})")
_LEGACY = re.compile(rf"{TOKEN_PREFIX}{_PART}{{43}}")


class Shape(Enum):
    """What a token's text alone says of it."""
    SEALED = "sealed"  # made by this server (its MAC holds): look it up
    LEGACY = "legacy"  # made before the MAC, or unsealable here: only the store knows
    FORGED = "forged"  # made up: refused without a look-up


def new_key() -> str:
    """A fresh token key (256 random bits)."""
    return secrets.token_urlsafe(32)


def legacy_token() -> str:
    """A token in the format made before the MAC (only where no key is set)."""
    return TOKEN_PREFIX + secrets.token_urlsafe(RANDOM_BYTES)


class TokenSeal:
    """Makes sealed tokens with the first of `keys` and checks them with any."""

    def __init__(self, keys: Sequence[str]) -> None:
        if not keys:
            raise ValueError("a token seal needs at least one key")
        self._keys = tuple(key.encode() for key in keys)

    def mint(self) -> str:
        random_part = secrets.token_urlsafe(RANDOM_BYTES)
        return f"{TOKEN_PREFIX}{random_part}_{_mac(self._keys[0], random_part)}"

    def shape(self, token: str) -> Shape:
        sealed = _SEALED.fullmatch(token)
        if sealed is not None:
            random_part, mac = sealed.groups()
            # every key is tried (no early exit), so the time taken says nothing of
            # which key, if any, matched
            matches = [hmac.compare_digest(mac, _mac(key, random_part)) for key in self._keys]
            return Shape.SEALED if any(matches) else Shape.FORGED
        return Shape.LEGACY if _LEGACY.fullmatch(token) else Shape.FORGED


def unsealed_shape(token: str) -> Shape:
    """A token's shape where the server has no key: a sealed-looking token cannot be
    checked, so it is looked up like an old one."""
    if _LEGACY.fullmatch(token) or _SEALED.fullmatch(token):
        return Shape.LEGACY
    return Shape.FORGED


def _mac(key: bytes, random_part: str) -> str:
    digest = hmac.digest(key, random_part.encode(), "sha256")[:MAC_BYTES]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
