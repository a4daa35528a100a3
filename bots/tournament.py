"""`ttr tournament`: seeded games between agents, seats rotated, and a table of results.

Game g seats agent (s + g) mod k at seat s (k agents); its engine seed and every
agent's rng derive from --seed and g alone, so the table is the same for a seed
whatever the number of processes. A progress bar goes to stderr when it is a terminal.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

from tqdm import tqdm

from bots.levels import AGENTS, agent_named
from bots.play import play_game
from domain.autoplay import game_seed
from domain.ending import score_game
from domain.maps import map_names, rules_for

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class SeatResult:
    agent: str
    won: bool
    score: int
    tickets_completed: int


@dataclass(frozen=True, slots=True)
class GameResult:
    turns: int
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True, slots=True)
class Setup:
    map: str
    agents: tuple[str, ...]
    players: int
    seed: int


def seating(agents: Sequence[str], players: int, number: int) -> list[str]:
    return [agents[(seat + number) % len(agents)] for seat in range(players)]


def agent_seed(seed: int, number: int, seat: int) -> int:
    digest = hashlib.sha256(f"ttr-tournament:{seed}:{number}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_one(setup: Setup, number: int) -> GameResult:
    names = seating(setup.agents, setup.players, number)
    rngs = [random.Random(agent_seed(setup.seed, number, s)) for s in range(setup.players)]
    game = play_game(setup.map, [agent_named(n) for n in names],
                     game_seed(setup.seed, number), rngs)
    scores = score_game(game)
    return GameResult(turns=game.turns, seats=tuple(
        SeatResult(agent=names[s.seat], won=s.winner, score=s.total,
                   tickets_completed=s.completed_tickets) for s in scores))


def _play_numbered(job: tuple[Setup, int]) -> GameResult:
    return play_one(*job)


def play_all(setup: Setup, games: int, processes: int) -> Iterator[GameResult]:
    """The results in game order (several processes when asked)."""
    jobs = [(setup, n) for n in range(games)]
    if processes <= 1:
        yield from map(_play_numbered, jobs)
        return
    with get_context("spawn").Pool(processes) as pool:
        yield from pool.imap(_play_numbered, jobs, chunksize=4)


@dataclass
class Tally:
    seats: int = 0
    wins: int = 0
    score: int = 0
    tickets: int = 0
    turns: int = 0
    winning_score: int = 0  # the agent's scores summed over the games it won

    def add(self, other: Tally) -> None:
        self.seats += other.seats
        self.wins += other.wins
        self.score += other.score
        self.tickets += other.tickets
        self.turns += other.turns
        self.winning_score += other.winning_score

    def row(self, name: str) -> dict[str, Any]:
        low, high = wilson(self.wins, self.seats)
        n = max(1, self.seats)
        return {"agent": name, "games": self.seats, "wins": self.wins,
                "win_rate": round(self.wins / n, 4),
                "win_rate_95": [round(low, 4), round(high, 4)],
                "mean_score": round(self.score / n, 2),
                "mean_winning_score": round(self.winning_score / max(1, self.wins), 2),
                "tickets_completed": round(self.tickets / n, 2),
                "mean_turns": round(self.turns / n, 2)}


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The Wilson score interval of a win rate, at 95%."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(setup: Setup, games: int, processes: int) -> dict[str, Any]:
    """Play the tournament and sum it up, one row per agent (in --agents order)."""
    tallies = {name: Tally() for name in setup.agents}
    _count(setup, games, processes, tallies)
    return _summary(setup, games, setup.seed, tallies)


def run_seeds(setup: Setup, seeds: Sequence[int], games: int,
              processes: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """`games` games on each seed (setup.seed is not used): the rows of all of them
    pooled (its "seed" the list), and each seed's summary as `run` gives it."""
    pooled = {name: Tally() for name in setup.agents}
    each = []
    for seed in seeds:
        one = Setup(setup.map, setup.agents, setup.players, seed)
        tallies = {name: Tally() for name in setup.agents}
        _count(one, games, processes, tallies)
        for name, t in tallies.items():
            pooled[name].add(t)
        each.append(_summary(setup, games, seed, tallies))
    return _summary(setup, games * len(seeds), list(seeds), pooled), each


