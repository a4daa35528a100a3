"""Benchmark of the built-in opponents: decision times, thinking within the budget, the
embedded server while hard and expert bots think, and the strong and expert agents'
strength.

    python bench/bots.py [--parts agents,budget,probe,strength,expert] [--budget-ms 200]
                         [--setup-budget-ms 5000] [--budget-games B] [--tables K]
                         [--games N] [--other-games M]
                         [--four-games F] [--expert-games E] [--expert-other-games O]
                         [--timing-games T] [--processes P]
                         [--seeds 1,2,3] [--maps usa,europe,nordic] [--smoke]

`agents`, decision time: every agent plays T two-player North America games against the
route-focus agent on this one core, and each of its `choose` calls is timed (median
and 99th percentile, in milliseconds), without a time limit.

`budget`, a hard and an expert bot's decisions as the service makes them
(`worker.thinking.answer`, the agent bounded by the budget, `TTR_BOT_BUDGET_MS`, and at
setup by `TTR_BOT_SETUP_BUDGET_MS`): B games per level, map and player count (North
America and Europe 2-5, Nordic 2-3) whose every seat is a bot of that level, every
decision timed: the turns' and the setup keeps' apart, median, p99 and max in
milliseconds, and how many went past their budget plus 50 ms (the target: none).

`probe`, the embedded server (`ttr serve`, SQLite, jobs in-process, `TTR_BOT_PAUSE=0`):
another client asks `GET /v1/users/me` every 10 ms, for 2 s alone, then while K
5-player Europe tables of hard and expert bots play to their end (`tests/bot_tables.py`:
four bots at creation, hard and expert in turn, and an expert standing in for the
creator, who resigns): each answer's time
(p50, p99, max in milliseconds; the target: p99 under 50 ms), and the CPU seconds of
the web process and of the bots' thinking processes meanwhile.

`strength`, issue 30 item 2's done-when: N two-player North America games of strong
against route-focus (seats rotated, seed 1, through the tournament code; P processes
only make it finish sooner, the results are the same), M games each on Europe and
Nordic, and F four-player North America games of strong against three route-focus
agents: per map strong's win rate with its 95% Wilson interval, both mean scores, and
strong's mean score in the games it won (the targets: at least 80% on every map in
two-player games, 40% in four-player ones, a mean winning score of 120 or more on
North America).

`expert`, issue 30 item 3 (not run unless asked for): the expert agent against the
strong agent in two-player games, E on North America and O each on Europe and Nordic
(seed 1, seats rotated, the expert's rounds counted, not timed, so the results are
the same on any machine): the expert's win rate with its 95% Wilson interval and both
mean scores (the target: at least 60% on North America, ahead on the others).

`--seeds`: the strength's and the expert's games are played on each seed given (the
counts above are per seed) and pooled, every seed's table printed too; `--maps`: the
maps they are played on (North America's four-player games with North America).

`--smoke`: the smallest shape of each part but the strength and the expert (one game
of two per part, one table of three on the probe), to see that the script runs. The
last line of output is one JSON object with every figure.
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
from bots.tournament import Setup, run_seeds, table  # noqa: E402
from bots.view import SeatView, seat_view  # noqa: E402
from domain.autoplay import game_seed  # noqa: E402
from domain.commands import Command  # noqa: E402
from domain.decide import execute  # noqa: E402
from domain.evolve import replay  # noqa: E402
from domain.moves import legal_moves  # noqa: E402
from domain.setup import start_game  # noqa: E402
from tests.bot_tables import (  # noqa: E402
    EmbeddedServer,
    Probe,
    bot_tables,
    cpu_seconds,
    phases,
    thinking_processes,
)
from worker.thinking import Question, Thinking, answer  # noqa: E402

BUDGET_SETUPS = (("usa", (2, 3, 4, 5)), ("europe", (2, 3, 4, 5)), ("nordic", (2, 3)))
BUDGET_LEVELS = ("hard", "expert")  # the levels whose agents think for as long as allowed
PARTS = ("agents", "budget", "probe", "strength", "expert")
DEFAULT_PARTS = PARTS[:4]
MAPS = ("usa", "europe", "nordic")
# issue 30 item 2: strong against route-focus
TWO_PLAYER_TARGET = 0.8
FOUR_PLAYER_TARGET = 0.4
WINNING_SCORE_TARGET = 120
# issue 30 item 3: expert against strong on North America
EXPERT_TARGET = 0.6


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


def summary_ms(seconds: list[float]) -> dict[str, Any]:
    ms = sorted(t * 1000 for t in seconds)
    if not ms:
        return {"count": 0}
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    return {"count": len(ms), "median_ms": round(statistics.median(ms), 3),
            "p99_ms": round(p99, 3), "max_ms": round(ms[-1], 3)}


def budget_times(level: str, map_name: str, players: int, games: int,
                 thinking: Thinking) -> dict[str, Any]:
    """Every decision of `games` games of bots of `level` in every seat, as the service
    decides them: the turns' and the setup keeps' apart."""
    took: dict[str, list[float]] = {"turns": [], "setup": []}
    over = 0
    for number in range(games):
        game = replay(start_game(map_name, players, game_seed(2030, number)))
        version = 0
        while game.phase != "ended":
            seat = seat_to_act(game)
            view = seat_view(game, seat)
            budget = thinking.budget_for(view)
            question = Question(level, view, tuple(legal_moves(game, seat)),
                                random.Random(f"bot:{number}:{version}"), budget)
            started = time.perf_counter()
            command = answer(question)
            spent = time.perf_counter() - started
            took["setup" if game.phase == "setup" else "turns"].append(spent)
            over += spent > budget + 0.05
            game = execute(game, seat, command)[1]
            version += 1
    return {"turns": summary_ms(took["turns"]), "setup": summary_ms(took["setup"]),
            "over_budget_plus_50ms": over}


def probe_while_bots_play(tables: int, map_name: str, seats: int, budget_ms: int,
                          setup_budget_ms: int, alone: float = 2.0,
                          timeout: float = 900.0) -> dict[str, Any]:
    """The probe's answers alone, then while `tables` tables of hard and expert bots
    play."""
    with EmbeddedServer(TTR_BOT_BUDGET_MS=str(budget_ms),
                        TTR_BOT_SETUP_BUDGET_MS=str(setup_budget_ms)) as server:
        probe = Probe(server.port, server.new_user("Prober")).start()
        time.sleep(alone)
        quiet = list(probe.took)
        worker = server.worker_pid()
        worker_before = cpu_seconds(worker)
        started = time.monotonic()
        opened = bot_tables(server, tables, map_name, seats)
        thinking: dict[int, float] = {}
        while time.monotonic() - started < timeout:
            thinking.update(thinking_processes(worker))
            if all(phase == "ended" for phase in phases(server, opened)):
                break
            time.sleep(0.2)
        thinking.update(thinking_processes(worker))
        played = time.monotonic() - started
        worker_cpu = cpu_seconds(worker) - worker_before
        during = probe.stop()[len(quiet):]
        failures = probe.failures
    return {"tables": tables, "map": map_name, "seats": seats, "budget_ms": budget_ms,
            "setup_budget_ms": setup_budget_ms, "alone": summary_ms(quiet),
            "while_bots_play": summary_ms(during),
            "probe_failures": failures, "games_seconds": round(played, 2),
            "web_process_cpu_s": round(worker_cpu, 2),
            "thinking_processes": len(thinking),
            "thinking_cpu_s": round(sum(thinking.values()), 2)}


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


def played(map_name: str, agents: tuple[str, ...], players: int, games: int,
           seeds: Sequence[int], processes: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """`games` games on each seed, every table printed (each seed's, then the pooled
    one when there are several): the pooled rows of the first two agents, and each
    seed's win rate of the first."""
    pooled, each = run_seeds(Setup(map_name, agents, players, seeds[0]), seeds, games,
                             processes)
    for summary in each:
        print(table(summary), flush=True)
    if len(each) > 1:
        print(table(pooled), flush=True)
    first, second = pooled["agents"][:2]
    by_seed = {str(e["seed"]): e["agents"][0]["win_rate"] for e in each}
    return {**first, "by_seed": by_seed}, second


