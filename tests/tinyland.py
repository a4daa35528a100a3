"""Tinyland: a small fourth map that only the tests play, written as data alone.

`tests/fixtures/maps/tinyland.json` holds its board (twelve cities, a double route, two
tunnels, a ferry), its title and its rule knobs; `registered()` makes it playable for
the length of a test and takes it away again, so no other test sees a fourth map.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from domain.maps import MapEntry, register_map, unregister_map

NAME = "tinyland"
DATA = Path(__file__).resolve().parent / "fixtures" / "maps" / f"{NAME}.json"


def tinyland_data() -> dict[str, Any]:
    """The map's JSON document, freshly read (tests may change their copy)."""
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@contextmanager
def registered(data: dict[str, Any] | None = None) -> Iterator[MapEntry]:
    """Tinyland (or the map `data` describes) playable inside the `with` block."""
    entry = register_map(MapEntry.from_data(tinyland_data() if data is None else data))
    try:
        yield entry
    finally:
        unregister_map(entry.name)
