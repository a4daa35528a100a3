"""`bench/web.py --against REF`: the table's loading, this tree and another commit
alternated on one machine.

A shared machine's speed changes from minute to minute, and the slowed phone's figures
with it (the same page measured twice an hour apart differed by half), so a change to
the page is judged against the commit before it in one run: each round serves REF's
`ttr serve` (built once by `bench.against.build`: its own files and venv) and this
tree's in turn, the order swapped every other round, and measures the same visits on
both with this tree's script (a first visit in a fresh context, then a repeat visit,
then the delay of an opponent's moves on the last page). `bench/web.py` reports each
side's median and p95 over all its loads and moves, and the ratio this tree / REF of
each.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.against import build
from tests.web_client_support import serve

# one side's loads at a game of its own: (browser, server) -> ms by kind (first and
# repeat visits, an opponent's move on my page)
Measure = Callable[[Any, Any], dict[str, list[float]]]


def alternate(ref: str, runs: int, browser: Any, measure: Measure,
              summary: Callable[[list[float]], str]) -> dict[str, dict[str, list[float]]]:
    """REF and this tree, `runs` rounds each, alternated: each side's figures by kind
    (ms); `summary` says a round's figures in a few words."""
    where, _ = build(ref)
    sides: dict[str, Path | None] = {"ref": where / ".venv" / "bin" / "ttr", "new": None}
    found: dict[str, dict[str, list[float]]] = {s: {} for s in sides}
    for number in range(runs):
        order = ("ref", "new") if number % 2 == 0 else ("new", "ref")
        for side in order:
            with tempfile.TemporaryDirectory() as folder, \
                    serve(Path(folder), ttr=sides[side]) as server:
                measured = measure(browser, server)
            for kind, values in measured.items():
                found[side].setdefault(kind, []).extend(values)
            print(f"round {number + 1}, {side}: " + ", ".join(
                f"{kind} {summary(values)}" for kind, values in measured.items()), flush=True)
    return found