def strength(map_name: str, games: int, processes: int, players: int = 2,
             seeds: Sequence[int] = (1,)) -> dict[str, Any]:
    """Strong against route-focus (one strong seat, the others route-focus, seats
    rotated), `games` games a seed, pooled: its win rate with the 95% Wilson interval,
    the mean scores, and its mean score in the games it won."""
    agents = ("strong", *("route-focus",) * (players - 1))
    strong, route_focus = played(map_name, agents, players, games, seeds, processes)
    return {"games": strong["games"], "players": players, "seeds": list(seeds),
            "strong_win_rate": strong["win_rate"],
            "strong_win_rate_95": strong["win_rate_95"],
            "strong_win_rate_by_seed": strong["by_seed"],
            "strong_mean_score": strong["mean_score"],
            "strong_mean_winning_score": strong["mean_winning_score"],
            "route_focus_mean_score": route_focus["mean_score"],
            "mean_turns": strong["mean_turns"]}


def expert_strength(map_name: str, games: int, processes: int,
                    seeds: Sequence[int] = (1,)) -> dict[str, Any]:
    """The expert against the strong agent, two players, seats rotated, `games` games
    a seed, pooled."""
    expert, strong = played(map_name, ("expert", "strong"), 2, games, seeds, processes)
    return {"games": expert["games"], "seeds": list(seeds),
            "expert_win_rate": expert["win_rate"],
            "expert_win_rate_95": expert["win_rate_95"],
            "expert_win_rate_by_seed": expert["by_seed"],
            "expert_mean_score": expert["mean_score"],
            "strong_mean_score": strong["mean_score"]}


