"""Bots thinking in processes of their own (the embedded mode, `worker.thinking`): a
thinking process decides as the bot would here, told only what its seat may see; one
that dies or hangs is replaced, and the bot's turn it held is played on the job's
retry."""

from __future__ import annotations

import os
import pickle
import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bootstrap.context import bootstrap
from bots.view import seat_view
from domain.autoplay import game_seed
from domain.evolve import replay
from domain.moves import legal_moves
from domain.setup import start_game
from domain.state import Game
from events import GameLog, SqlStore, open_store
from messaging.notify import LocalNotifier
from referee.referee import NewGame
from referee.settings import Settings
from tests.bot_tables import children
from worker.context import WorkerContext
from worker.inline_jobs import InlineJobs
from worker.thinking import Question, Thinking, ThinkingLost, answer


@pytest.fixture
def thinking() -> Iterator[Thinking]:
    # (a budget of 50 ms; a process silent half a second longer is lost)
    made = Thinking(0.05, processes=1, setup_budget=0.05, grace=0.5)
    yield made
    made.close()


def test_embedded_bots_think_in_processes_and_rq_workers_bots_in_their_own(
        tmp_path: Path, rq_context: WorkerContext) -> None:
    embedded = bootstrap(Settings(database_url=f"sqlite:///{tmp_path / 'e.sqlite3'}",
                                  bot_budget_ms=50, bot_setup_budget_ms=1500))
    try:
        assert embedded.thinking.processes == 2 and embedded.thinking.budget == 0.05
        assert embedded.thinking.setup_budget == 1.5
    finally:
        embedded.close()
    assert rq_context.thinking.processes == 0 and rq_context.thinking.budget == 0.2


def setup_choice() -> tuple[Game, int]:
    return replay(start_game("europe", 5, game_seed(30, 0))), 2


def ask(thinking: Thinking, game: Game, seat: int, seed: int = 1) -> object:
    return thinking.choose("hard", seat_view(game, seat), legal_moves(game, seat),
                           random.Random(seed))


def test_a_bot_decides_in_a_thinking_process_as_it_would_here() -> None:
    game, seat = setup_choice()
    # (time enough: the same choice both ways)
    apart = Thinking(60.0, processes=1, setup_budget=60.0)
    try:
        there = ask(apart, game, seat)
        [pid] = apart.thinking_pids()
    finally:
        apart.close()
    here = answer(Question("hard", seat_view(game, seat), tuple(legal_moves(game, seat)),
                           random.Random(1), 60.0))
    assert there == here
    assert pid != os.getpid()


def test_a_thinking_process_is_a_child_of_the_one_that_asks(thinking: Thinking) -> None:
    game, seat = setup_choice()
    ask(thinking, game, seat)
    [pid] = thinking.thinking_pids()
    assert pid in children(os.getpid())
    assert b"worker.thinking" in Path(f"/proc/{pid}/cmdline").read_bytes()


def test_a_question_holds_the_seats_view_and_nothing_hidden() -> None:
    game, seat = setup_choice()
    question = Question("hard", seat_view(game, seat), tuple(legal_moves(game, seat)),
                        random.Random(1), 0.2)
    sent = pickle.dumps(question)
    assert set(Question.__dataclass_fields__) == {"level", "view", "moves", "rng", "budget"}
    assert pickle.loads(sent).view == seat_view(game, seat)
    assert game.seed not in sent and game.seed.hex().encode() not in sent
    # the other seats' tickets (ids such as "europe/berlin-roma"): not one of them
    others = {t for s, p in enumerate(game.players) if s != seat for t in p.pending_tickets}
    assert others and not any(t.encode() in sent for t in others)
    assert all(t.encode() in sent for t in game.players[seat].pending_tickets)


def test_the_thinking_processes_end_with_the_thinking(thinking: Thinking) -> None:
    game, seat = setup_choice()
    ask(thinking, game, seat)
    [pid] = thinking.thinking_pids()
    thinking.close()
    assert pid not in children(os.getpid())
    with pytest.raises(ThinkingLost):
        ask(thinking, game, seat)


def test_a_thinking_process_that_died_while_idle_is_replaced(thinking: Thinking) -> None:
    game, seat = setup_choice()
    ask(thinking, game, seat)
    [first] = thinking.thinking_pids()
    os.kill(first, signal.SIGKILL)
    wait_until_dead(first)
    assert ask(thinking, game, seat) in legal_moves(game, seat)
    assert thinking.thinking_pids() not in ([], [first])


def test_a_thinking_process_that_hangs_loses_its_question_and_is_ended(
        thinking: Thinking) -> None:
    game, seat = setup_choice()
    ask(thinking, game, seat)
    [hung] = thinking.thinking_pids()
    os.kill(hung, signal.SIGSTOP)
    with pytest.raises(ThinkingLost, match="no answer in time"):
        ask(thinking, game, seat)
    assert thinking.thinking_pids() == []
    assert hung not in children(os.getpid())
    assert ask(thinking, game, seat) in legal_moves(game, seat)  # a new one


def test_a_bots_turn_outlives_the_thinking_process_that_hung_on_it(
        tmp_path: Path, thinking: Thinking) -> None:
    store: SqlStore = open_store(f"sqlite:///{tmp_path / 'bots.sqlite3'}")
    store.migrate()
    holder: list[WorkerContext] = []
    jobs = InlineJobs(lambda: holder[0], retry_intervals=[0.1] * 5, sweep_every=None)
    ctx = WorkerContext(store=store, log=GameLog(store), notifier=LocalNotifier(),
                        jobs=jobs, thinking=thinking)
    holder.append(ctx)
    try:
        game, seat = setup_choice()
        ask(thinking, game, seat)
        [hung] = thinking.thinking_pids()
        os.kill(hung, signal.SIGSTOP)
        created = ctx.referee.create_game("g1", "alice", NewGame(
            map_name="usa", seats=2, join_as="Alice", bots=("hard",)))
        version = created.outcome.last_version
        assert jobs.wait_idle(60)
        kept = [r for r in store.read_stream("g1", after=version)]
        assert [(r.type, r.actor) for r in kept] == [("tickets_kept", "seat:1")]
        assert hung not in thinking.thinking_pids() and thinking.thinking_pids()
    finally:
        ctx.close()


def wait_until_dead(pid: int, timeout: float = 10.0) -> None:
    """Until `pid` has ended (a zombie, its parent not told yet)."""
    end = time.monotonic() + timeout
    while Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z":
        assert time.monotonic() < end, f"process {pid} is still there"
        time.sleep(0.01)


def test_a_thinking_process_that_dies_unseen_while_idle_costs_no_question(
        thinking: Thinking) -> None:
    game, seat = setup_choice()
    ask(thinking, game, seat)
    [first] = thinking.thinking_pids()
    os.kill(first, signal.SIGKILL)  # (asked at once: its death not yet noticed)
    assert ask(thinking, game, seat) in legal_moves(game, seat)
    assert first not in thinking.thinking_pids()
