"""Shuffles come from the seed by the one documented procedure (domain/shuffle.py)."""

from __future__ import annotations

import hashlib
import hmac

from domain.shuffle import SeededStream, commitment, shuffled


def _reference_shuffle(seed: bytes, number: int, items: list[int]) -> list[int]:
    """The procedure as docs describe it, written again from the text."""
    stream = b"".join(
        hmac.new(seed, b"ttr-shuffle:%d:%d" % (number, block), hashlib.sha256).digest()
        for block in range(64)
    )
    words = [int.from_bytes(stream[i:i + 4], "big") for i in range(0, len(stream), 4)]
    out = list(items)
    w = 0
    for i in range(len(out) - 1, 0, -1):
        k = i + 1
        limit = 2**32 - 2**32 % k
        while words[w] >= limit:
            w += 1
        j = words[w] % k
        w += 1
        out[i], out[j] = out[j], out[i]
    return out


def test_shuffle_follows_the_documented_procedure() -> None:
    seed = bytes(range(32))
    items = list(range(110))
    assert shuffled(seed, 5, items) == _reference_shuffle(seed, 5, items)


def test_each_random_operation_number_gives_its_own_order() -> None:
    seed = b"s" * 32
    assert shuffled(seed, 1, list(range(50))) != shuffled(seed, 2, list(range(50)))


def test_shuffle_is_a_permutation() -> None:
    assert sorted(shuffled(b"x" * 32, 3, list(range(110)))) == list(range(110))


def test_uniform_stays_in_range() -> None:
    stream = SeededStream(b"y" * 32, 0)
    assert all(0 <= stream.uniform(5) < 5 for _ in range(1000))


def test_commitment_is_the_sha256_of_the_seed() -> None:
    seed = b"z" * 32
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
