"""The computer analysis job (`worker.analysis_jobs`): asked for once a game is scored,
it computes the game's win chances within the budget and stores them once, here or in
a process of its own."""

from __future__ import annotations

import random
from dataclasses import replace

from events import SqlStore
from tests.worker_support import RecordingJobs, finished_game, make_context
from worker.analysis_jobs import analyse_win_chances
from worker.analyst import Analyst
from worker.context import WorkerContext, use_context

BUDGET = 0.2  # seconds of CPU: a few hundred decisions


def scored_context(store: SqlStore, budget: float = BUDGET, apart: bool = False
                   ) -> tuple[WorkerContext, RecordingJobs]:
    jobs = RecordingJobs()
    ctx = make_context(store, jobs=jobs)
    ctx.analyst = replace(ctx.analyst, budget=budget, apart=apart)
    finished_game(ctx.log, "g1", random.Random(5))
    ctx.referee.score("g1")
    return ctx, jobs


def test_a_scored_game_asks_for_its_analysis(store: SqlStore) -> None:
    _, jobs = scored_context(store)
    assert jobs.analyses == ["g1"]


def test_the_job_stores_the_analysis_once(store: SqlStore) -> None:
    ctx, _ = scored_context(store)
    with use_context(ctx):
        assert analyse_win_chances("g1") == "analysed"
        stored = store.win_chances_of("g1")
        assert analyse_win_chances("g1") == "already_analysed"
    assert stored is not None and stored.budget == BUDGET
    assert stored.body["turns"][-1]["chances"] is not None
    assert store.win_chances_of("g1") == stored


def test_without_a_budget_nothing_is_computed(store: SqlStore) -> None:
    ctx, _ = scored_context(store, budget=0)
    with use_context(ctx):
        assert analyse_win_chances("g1") == "off"
    assert store.win_chances_of("g1") is None


def test_a_game_not_yet_scored_is_not_analysed(store: SqlStore) -> None:
    ctx = make_context(store)
    ctx.analyst = Analyst(BUDGET)
    finished_game(ctx.log, "g1", random.Random(5))
    with use_context(ctx):
        assert analyse_win_chances("g1") == "not_finished"


def test_apart_it_computes_the_same_analysis_in_a_process_of_its_own(
        store: SqlStore) -> None:
    ctx, _ = scored_context(store, apart=True)
    events = [r.event() for r in store.read_stream("g1")]
    assert Analyst(BUDGET, apart=True).analyse("g1", events) == Analyst(BUDGET).analyse(
        "g1", events)