def _summary(setup: Setup, games: int, seed: int | list[int],
             tallies: dict[str, Tally]) -> dict[str, Any]:
    return {"map": setup.map, "players": setup.players, "games": games, "seed": seed,
            "agents": [tallies[name].row(name) for name in tallies]}


def _count(setup: Setup, games: int, processes: int, tallies: dict[str, Tally]) -> None:
    quiet = not sys.stderr.isatty()
    results = play_all(setup, games, processes)
    for result in tqdm(results, total=games, disable=quiet, unit="game"):
        for seat in result.seats:
            t = tallies[seat.agent]
            t.seats += 1
            t.wins += seat.won
            t.winning_score += seat.score if seat.won else 0
            t.score += seat.score
            t.tickets += seat.tickets_completed
            t.turns += result.turns


def table(summary: dict[str, Any]) -> str:
    seeds = summary["seed"]
    seed = (f"seeds {', '.join(map(str, seeds))}" if isinstance(seeds, list)
            else f"seed {seeds}")
    lines = [f"{summary['games']} games of {summary['map']}, {summary['players']} players, "
             f"{seed}",
             f"{'agent':<12} {'seats':>6} {'wins':>6} {'win %':>7} {'95% interval':>15} "
             f"{'score':>7} {'tickets':>8} {'turns':>7} {'won with':>9}"]
    for row in summary["agents"]:
        low, high = row["win_rate_95"]
        lines.append(f"{row['agent']:<12} {row['games']:>6} {row['wins']:>6} "
                     f"{100 * row['win_rate']:>6.1f}% {f'{100 * low:.1f}–{100 * high:.1f}%':>15} "
                     f"{row['mean_score']:>7.1f} {row['tickets_completed']:>8.2f} "
                     f"{row['mean_turns']:>7.1f} {row['mean_winning_score']:>9.1f}")
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    """An argument error is one line on stderr and exit status 2."""

    def error(self, message: str) -> Any:
        raise _BadArguments(message)


class _BadArguments(Exception):
    pass


def parse(argv: Sequence[str]) -> tuple[Setup, int, int, bool]:
    parser = _Parser(prog="ttr tournament", description=__doc__.splitlines()[0],
                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--map", default="usa", help="the map")
    parser.add_argument("--players", type=int, default=2, help="players per game")
    parser.add_argument("--agents", default="strong,route-focus",
                        help=f"comma-separated: {', '.join(AGENTS)}")
    parser.add_argument("--games", type=int, default=100, help="games to play")
    parser.add_argument("--seed", type=int, default=0, help="the seed every game derives from")
    parser.add_argument("--processes", type=int, default=1, help="processes to play on")
    parser.add_argument("--json", action="store_true", help="print the JSON line only")
    args = parser.parse_args(list(argv))
    if args.map not in map_names():
        parser.error(f"unknown map {args.map!r}; maps: {', '.join(map_names())}")
    agents = tuple(a.strip() for a in args.agents.split(",") if a.strip())
    unknown = [a for a in agents if a not in AGENTS]
    if not agents or unknown:
        parser.error(f"unknown agent(s) {', '.join(unknown) or '(none)'}; "
                     f"agents: {', '.join(AGENTS)}")
    rules = rules_for(args.map)
    if not rules.min_players <= args.players <= rules.max_players:
        parser.error(f"{args.map} is played by {rules.min_players} to "
                     f"{rules.max_players} players")
    if args.games < 1 or args.processes < 1:
        parser.error("--games and --processes must be at least 1")
    return Setup(args.map, agents, args.players, args.seed), args.games, args.processes, args.json


def main(argv: Sequence[str] | None = None) -> int:
    try:
        setup, games, processes, as_json = parse(sys.argv[1:] if argv is None else argv)
    except _BadArguments as bad:
        print(f"ttr tournament: error: {bad}", file=sys.stderr)
        return 2
    summary = run(setup, games, processes)
    if not as_json:
        print(table(summary))
    print(json.dumps(summary, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
