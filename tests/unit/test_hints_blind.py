"""A hint is as blind as a bot: the strong agent's advice for a seat depends only on what
that seat may see, whatever the opponents hold and however the decks are ordered; and
the rules record a hint only in an unrated game, to a seat with a decision to make, and
an export verifies with one only if its game is unrated."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from bots.view import SeatView
from domain.commands import Command
from domain.hints import HintGiven, give_hint
from domain.state import changed
from domain.table import TakeSeat, replay_table, seats_to_act
from domain.violations import RuleViolation
from events import MEMORY_URL, SqlStore, open_store
from events.verify import verify_export
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


def test_a_hint_at_setup_is_thought_out_within_a_turns_budget(ctx: WorkerContext) -> None:
    started(ctx)
    asked: list[tuple[str, float | None]] = []

    class Recording(Thinking):
        def choose(self, level: str, view: SeatView, moves: Sequence[Command],
                   rng: random.Random, *, budget: float | None = None) -> Command:
            asked.append((view.phase, budget))
            return super().choose(level, view, moves, rng, budget=budget)

    ctx.thinking = Recording(budget=0.5, setup_budget=30.0)
    advice(ctx, "g1", ctx.log.load("g1"), 0)
    assert asked == [("setup", 0.5)]


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


def _with_hint(rated: bool) -> list[str]:
    """The fixture game's export (a rated game) with a hint to seat 1 after the deal,
    its table made `rated` as asked."""
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "europe-3p-rules-v1.ndjson"
    records = [json.loads(line) for line in fixture.read_text().splitlines() if line]
    records[0]["schema_version"] = 2
    records[0]["data"].update(stand_in=None, rated=rated)
    hint = {**records[5], "type": "hint_given", "schema_version": 1, "data": {"seat": 1},
            "actor": {"kind": "seat", "seat": 1}, "hidden": []}
    records.insert(5, hint)
    for version, record in enumerate(records, start=1):
        record["version"] = version
    return [json.dumps(r) for r in records]


def test_an_export_with_a_hint_verifies_only_if_its_game_is_unrated() -> None:
    assert verify_export(_with_hint(rated=False)).ok
    refused = verify_export(_with_hint(rated=True))
    assert not refused.ok and refused.reason == "a hint given in a rated game"
    assert refused.type == "hint_given"
