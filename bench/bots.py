"""Benchmark of the built-in opponents: decision times, and the strong agent's strength.

    python bench/bots.py [--games N] [--other-games M] [--timing-games T] [--processes P]

Decision time: every agent plays T two-player North America games against the
route-focus agent on this one core, and each of its `choose` calls is timed (median
and 99th percentile, in milliseconds). Strength: N two-player North America games of
strong against route-focus (seats rotated, through the tournament code; P processes
only make it finish sooner, the results are the same), and M games each on Europe and
Nordic. The last line of output is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import outcome  # noqa: E402
from bots.agent import Agent  # noqa: E402
from bots.levels import AGENTS, agent_named  # noqa: E402
from bots.play import seat_to_act  # noqa: E402
from bots.tournament import Setup, run, table  # noqa: E402
from bots.view import SeatView, seat_view  # noqa: E402
from domain.autoplay import game_seed  # noqa: E402
from domain.commands import Command  # noqa: E402
from domain.decide import execute  # noqa: E402
from domain.evolve import replay  # noqa: E402
from domain.moves import legal_moves  # noqa: E402
from domain.setup import start_game  # noqa: E402


class Timed:
    """An agent whose every decision is timed."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []

    def choose(self, view: SeatView, moves: Sequence[Command],
               rng: random.Random) -> Command:
        started = time.perf_counter()
        command = self.agent.choose(view, moves, rng)
        self.times.append(time.perf_counter() - started)
        return command


def decision_times(name: str, games: int) -> dict[str, float]:
    timed = Timed(agent_named(name))
    for number in range(games):
        agents: list[Agent] = [timed, agent_named("route-focus")]
        if number % 2:
            agents.reverse()
        game = replay(start_game("usa", 2, game_seed(2024, number)))
        rngs = [random.Random(number * 2 + s) for s in range(2)]
        while game.phase != "ended":
            seat = seat_to_act(game)
            moves = legal_moves(game, seat)
            command = agents[seat].choose(seat_view(game, seat), moves, rngs[seat])
            game = execute(game, seat, command)[1]
    ms = sorted(t * 1000 for t in timed.times)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return {"decisions": len(ms), "median_ms": round(statistics.median(ms), 3),
            "p99_ms": round(p99, 3), "max_ms": round(ms[-1], 3)}


def strength(map_name: str, games: int, processes: int) -> dict[str, Any]:
    summary = run(Setup(map_name, ("strong", "route-focus"), 2, 1), games, processes)
    print(table(summary), flush=True)
    strong = summary["agents"][0]
    return {"games": games, "strong_win_rate": strong["win_rate"],
            "strong_win_rate_95": strong["win_rate_95"],
            "strong_mean_score": strong["mean_score"],
            "route_focus_mean_score": summary["agents"][1]["mean_score"],
            "mean_turns": strong["mean_turns"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--other-games", type=int, default=300)
    parser.add_argument("--timing-games", type=int, default=20)
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    figures: dict[str, Any] = {"decision_times": {}}
    for name in AGENTS:
        figures["decision_times"][name] = times = decision_times(name, args.timing_games)
        print(f"{name:<12} median {times['median_ms']:.2f} ms, p99 {times['p99_ms']:.2f} ms "
              f"over {times['decisions']} decisions", flush=True)
    figures["usa"] = strength("usa", args.games, args.processes)
    for map_name in ("europe", "nordic"):
        figures[map_name] = strength(map_name, args.other_games, args.processes)
    print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    outcome.run(main)
