"""How a player's e-mail address is kept: sealed, never in clear.

The store holds an address only as `seal`'s output (AES-256-GCM under a server key,
with a fresh nonce each time) and as `lookup`'s keyed hash (HMAC-SHA256 of the address
as compared: trimmed, lower case), by which sign-in by e-mail finds an account. A copy
of the database without the keys gives no address away, in bulk or one by one.

The keys (`TTR_MAIL_KEYS`, or the one kept beside a SQLite database: see
`bootstrap.mail_keys`) are random strings of at least `MIN_KEY_LENGTH` characters
(each gives a cipher key and a hash key, derived apart); the first seals,
every one opens and looks up, so a new key may be put first while the old ones stay
until every address was sealed again (a player's next verification does it).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from collections.abc import Sequence

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

MIN_KEY_LENGTH = 32
_VERSION = "v1"


def compared(address: str) -> str:
    """The address as two spellings of it are compared."""
    return address.strip().lower()


class AddressSeal:
    """Seals, opens and looks up addresses under `keys` (see the module doc)."""

    def __init__(self, keys: Sequence[str]) -> None:
        if not keys:
            raise ValueError("an address seal needs at least one key")
        if any(len(k) < MIN_KEY_LENGTH for k in keys):
            raise ValueError(f"a mail key has at least {MIN_KEY_LENGTH} characters")
        raw = [k.encode() for k in keys]
        # one key for the cipher and one for the look-up hash, each derived from the key
        self._ciphers = [AESGCM(hashlib.sha256(b"seal:" + k).digest()) for k in raw]
        self._macs = [hashlib.sha256(b"lookup:" + k).digest() for k in raw]

    def seal(self, address: str) -> str:
        """`address` encrypted under the first key (a new nonce each time)."""
        nonce = os.urandom(12)
        sealed = self._ciphers[0].encrypt(nonce, address.encode(), _VERSION.encode())
        return _VERSION + ":" + base64.urlsafe_b64encode(nonce + sealed).decode()

    def open(self, sealed: str) -> str:
        """The address `sealed` holds; ValueError if no key opens it."""
        version, _, text = sealed.partition(":")
        if version != _VERSION:
            raise ValueError("not a sealed address")
        blob = base64.urlsafe_b64decode(text)
        for cipher in self._ciphers:
            try:
                return cipher.decrypt(blob[:12], blob[12:], _VERSION.encode()).decode()
            except InvalidTag:
                continue
        raise ValueError("no mail key opens this address")

    def lookup(self, address: str) -> str:
        """The keyed hash the store finds `address` by (made with the first key)."""
        return self.lookups(address)[0]

    def lookups(self, address: str) -> list[str]:
        """`address`'s keyed hash under each key (an address sealed before a new key was
        put first is still found)."""
        text = compared(address).encode()
        return [hmac.new(mac, text, hashlib.sha256).hexdigest() for mac in self._macs]
