"""Frozen values and their JSON-ready twins: `freeze` and `thaw`.

Events and scores hold tuples where JSON has lists, so that they are immutable
values that compare and hash alike; `freeze` turns decoded JSON into that shape and
`thaw` turns it back (tuples become lists, mappings plain dicts). Dicts stay dicts
both ways: a card multiset such as ``{"red": 2}`` is a dict in either shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# the leaf types of JSON: nothing to freeze or thaw inside them
_PLAIN = frozenset({str, int, bool, float, type(None)})


def freeze(value: Any) -> Any:
    """`value` with every list turned into a tuple, all the way down."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    # Speed: replay decodes every event of a game, and most lists hold only leaves
    if kind is list:
        for item in value:
            if type(item) not in _PLAIN:
                return tuple(map(freeze, value))
        return tuple(value)
    if kind is dict:
        return {k: v if type(v) in _PLAIN else freeze(v) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(map(freeze, value))
    if isinstance(value, dict):
        return {k: freeze(v) for k, v in value.items()}
    return value


def thaw(value: Any) -> Any:
    """`value` as JSON holds it: every tuple or list a list and every mapping a dict,
    all the way down."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    # Speed: every append encodes its events; most fields are leaves or flat tuples,
    # and `Mapping`'s isinstance check is slow
    if kind is tuple or kind is list:
        return [v if type(v) in _PLAIN else thaw(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _PLAIN else thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    return value
