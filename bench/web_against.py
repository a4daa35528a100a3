"""`bench/web.py --against REF`: the table's loading, this tree and another commit
interleaved on one machine.

A shared machine's speed changes from minute to minute, and the slowed phone's figures
with it (the same page measured twice an hour apart differed by half), so a change to
the page is judged against the commit before it in one run, load by load: REF's `ttr
serve` (built once by `bench.against.build`: its own files and venv) and this tree's
run side by side, each with a game of its own, and the script visits them in turn,
one load at a time (a first visit in a fresh context, then a repeat visit in it), the
order swapped every load, so that a slow minute falls on both sides alike; then the
delay of an opponent's moves on each side's page. `bench/web.py` reports each side's
median and p95 over all its loads and moves, the ratio this tree / REF of each, and
the median of the loads' paired differences.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from bench.against import build
from tests.web_client_support import serve

# what one side's loads need, made once on its server: (server) -> a side's state
Prepare = Callable[[Any], Any]
# one load of one side: (browser, state) -> ms by kind (first and repeat visits)
Load = Callable[[Any, Any], dict[str, float]]
# the opponent's moves seen on one side's page: (browser, state) -> ms each
Moves = Callable[[Any, Any], list[float]]
SIDES = ("ref", "new")


def alternate(ref: str, loads: int, browser: Any, prepare: Prepare, load: Load,
              moves: Moves) -> dict[str, dict[str, list[float]]]:
    """REF and this tree, `loads` loads each, interleaved, then each side's moves:
    each side's figures by kind (ms), the loads in the order made (pairs by index)."""
    where, _ = build(ref)
    commands: dict[str, Path | None] = {"ref": where / ".venv" / "bin" / "ttr", "new": None}
    found: dict[str, dict[str, list[float]]] = {side: {} for side in SIDES}
    with ExitStack() as stack:
        states = {}
        for side in SIDES:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            server = stack.enter_context(serve(folder, ttr=commands[side]))
            states[side] = prepare(server)
        for number in range(loads):
            for side in SIDES if number % 2 == 0 else SIDES[::-1]:
                for kind, value in load(browser, states[side]).items():
                    found[side].setdefault(kind, []).append(value)
            print(f"load {number + 1}: " + "; ".join(
                f"{side} " + ", ".join(f"{kind} {values[-1]:.0f} ms"
                                       for kind, values in found[side].items())
                for side in SIDES), flush=True)
        for side in SIDES:
            found[side]["move"] = moves(browser, states[side])
    return found
