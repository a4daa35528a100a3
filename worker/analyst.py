"""How a process computes the computer analysis of a finished game: each turn's win
chances and the key moments (`domain.win_chances`), played out by the strong agent
(`bots.analysis_policy`); the job that stores it is `worker.analysis_jobs`.

`Analyst` says how: within `budget` seconds of CPU per game (the setting
`TTR_ANALYSIS_BUDGET`; 0: no analysis), and `apart` (the embedded mode, whose jobs run
inside the web process) in a fresh interpreter of its own at a lower priority, so no
request waits on it; an RQ worker is a process apart already and computes it there.
The computation is deterministic for the game and budget (seeded by the game's id).
"""

from __future__ import annotations

import logging
import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bots.analysis_policy import proposed_moves, strong_policy
from domain.events import Event
from domain.win_chances import NotScored, estimate_win_chances
from worker.analysis_process import NICENESS

log = logging.getLogger(__name__)

# seconds beyond the budget before an analysis apart counts as lost: its start, the
# last position's overrun, a busy machine (the job fails and is retried)
GRACE = 60.0
_MAIN = "from worker.analyst import main; raise SystemExit(main())"
_ROOT = str(Path(__file__).resolve().parent.parent)


class AnalysisLost(RuntimeError):
    """The analysis apart failed or took far longer than its budget."""


@dataclass(frozen=True, slots=True)
class Analyst:
    """How a process computes the analysis of finished games (see the module doc)."""

    budget: float = 0.0  # seconds of CPU per game; 0: none
    apart: bool = False

    def analyse(self, game_id: str, events: Sequence[Event]) -> dict[str, Any]:
        """The win chances and key moments of the scored game `events`."""
        if not self.apart:
            return compute(game_id, tuple(events), self.budget)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (_ROOT, env.get("PYTHONPATH", "")) if p)
        question = pickle.dumps((game_id, tuple(events), self.budget),
                                protocol=pickle.HIGHEST_PROTOCOL)
        child = subprocess.Popen([sys.executable, "-c", _MAIN], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        with _lock:
            _running.add(child)
        try:
            out, err = child.communicate(question, timeout=self.budget * 2 + GRACE)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            raise AnalysisLost(f"game {game_id}: no analysis within "
                               f"{self.budget * 2 + GRACE:.0f} s") from None
        finally:
            with _lock:
                _running.discard(child)
        if child.returncode != 0:
            raise AnalysisLost(f"game {game_id}: the analysis process failed "
                               f"({child.returncode}): {err[-2000:]!r}")
        body: dict[str, Any] = pickle.loads(out)
        return body


# the analyses apart this process is running (`stop_analyses` ends them)
_running: set[subprocess.Popen[bytes]] = set()
_lock = threading.Lock()


def stop_analyses() -> int:
    """End every analysis apart this process runs, as it stops: a stopping server must
    not wait a budget's worth of playouts. Their jobs fail, and the sweep asks for them
    again. Returns how many were ended."""
    with _lock:
        running = list(_running)
    for child in running:
        child.kill()
    return len(running)


def compute(game_id: str, events: Sequence[Event], budget: float) -> dict[str, Any]:
    """The analysis itself, here (seeded by the game's id: the same every time); a game
    that ended before its first turn has nothing to play out: no turns."""
    try:
        return estimate_win_chances(events, strong_policy, proposed_moves, budget,
                                    game_id.encode()).as_dict()
    except NotScored:
        return {"playouts": 0, "every": 1, "decisions": 0, "turns": [], "key_moments": []}


def main() -> int:
    """An analysis apart: read (game id, events, budget) on stdin, write the analysis
    on stdout (both pickled)."""
    try:
        os.nice(NICENESS)
    except OSError:
        pass
    game_id, events, budget = pickle.loads(sys.stdin.buffer.read())
    body = compute(game_id, events, budget)
    sys.stdout.buffer.write(pickle.dumps(body, protocol=pickle.HIGHEST_PROTOCOL))
    return 0
