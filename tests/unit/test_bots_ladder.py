"""The bots' ladder: rated games between the bot levels, played through the referee and
the bots' own moves, scored and projected, so each level's rating on the bots' board is
earned against the others; `ttr bots ladder` plays them against the configured store."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.rating import NEW_PLAYER
from domain.stand_ins import BOT_LEVELS, bot_user_id
from events import MEMORY_URL, SqlStore, open_store
from service.cli_parser import build_parser
from tests.unit.test_cli import run_ttr
from tests.worker_support import make_context
from worker.context import WorkerContext
from worker.ladder import pairings, play_ladder, round_robin


@pytest.fixture
def ctx() -> Iterator[WorkerContext]:
    store: SqlStore = open_store(MEMORY_URL)
    store.migrate()
    yield make_context(store)
    store.close()


def test_the_ladder_pairs_every_level_with_every_other_on_either_seat() -> None:
    games = pairings(12)
    assert {frozenset(g) for g in games} == {
        frozenset(p) for p in itertools.combinations(BOT_LEVELS, 2)}
    assert len({frozenset(g) for g in games}) == 6
    assert sorted(g[0] for g in games) == sorted(g[1] for g in games)


def test_the_ladders_default_run_plays_every_pair_on_either_seat() -> None:
    games = build_parser().parse_args(["bots", "ladder"]).games
    assert sorted(pairings(games)) == sorted(itertools.permutations(BOT_LEVELS, 2))


def test_the_ladder_plays_its_pairs_in_rounds_where_every_level_plays() -> None:
    pairs = round_robin(BOT_LEVELS)
    rounds = [pairs[i:i + 2] for i in range(0, len(pairs), 2)]
    assert all(sorted(level for pair in r for level in pair) == sorted(BOT_LEVELS)
               for r in rounds)
    assert pairs[0] == ("easy", "medium")  # (the ladder's shortest run: the quickest two)


def test_ladder_games_are_rated_and_move_the_levels_ratings(ctx: WorkerContext) -> None:
    played = play_ladder(ctx, 3)
    assert [g.levels for g in played] == pairings(3)
    for level in BOT_LEVELS:
        entry = ctx.store.board_entry("usa", bot_user_id(level, 1), min_games=1)
        assert entry is not None and entry.bot
        assert entry.games == sum(level in g.levels for g in played)
        assert entry.mu != NEW_PLAYER.mu


def test_a_ladder_game_is_an_ordinary_finished_game(ctx: WorkerContext) -> None:
    [game] = play_ladder(ctx, 1)
    table = ctx.log.load(game.game_id)
    assert table.status == "finished" and table.rated
    assert [s.user_id for s in table.seats] == [bot_user_id(level, 1) for level in game.levels]
    assert game.winners


def test_ttr_bots_ladder_plays_and_reports_each_game(tmp_path: Path) -> None:
    run = run_ttr("bots", "ladder", "--games", "1", cwd=tmp_path,
                  TTR_DATABASE_URL=f"sqlite:///{tmp_path / 'ttr.sqlite3'}")
    assert run.returncode == 0, run.stderr
    [line] = run.stdout.splitlines()
    assert json.loads(line)["levels"] == ["easy", "medium"]
