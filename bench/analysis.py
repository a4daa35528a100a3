"""Benchmark of the computer analysis of a finished game (`domain.win_chances`): CPU per
game against its budget, per map.

    python bench/analysis.py [--maps usa,europe] [--players 2] [--games 3] [--budget 20]

For each map, `--games` games between the strong agent and the route-focus agent are
played to their end (seeded: the same games every run) and scored; each is then
analysed within `--budget` seconds as the job does (here, in this process), and the CPU
it took is measured (`time.process_time`). Per map: the CPU per game (mean, max), its
ratio to the budget, the playouts per position and the decisions made, and the CPU per
decision — the figure `domain.win_chances.SECONDS_PER_DECISION` stands for. The last
line of output is one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bots.agent import Agent  # noqa: E402
from bots.agents.route_focus import RouteFocusAgent  # noqa: E402
from bots.agents.strong import StrongAgent  # noqa: E402
from bots.play import decide_for, seat_to_act  # noqa: E402
from domain.autoplay import game_seed  # noqa: E402
from domain.decide import execute  # noqa: E402
from domain.events import Event  # noqa: E402
from domain.evolve import replay  # noqa: E402
from domain.maps import map_names  # noqa: E402
from domain.setup import start_game  # noqa: E402
from domain.table import SeatTaken, create_game, replay_table, score_table  # noqa: E402
from domain.win_chances import SECONDS_PER_DECISION  # noqa: E402
from worker.analyst import compute  # noqa: E402


def scored_game(map_name: str, players: int, number: int) -> list[Event]:
    """A seeded game of the strong agent against route-focus agents, scored."""
    seed = game_seed(4, number)
    played: list[Event] = list(start_game(map_name, players, seed))
    game = replay(played)
    agents: list[Agent] = [StrongAgent() if (s + number) % 2 == 0 else RouteFocusAgent()
                           for s in range(players)]
    rng = random.Random(number)
    while game.phase != "ended":
        seat = seat_to_act(game)
        events, game = execute(game, seat, decide_for(game, seat, agents[seat], rng))
        played += events
    stream: list[Event] = [
        *create_game(map_name=map_name, seats=players, created_by="u0", seed=seed),
        *(SeatTaken(seat=i, user_id=f"u{i}", name=f"U{i}") for i in range(players)),
        *played]
    return stream + score_table(replay_table(stream))


def measure(map_name: str, players: int, games: int, budget: float) -> dict[str, Any]:
    cpu, decisions, playouts, turns, moments = [], [], [], [], []
    for number in range(games):
        events = scored_game(map_name, players, number)
        started = time.process_time()
        body = compute(f"{map_name}-{number}", events, budget)
        cpu.append(time.process_time() - started)
        decisions.append(body["decisions"])
        playouts.append(body["playouts"])
        turns.append(body["turns"][-1]["turn"])
        moments.append(len(body["key_moments"]))
    return {"games": games, "cpu_s_mean": round(statistics.fmean(cpu), 3),
            "cpu_s_max": round(max(cpu), 3),
            "cpu_per_budget_max": round(max(cpu) / budget, 3),
            "playouts_mean": round(statistics.fmean(playouts), 1),
            "turns_mean": round(statistics.fmean(turns), 1),
            "key_moments_mean": round(statistics.fmean(moments), 1),
            "decisions_mean": round(statistics.fmean(decisions)),
            "cpu_ms_per_decision": round(1000 * sum(cpu) / max(1, sum(decisions)), 4)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default=",".join(map_names()), help="comma-separated maps")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3, help="games per map")
    parser.add_argument("--budget", type=float, default=20.0, help="seconds of CPU per game")
    args = parser.parse_args(argv)
    maps = [m for m in args.maps.split(",") if m]
    unknown = [m for m in maps if m not in map_names()]
    if unknown or args.games < 1 or args.budget <= 0:
        print(f"bench/analysis.py: nothing to measure (maps {unknown or maps}, games "
              f"{args.games}, budget {args.budget})", file=sys.stderr)
        return 2
    figures: dict[str, Any] = {"budget": args.budget, "players": args.players,
                               "assumed_ms_per_decision": SECONDS_PER_DECISION * 1000,
                               "maps": {}}
    for map_name in maps:
        row = measure(map_name, args.players, args.games, args.budget)
        figures["maps"][map_name] = row
        print(f"{map_name}: {row['cpu_s_mean']} s CPU per game (max {row['cpu_s_max']}, "
              f"{row['cpu_per_budget_max']} of the budget), {row['playouts_mean']} playouts "
              f"a position, {row['cpu_ms_per_decision']} ms per decision")
    print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
