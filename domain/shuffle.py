"""Every random choice of a game, derived from its secret seed by one public procedure.

Procedure (so that an auditor holding the revealed seed can re-derive every shuffle):

* Random operation number ``n`` (0, 1, 2, … in the order the game needs them; each
  event that used one records its number) reads the byte stream
  ``HMAC-SHA256(key=seed, msg=b"ttr-shuffle:" + str(n) + b":" + str(block))`` for
  ``block`` = 0, 1, 2, … concatenated.
* The stream is read as 4-byte big-endian unsigned integers. A uniform integer in
  ``[0, k)`` takes the next integer ``u`` and rejects it while
  ``u >= 2**32 - 2**32 % k`` (so there is no modulo bias), then returns ``u % k``.
* A shuffle is Fisher–Yates: for ``i`` from ``len - 1`` down to ``1``, swap item
  ``i`` with item ``uniform(i + 1)``. The input order is documented where the
  shuffle is used (a fresh deck in `cards.full_deck` order; a discard pile in card
  kind order; tickets in board order or in the order they were returned).
* The first player is ``uniform(players)`` of operation 0.

The seed's public commitment is ``sha256(seed).hexdigest()``.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_U32 = 1 << 32


class SeededStream:
    """The uniform integers of random operation `number` of the game with `seed`."""

    __slots__ = ("_seed", "_number", "_block", "_buffer", "_offset")

    def __init__(self, seed: bytes, number: int) -> None:
        self._seed = seed
        self._number = number
        self._block = 0
        self._buffer = b""
        self._offset = 0

    def _u32(self) -> int:
        if self._offset + 4 > len(self._buffer):
            message = b"ttr-shuffle:%d:%d" % (self._number, self._block)
            self._buffer = hmac.new(self._seed, message, hashlib.sha256).digest()
            self._block += 1
            self._offset = 0
        value = int.from_bytes(self._buffer[self._offset:self._offset + 4], "big")
        self._offset += 4
        return value

    def uniform(self, k: int) -> int:
        """A uniform integer in ``[0, k)``."""
        if k <= 0:
            raise ValueError("uniform() needs k >= 1")
        limit = _U32 - _U32 % k
        while True:
            u = self._u32()
            if u < limit:
                return u % k


def shuffled(seed: bytes, number: int, items: Sequence[T]) -> list[T]:
    """`items` shuffled by random operation `number` (Fisher–Yates, see the module doc)."""
    out = list(items)
    stream = SeededStream(seed, number)
    for i in range(len(out) - 1, 0, -1):
        j = stream.uniform(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def commitment(seed: bytes) -> str:
    """The public SHA-256 commitment to a game's secret seed."""
    return hashlib.sha256(seed).hexdigest()