def targets_met(figures: dict[str, Any]) -> dict[str, bool]:
    """Issue 30 item 2's done-when, each target on its own."""
    met: dict[str, bool] = {
        name: figures[name]["strong_win_rate"] >= TWO_PLAYER_TARGET
        for name in ("usa", "europe", "nordic") if name in figures}
    if "usa-4" in figures:
        met["usa-4"] = figures["usa-4"]["strong_win_rate"] >= FOUR_PLAYER_TARGET
    if "usa" in figures:
        met["usa_mean_winning_score"] = (figures["usa"]["strong_mean_winning_score"]
                                         >= WINNING_SCORE_TARGET)
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default=",".join(DEFAULT_PARTS),
                        help=f"comma-separated: {', '.join(PARTS)}")
    parser.add_argument("--budget-ms", type=int, default=200)
    parser.add_argument("--setup-budget-ms", type=int, default=5000)
    parser.add_argument("--budget-games", type=int, default=2)
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--other-games", type=int, default=1000)
    parser.add_argument("--four-games", type=int, default=400)
    parser.add_argument("--expert-games", type=int, default=1000)
    parser.add_argument("--expert-other-games", type=int, default=200)
    parser.add_argument("--timing-games", type=int, default=20)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seeds", default="1",
                        help="comma-separated seeds for the strength and the expert, "
                             "their games pooled (the games' counts are per seed)")
    parser.add_argument("--maps", default=",".join(MAPS),
                        help="comma-separated maps for the strength and the expert")
    parser.add_argument("--smoke", action="store_true",
                        help="the smallest shape of every part but the strength")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    unknown = parts - set(PARTS)
    if unknown:
        parser.error(f"unknown parts: {', '.join(sorted(unknown))}")
    maps = set(args.maps.split(","))
    if not maps or maps - set(MAPS):
        parser.error(f"unknown maps: {args.maps!r}; maps: {', '.join(MAPS)}")
    try:
        seeds = [int(s) for s in args.seeds.split(",")]
    except ValueError:
        parser.error(f"--seeds must be whole numbers separated by commas: {args.seeds!r}")
    if not seeds or len(set(seeds)) != len(seeds):
        parser.error(f"--seeds must name each seed once: {args.seeds!r}")
    budget_setups: Sequence[tuple[str, Sequence[int]]] = BUDGET_SETUPS
    table_shape = ("europe", 5)
    if args.smoke:
        parts -= {"strength", "expert"}
        args.timing_games = args.budget_games = args.tables = 1
        budget_setups, table_shape = (("usa", (2,)),), ("usa", 3)
    figures: dict[str, Any] = {"budget_ms": args.budget_ms,
                               "setup_budget_ms": args.setup_budget_ms}
    if "agents" in parts:
        figures["decision_times"] = {}
        for name in AGENTS:
            figures["decision_times"][name] = times = decision_times(name, args.timing_games)
            print(f"{name:<12} median {times['median_ms']:.2f} ms, p99 {times['p99_ms']:.2f} "
                  f"ms over {times['decisions']} decisions", flush=True)
    if "budget" in parts:
        figures["budget"] = {}
        thinking = Thinking(args.budget_ms / 1000, setup_budget=args.setup_budget_ms / 1000)
        for level in BUDGET_LEVELS:
            for map_name, counts in budget_setups:
                for players in counts:
                    found = budget_times(level, map_name, players, args.budget_games,
                                         thinking)
                    figures["budget"][f"{level}-{map_name}-{players}"] = found
                    turns, setup = found["turns"], found["setup"]
                    print(f"{level}, {map_name} {players} players: turns median "
                          f"{turns['median_ms']:.2f} ms, p99 {turns['p99_ms']:.1f} ms, max "
                          f"{turns['max_ms']:.1f} ms over {turns['count']}; setup median "
                          f"{setup['median_ms']:.1f} ms, max {setup['max_ms']:.1f} ms over "
                          f"{setup['count']} ({found['over_budget_plus_50ms']} past the "
                          f"budget + 50 ms)", flush=True)
    if "probe" in parts:
        figures["probe"] = probe = probe_while_bots_play(args.tables, *table_shape,
                                                         args.budget_ms,
                                                         args.setup_budget_ms)
        during = probe["while_bots_play"]
        print(f"probe while {args.tables} tables of hard and expert bots play: p50 "
              f"{during.get('median_ms')} ms, p99 {during.get('p99_ms')} ms, max "
              f"{during.get('max_ms')} ms over {during['count']} requests (alone: p99 "
              f"{probe['alone'].get('p99_ms')} ms); thinking {probe['thinking_cpu_s']} s "
              f"of CPU in {probe['thinking_processes']} processes, the web process "
              f"{probe['web_process_cpu_s']} s", flush=True)
    if "strength" in parts:
        if "usa" in maps:
            figures["usa"] = strength("usa", args.games, args.processes, seeds=seeds)
        for map_name in ("europe", "nordic"):
            if map_name in maps:
                figures[map_name] = strength(map_name, args.other_games, args.processes,
                                             seeds=seeds)
        if "usa" in maps:
            figures["usa-4"] = strength("usa", args.four_games, args.processes, players=4,
                                        seeds=seeds)
        figures["strength_targets_met"] = targets_met(figures)
    if "expert" in parts:
        figures["expert"] = {}
        if "usa" in maps:
            figures["expert"]["usa"] = found = expert_strength(
                "usa", args.expert_games, args.processes, seeds)
            figures["expert"]["usa_target_met"] = found["expert_win_rate"] >= EXPERT_TARGET
        for map_name in ("europe", "nordic"):
            if map_name in maps:
                figures["expert"][map_name] = found = expert_strength(
                    map_name, args.expert_other_games, args.processes, seeds)
                figures["expert"][f"{map_name}_ahead"] = found["expert_win_rate_95"][0] > 0.5
    print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    outcome.run(main)
