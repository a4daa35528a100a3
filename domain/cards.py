"""Train-car cards: the eight colours, the locomotive, and hands as card counts.

A hand (or any multiset of cards) is a tuple of nine counts in `KINDS` order, so
that copying and comparing hands is cheap; the outside world sees the same
multiset as a mapping ``{"red": 2, "locomotive": 1}``.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping

COLORS: tuple[str, ...] = (
    "purple", "blue", "orange", "white", "green", "yellow", "black", "red",
)
LOCOMOTIVE = "locomotive"
KINDS: tuple[str, ...] = (*COLORS, LOCOMOTIVE)
KIND_INDEX: dict[str, int] = {kind: i for i, kind in enumerate(KINDS)}
LOCO = KIND_INDEX[LOCOMOTIVE]

CARDS_PER_COLOR = 12
LOCOMOTIVES_IN_DECK = 14
TOTAL_CARDS = CARDS_PER_COLOR * len(COLORS) + LOCOMOTIVES_IN_DECK  # 110

Counts = tuple[int, ...]
NO_CARDS: Counts = (0,) * len(KINDS)


def full_deck() -> list[str]:
    """The 110 cards in a fixed canonical order (the input of the first shuffle)."""
    deck = [color for color in COLORS for _ in range(CARDS_PER_COLOR)]
    deck.extend([LOCOMOTIVE] * LOCOMOTIVES_IN_DECK)
    return deck


def counts_of(cards: Iterable[str]) -> Counts:
    """Count a sequence of card names."""
    out = [0] * len(KINDS)
    for card in cards:
        out[KIND_INDEX[card]] += 1
    return tuple(out)


def counts_from_mapping(cards: Mapping[str, int]) -> Counts:
    """Counts from ``{"red": 2, "locomotive": 1}``; unknown kinds raise KeyError."""
    out = [0] * len(KINDS)
    for kind, n in cards.items():
        out[KIND_INDEX[kind]] += n
    return tuple(out)


def as_mapping(counts: Counts) -> dict[str, int]:
    """``{"red": 2, "locomotive": 1}``, omitting kinds of which there are none."""
    return {KINDS[i]: n for i, n in enumerate(counts) if n}


def expand(counts: Counts) -> list[str]:
    """The cards of a multiset, in canonical `KINDS` order."""
    return [KINDS[i] for i, n in enumerate(counts) for _ in range(n)]


# Speed: `map` with the operator functions runs in C, a generator over `zip` does not;
# the length check keeps the refusal of multisets of different lengths.

def add(a: Counts, b: Counts) -> Counts:
    if len(a) != len(b):
        raise _different_lengths(a, b)
    return tuple(map(operator.add, a, b))


def subtract(a: Counts, b: Counts) -> Counts:
    if len(a) != len(b):
        raise _different_lengths(a, b)
    return tuple(map(operator.sub, a, b))


def _different_lengths(a: Counts, b: Counts) -> ValueError:
    return ValueError(f"card counts of different lengths: {len(a)} and {len(b)}")


def add_card(counts: Counts, card: str, n: int = 1) -> Counts:
    out = list(counts)  # Speed: cheaper than joining three slices
    out[KIND_INDEX[card]] += n
    return tuple(out)


def contains(hand: Counts, cards: Counts) -> bool:
    """True when every card of `cards` is in `hand`."""
    held = all(map(operator.ge, hand, cards))
    if held and len(hand) != len(cards):
        raise _different_lengths(hand, cards)
    return held
