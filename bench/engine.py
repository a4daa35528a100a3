"""Benchmark of the rules engine: random games per second, and longest-path times.

    python bench/engine.py [--seconds S] [--positions N]

Games: for each map and player count, whole random legal games (setup, every turn,
legal-move listing for every decision, final scoring) played on one core for about
S seconds (three games at least). Longest path: the median and maximum time of
`longest_path` over N random final positions per map, and the time of the worst
positions we can construct (`tests/positions.py`). The last line of output is one JSON
object with every figure.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outcome import run  # noqa: E402
from domain.autoplay import game_seed, play_random_game  # noqa: E402
from domain.ending import score_game  # noqa: E402
from domain.longest_path import forget_counted, longest_path  # noqa: E402
from domain.maps import (
    MAP_NAMES,  # noqa: E402
    load_board,  # noqa: E402
    rules_for,  # noqa: E402
)
from tests.positions import random_final_positions, worst_positions  # noqa: E402


def games_per_second(map_name: str, players: int, seconds: float) -> dict[str, float]:
    played = events = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or played < 3:
        game, log = play_random_game(map_name, players, game_seed(1, played),
                                     random.Random(played))
        score_game(game)
        played += 1
        events += len(log)
    elapsed = time.perf_counter() - started
    return {"games_per_second": round(played / elapsed, 1), "games": played,
            "events_per_game": round(events / played, 1)}


def longest_path_times(map_name: str, positions: int) -> dict[str, float]:
    board, rules = load_board(map_name), rules_for(map_name)
    rng = random.Random(2024)
    times: list[float] = []
    while len(times) < positions:
        for network in random_final_positions(board, rules, rng, rules.max_players):
            forget_counted()  # the search is timed, not the memory of networks counted
            started = time.perf_counter()
            longest_path(network)
            times.append(time.perf_counter() - started)
    worst = 0.0
    worst_length = 0
    for network in worst_positions(map_name):
        forget_counted()
        started = time.perf_counter()
        length, _ = longest_path(network)
        elapsed = time.perf_counter() - started
        if elapsed > worst:
            worst, worst_length = elapsed, length
    return {
        "positions": len(times),
        "median_ms": round(statistics.median(times) * 1000, 4),
        "max_random_ms": round(max(times) * 1000, 3),
        "worst_constructed_ms": round(worst * 1000, 3),
        "worst_constructed_length": worst_length,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--positions", type=int, default=10_000)
    args = parser.parse_args()
    figures: dict[str, object] = {"games": {}, "longest_path": {}}
    for map_name in MAP_NAMES:
        rules = rules_for(map_name)
        for players in range(rules.min_players, rules.max_players + 1):
            result = games_per_second(map_name, players, args.seconds)
            figures["games"][f"{map_name}/{players}"] = result  # type: ignore[index]
            print(f"{map_name:7} {players} players: {result['games_per_second']:7.1f} games/s "
                  f"({result['games']} games, {result['events_per_game']} events each)")
    for map_name in MAP_NAMES:
        result = longest_path_times(map_name, args.positions)
        figures["longest_path"][map_name] = result  # type: ignore[index]
        print(f"{map_name:7} longest path: median {result['median_ms']} ms, max "
              f"{result['max_random_ms']} ms over {result['positions']} random positions; "
              f"worst constructed {result['worst_constructed_ms']} ms")
    print(json.dumps(figures))


if __name__ == "__main__":
    run(main)
