"""Snapshots: a table's whole state as JSON, so loading a long game needs no full replay.

The codec walks the domain's frozen dataclasses generically: a dataclass becomes an
object tagged with its class name, tuples become lists (and come back as tuples),
bytes become hex, frozensets sorted lists. `FORMAT` is a fingerprint of every
class's fields, so a snapshot written before the state's shape changed is simply
not used (a snapshot is only an optimisation; the events are the truth).
"""

from __future__ import annotations

import hashlib
from dataclasses import fields, is_dataclass
from typing import Any

from domain.state import Game, PendingTunnel, Player
from domain.table import Seat, Table

_CLASSES: dict[str, type[Any]] = {
    cls.__name__: cls for cls in (Table, Seat, Game, Player, PendingTunnel)
}
FORMAT = hashlib.sha256(repr([
    (name, [f.name for f in fields(cls)]) for name, cls in sorted(_CLASSES.items())
]).encode()).hexdigest()[:16]


def to_json(value: Any) -> Any:
    """A JSON-ready copy of a state value."""
    # Speed: a snapshot walks thousands of values; the usual ones (plain values, the
    # state's own classes, tuples) are told apart by their exact type first, and
    # each class's field names are looked up once.
    kind = type(value)
    if kind in _PLAIN:
        return value
    names = _FIELD_NAMES.get(kind)
    if names is not None:
        out: dict[str, Any] = {"~": kind.__name__}
        for name in names:
            out[name] = to_json(getattr(value, name))
        return out
    if kind is tuple or kind is list:
        return [v if type(v) in _PLAIN else to_json(v) for v in value]
    return _other_to_json(value)


def _other_to_json(value: Any) -> Any:
    """`to_json` for any other value (subclasses, other dataclasses, bytes, sets, dicts)."""
    if is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"~": type(value).__name__}
        for f in fields(value):
            out[f.name] = to_json(getattr(value, f.name))
        return out
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, bytes):
        return {"~": "bytes", "hex": value.hex()}
    if isinstance(value, frozenset):
        return {"~": "frozenset", "items": sorted(to_json(v) for v in value)}
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise TypeError("only string-keyed dicts can be snapshotted")
        return {"~": "dict", "items": {k: to_json(v) for k, v in value.items()}}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"cannot snapshot a {type(value).__name__}")


_PLAIN = frozenset({str, int, bool, float, type(None)})
_FIELD_NAMES: dict[type[Any], tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls)) for cls in _CLASSES.values()
}


def from_json(data: Any) -> Any:
    """The state value `to_json` made `data` from."""
    if isinstance(data, list):
        return tuple(from_json(v) for v in data)
    if isinstance(data, dict):
        tag = data["~"]
        if tag == "bytes":
            return bytes.fromhex(data["hex"])
        if tag == "frozenset":
            return frozenset(from_json(v) for v in data["items"])
        if tag == "dict":
            return {k: from_json(v) for k, v in data["items"].items()}
        cls = _CLASSES[tag]
        return cls(**{k: from_json(v) for k, v in data.items() if k != "~"})
    return data
