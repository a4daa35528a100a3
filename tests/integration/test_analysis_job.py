"""The computer analysis job (`worker.analysis_jobs`): asked for once a game is scored,
it computes the game's win chances within the budget and stores them once, here or in
a process of its own."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace

from domain.commands import Resign
from domain.events import GameStarted
from domain.table import decide_table, replay_table, score_table
from events import SqlStore
from referee.effects import follow_up
from tests.ratings_support import leaving_stream, scored_stream
from tests.worker_support import RecordingJobs, count_scored, finished_game, make_context
from worker.analysis_jobs import analyse_win_chances
from worker.analyst import AnalysisLost, Analyst, compute, stop_analyses
from worker.context import WorkerContext, use_context
from worker.inline_jobs import InlineJobs
from worker.jobs import sweep

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


def test_the_sweep_asks_again_for_the_analysis_of_a_recently_finished_game(
        store: SqlStore) -> None:
    ctx, jobs = scored_context(store)
    with use_context(ctx):
        assert sweep()["analyses"] == 1
        assert jobs.analyses == ["g1", "g1"]
        analyse_win_chances("g1")
        assert "analyses" not in sweep()


def test_without_a_budget_the_sweep_asks_for_no_analysis(store: SqlStore) -> None:
    ctx, jobs = scored_context(store, budget=0)
    with use_context(ctx):
        assert "analyses" not in sweep()
    assert jobs.analyses == ["g1"]  # (the one the score asked for: it does nothing)


def test_a_player_who_resigns_has_no_chance_left() -> None:
    events = leaving_stream(["u0", "u1"], 3, 0, "resign", 0)
    assert compute("g1", events, BUDGET)["turns"][-1]["chances"] == [0.0, 1.0]


def test_a_game_resigned_in_its_setup_has_only_its_result() -> None:
    events = scored_stream("usa", 2, 1)
    started = next(i for i, e in enumerate(events) if isinstance(e, GameStarted))
    table = replay_table(events[:started + 1])
    resigned = [*events[:started + 1], *decide_table(table, "u0", Resign())]
    resigned += score_table(replay_table(resigned))
    body = compute("g1", resigned, BUDGET)
    assert [row["chances"] for row in body["turns"]] == [[0.0, 1.0]]
    assert (body["decisions"], body["key_moments"]) == (0, [])


def test_a_stopping_server_does_not_wait_for_an_analysis_apart(store: SqlStore) -> None:
    scored_context(store)
    events = [r.event() for r in store.read_stream("g1")]
    lost: list[BaseException] = []

    def analyse() -> None:
        try:
            Analyst(60.0, apart=True).analyse("g1", events)  # a minute of playouts
        except AnalysisLost as error:
            lost.append(error)

    thread = threading.Thread(target=analyse)
    thread.start()
    deadline = time.monotonic() + 30
    while not stop_analyses() and time.monotonic() < deadline:
        time.sleep(0.05)  # until its process has started, then ended at once
    thread.join(30)
    assert not thread.is_alive() and len(lost) == 1


def test_a_stopping_process_starts_no_analysis_still_asked_for(store: SqlStore) -> None:
    ctx, jobs = scored_context(store, budget=60.0, apart=True)  # a minute, if started
    ctx.stop_analysing()
    with use_context(ctx):
        assert analyse_win_chances(jobs.analyses[0]) == "off"
    assert store.win_chances_of("g1") is None


def test_in_the_embedded_server_running_analyses_keep_no_score_waiting(
        store: SqlStore) -> None:
    holder: list[WorkerContext] = []
    jobs = InlineJobs(lambda: holder[0], sweep_every=None)
    ctx = make_context(store, jobs=jobs)
    ctx.analyst = Analyst(60.0, apart=True)  # (a minute of playouts each: still running)
    holder.append(ctx)
    try:
        for game_id in ("g1", "g2"):  # as many as the games' threads
            finished_game(ctx.log, game_id, random.Random(5))
            ctx.referee.score(game_id)
        follow_up(ctx, finished_game(ctx.log, "g3", random.Random(6)))
        deadline = time.monotonic() + 30
        while count_scored(store, "g3") == 0:
            assert time.monotonic() < deadline, "the score waited for the analyses"
            time.sleep(0.05)
        assert store.win_chances_of("g1") is None and store.win_chances_of("g2") is None
    finally:
        ctx.stop_analysing()  # (the analyses still queued, or asked again: none)
        jobs.close()
