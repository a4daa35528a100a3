"""The bot's job (`worker.jobs.play_bot`) on a SQLite store with a jobs port that only
records: the agent is given its seat's view and legal moves and nothing else, the move
goes through the referee as the bot's seat, a job run twice or late does nothing, and
the sweep finds a bot's lost turn again."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from bots.levels import agent_for_level
from bots.view import SeatView, seat_view
from domain.commands import Command
from domain.moves import legal_moves
from events import MEMORY_URL, SqlStore, open_store
from referee.referee import NewGame
from tests.worker_support import RecordingJobs, make_context
from worker import thinking
from worker.context import WorkerContext, use_context
from worker.jobs import play_bot, sweep
from worker.thinking import Thinking


@pytest.fixture
def ctx() -> Iterator[WorkerContext]:
    store: SqlStore = open_store(MEMORY_URL)
    store.migrate()
    yield make_context(store)
    store.close()


def jobs_of(ctx: WorkerContext) -> RecordingJobs:
    assert isinstance(ctx.jobs, RecordingJobs)
    return ctx.jobs


def person_and_bot(ctx: WorkerContext, game_id: str = "g1", level: str = "hard") -> int:
    """A two-seat game: a person, then a bot; returns its version (started, in setup)."""
    created = ctx.referee.create_game(game_id, "alice", NewGame(
        map_name="usa", seats=2, join_as="Alice", bots=(level,)))
    return created.outcome.last_version


class Recording:
    """An agent that writes down every argument it is given, and plays the first move."""

    name = "recording"

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def choose(self, *args: Any, **kwargs: Any) -> Command:
        self.calls.append(args)
        assert not kwargs
        view, moves, _ = args
        assert isinstance(view, SeatView)
        command: Command = moves[0]
        return command


def test_the_bot_is_given_its_seats_view_and_legal_moves_and_nothing_else(
        ctx: WorkerContext, monkeypatch: pytest.MonkeyPatch) -> None:
    version = person_and_bot(ctx)
    table = ctx.log.load("g1")
    assert table.game is not None
    recording = Recording()
    monkeypatch.setattr(thinking, "agent_for_level", lambda level: recording)
    with use_context(ctx):
        assert play_bot("g1", version) == "played"
    [(view, moves, rng)] = recording.calls
    assert view == seat_view(table.game, 1)
    assert list(moves) == list(legal_moves(table.game, 1))
    assert isinstance(rng, random.Random)
    # the state, its seed, the deck and the other hand are nowhere among the arguments
    assert table.game.seed.hex() not in repr(recording.calls)
    assert not any(f.name in ("deck", "seed", "ticket_deck") for f in
                   view.__dataclass_fields__.values())


def test_the_bots_move_is_recorded_as_its_seats(ctx: WorkerContext) -> None:
    version = person_and_bot(ctx)
    with use_context(ctx):
        assert play_bot("g1", version) == "played"
    recorded = list(ctx.store.read_stream("g1", after=version))
    assert recorded and {r.actor for r in recorded} == {"seat:1"}
    assert recorded[0].type == "tickets_kept"


def test_the_agent_of_the_seats_level_chooses(ctx: WorkerContext,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    version = person_and_bot(ctx, level="medium")
    asked: list[str] = []

    def agent(level: str) -> Any:
        asked.append(level)
        return agent_for_level(level)

    monkeypatch.setattr(thinking, "agent_for_level", agent)
    with use_context(ctx):
        play_bot("g1", version)
    assert asked == ["medium"]


def test_a_bot_job_run_twice_or_late_plays_once(ctx: WorkerContext) -> None:
    version = person_and_bot(ctx)
    with use_context(ctx):
        assert play_bot("g1", version) == "played"
        assert play_bot("g1", version) == "moved_on"
    assert ctx.log.load("g1").version == version + 1


def test_a_bot_job_with_no_bot_to_act_does_nothing(ctx: WorkerContext) -> None:
    version = person_and_bot(ctx)
    with use_context(ctx):
        play_bot("g1", version)
        assert play_bot("g1", version + 1) == "no_bot_to_act"  # the person's choice now
        assert play_bot("nope", 1) == "no_game"


def test_a_change_after_which_a_bot_must_act_asks_for_its_move(ctx: WorkerContext) -> None:
    version = person_and_bot(ctx)
    assert jobs_of(ctx).bot_turns == [("g1", version)]


def test_an_agent_that_fails_plays_its_first_legal_move(
        ctx: WorkerContext, monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name = "broken"

        def choose(self, view: SeatView, moves: Sequence[Command],
                   rng: random.Random) -> Command:
            raise ValueError("a bug")

    version = person_and_bot(ctx)
    monkeypatch.setattr(thinking, "agent_for_level", lambda level: Broken())
    with use_context(ctx):
        assert play_bot("g1", version) == "played"


def test_the_sweep_asks_again_for_a_bots_lost_turn(ctx: WorkerContext) -> None:
    version = person_and_bot(ctx)
    jobs_of(ctx).bot_turns.clear()  # the job was lost
    with use_context(ctx):
        found = sweep()
    assert found["bots"] == 1
    assert jobs_of(ctx).bot_turns == [("g1", version)]


# -- the keeps at setup ---------------------------------------------------------------------

def person_and_three_bots(ctx: WorkerContext) -> int:
    created = ctx.referee.create_game("g1", "alice", NewGame(
        map_name="usa", seats=4, join_as="Alice", bots=("medium",) * 3))
    return created.outcome.last_version


def test_thinking_apart_the_bots_at_a_table_keep_their_setup_tickets_at_once(
        ctx: WorkerContext) -> None:
    version = person_and_three_bots(ctx)
    ctx.thinking = Thinking(60.0, processes=2, setup_budget=60.0)
    try:
        with use_context(ctx):
            assert play_bot("g1", version) == "played"
        pids = ctx.thinking.thinking_pids()
    finally:
        ctx.thinking.close()
    kept = list(ctx.store.read_stream("g1", after=version))
    assert [(r.type, r.actor) for r in kept] == [
        ("tickets_kept", f"seat:{seat}") for seat in (1, 2, 3)]
    assert len(pids) == 2  # asked at the same time: the second process was needed


def test_thinking_in_its_own_interpreter_a_job_plays_one_bots_keep(
        ctx: WorkerContext) -> None:
    version = person_and_three_bots(ctx)
    with use_context(ctx):
        assert play_bot("g1", version) == "played"
    kept = list(ctx.store.read_stream("g1", after=version))
    assert [(r.type, r.actor) for r in kept] == [("tickets_kept", "seat:1")]
