"""JSON text for the whole service, written and read by orjson.

Why orjson: under load an API process spent a noticeable share of its CPU turning
answers, events and stored answers into JSON with the standard library, and orjson
does the same many times faster (the figures: bench/NOTES.md). Its output is
compact UTF-8 (other characters are not escaped as \\uXXXX); integers beyond 64
bits, which orjson refuses, are written by the standard library instead. Reading
turns such an integer into a float.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def to_bytes(value: Any) -> bytes:
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:  # an integer beyond 64 bits (or a type neither knows: raised again)
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def to_text(value: Any) -> str:
    return to_bytes(value).decode()


def parse(text: str | bytes | bytearray | memoryview) -> Any:
    """The value of JSON `text`; `ValueError` if it is not JSON (NaN and Infinity are
    not)."""
    return orjson.loads(text)
