"""A hint is as blind as a bot: the strong agent's advice for a seat depends only on what
that seat may see, whatever the opponents hold and however the decks are ordered; and
the rules record a hint only in an unrated game, to a seat with a decision to make."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from domain.hints import HintGiven, give_hint
from domain.state import changed
from domain.table import TakeSeat, replay_table, seats_to_act
from domain.violations import RuleViolation
from events import MEMORY_URL, SqlStore, open_store
from referee.referee import NewGame
from tests.unit.test_bots_hidden import other_hidden
from tests.worker_support import make_context
from worker.context import WorkerContext
from worker.hints import advice
from worker.thinking import Thinking


@pytest.fixture
def ctx() -> Iterator[WorkerContext]:
    store: SqlStore = open_store(MEMORY_URL)
    store.migrate()
    context = make_context(store)
    context.thinking = Thinking(budget=600.0)  # all its playouts: the choice is fixed
    yield context
    store.close()


def started(ctx: WorkerContext, rated: bool = False) -> None:
    ctx.referee.create_game("g1", "alice", NewGame(map_name="usa", seats=2, join_as="Alice",
                                                   rated=rated))
    ctx.referee.seat("g1", "bob", TakeSeat("Bob"))


def test_the_hint_is_the_same_whatever_the_seat_cannot_see(ctx: WorkerContext) -> None:
    started(ctx)
    table = ctx.log.load("g1")
    assert table.game is not None
    for number in range(3):
        twin = changed(table, game=other_hidden(table.game, 0, random.Random(number)))
        assert twin.game != table.game
        assert advice(ctx, "g1", twin, 0) == advice(ctx, "g1", table, 0)


def test_a_hint_is_recorded_for_the_asking_seat_only_in_an_unrated_game(
        ctx: WorkerContext) -> None:
    started(ctx)
    table = ctx.log.load("g1")
    assert give_hint(table, "bob", seats_to_act(table)) == [HintGiven(seat=1)]
    after = replay_table([HintGiven(seat=1)], table)
    assert after.game == table.game and after.version == table.version + 1


def test_the_rules_refuse_a_hint_in_a_rated_game(ctx: WorkerContext) -> None:
    started(ctx, rated=True)
    table = ctx.log.load("g1")
    with pytest.raises(RuleViolation) as refused:
        give_hint(table, "alice", seats_to_act(table))
    assert refused.value.code == "hints_rated"
