"""Built-in opponents: every agent plays legal moves on every map, to the end of the
game; tournaments are reproducible from their seed and refuse bad arguments."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bots.agents.expert import ExpertAgent
from bots.agents.strong import StrongAgent
from bots.levels import AGENTS, LEVELS, agent_for_level, agent_named
from bots.play import play_game, seat_to_act
from bots.tournament import Setup, run, run_seeds
from bots.tournament import main as tournament
from bots.view import seat_view
from domain.autoplay import game_seed
from domain.decide import execute
from domain.evolve import replay
from domain.maps import MAP_NAMES
from domain.moves import legal_moves
from domain.setup import start_game
from domain.stand_ins import BOT_LEVELS
from domain.state import Game
from tests.tinyland import NAME as TINYLAND
from tests.tinyland import registered

MAPS = (*MAP_NAMES, TINYLAND)


@pytest.fixture(autouse=True)
def tinyland() -> Iterator[None]:
    with registered():
        yield


def fast(name: str):  # type: ignore[no-untyped-def]
    """The agent, with the strong one's playouts and the expert's rounds cut down for
    speed."""
    if name == "expert":
        return ExpertAgent(rounds=1, steps=200, keep_rounds=2)
    return StrongAgent(playouts=1) if name == "strong" else agent_named(name)


def random_positions(map_name: str, count: int) -> Iterator[Game]:
    """States met in random games (every step of the turn comes up), the game not over."""
    for number in range(count):
        rng = random.Random(number)
        game = replay(start_game(map_name, 2 + number % 2, game_seed(99, number)))
        seen: list[Game] = []
        while game.phase != "ended":
            seen.append(game)
            seat = seat_to_act(game)
            game = execute(game, seat, rng.choice(legal_moves(game, seat)))[1]
        yield from rng.sample(seen, 12)


@pytest.mark.parametrize("map_name", MAPS)
def test_every_agent_chooses_one_of_its_legal_moves_on_every_map(map_name: str) -> None:
    for game in random_positions(map_name, 3):
        seat = seat_to_act(game)
        moves = legal_moves(game, seat)
        for name in AGENTS:
            assert fast(name).choose(seat_view(game, seat), moves, random.Random(1)) in moves


@pytest.mark.parametrize("map_name", MAPS)
def test_games_between_all_the_agents_are_played_to_the_end_on_every_map(
        map_name: str) -> None:
    names = list(AGENTS)
    for first in range(len(names)):
        pair = [names[first], names[(first + 1) % len(names)]]
        game = play_game(map_name, [fast(n) for n in pair], game_seed(5, first),
                         [random.Random(first), random.Random(first + 100)])
        assert game.phase == "ended"


def test_every_level_has_an_agent_hard_the_strong_one_and_expert_the_expert() -> None:
    assert tuple(LEVELS) == BOT_LEVELS
    assert agent_for_level("hard").name == "strong"
    assert agent_for_level("expert").name == "expert"
    assert all(agent_for_level(level).name in AGENTS for level in BOT_LEVELS)


def test_a_tournament_gives_the_same_table_for_the_same_seed_whatever_the_processes(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--map", "usa", "--agents", "route-focus,one-step", "--games", "4", "--seed", "7",
            "--json"]
    assert tournament(argv) == 0
    alone = capsys.readouterr().out
    assert tournament([*argv, "--processes", "2"]) == 0
    assert capsys.readouterr().out == alone
    assert '"games":4' in alone


def test_a_tournament_table_names_every_agent_with_its_win_interval(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament(["--agents", "one-step,random", "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("one-step") and out[3].startswith("random")
    assert "%" in out[2]


def test_games_on_several_seeds_pool_into_one_row_per_agent_and_keep_each_seeds_own() -> None:
    setup = Setup("usa", ("route-focus", "one-step"), 2, 0)
    pooled, each = run_seeds(setup, (3, 4), 2, 1)
    alone = [run(Setup("usa", setup.agents, 2, seed), 2, 1) for seed in (3, 4)]
    assert each == alone
    assert pooled["games"] == 4 and pooled["seed"] == [3, 4]
    for i, row in enumerate(pooled["agents"]):
        assert row["games"] == 4
        assert row["wins"] == sum(a["agents"][i]["wins"] for a in alone)


@pytest.mark.parametrize("argv", [
    ["--map", "atlantis"],
    ["--agents", "strong,grandmaster"],
    ["--players", "7"],
    ["--games", "0"],
    ["--games", "many"],
])
def test_a_tournament_with_bad_arguments_says_why_in_one_line_and_exits_2(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err


def test_the_tournament_help_shows_every_default(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        tournament(["--help"])
    text = capsys.readouterr().out
    for shown in ("(default: usa)", "(default: 2)", "(default: strong,route-focus)",
                  "(default: 100)", "(default: 0)", "(default: 1)"):
        assert shown in text
