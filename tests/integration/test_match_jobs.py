"""Quick match's work outside a request, on both databases: the bots job seats bots
with a request still waiting once its wait is over, the sweep asks again for bots jobs
lost with an in-process queue, and a matched request whose game was never opened (its
opener died between the pairing and the game) gets its game from the next look."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from events import SqlStore
from events.matches import MatchRequest
from referee import quick_match
from tests.conftest import migrated
from tests.worker_support import FakeClock, RecordingJobs, make_context
from worker.context import WorkerContext, use_context
from worker.jobs import seat_match_bots, sweep


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed_store(store_url: str, clock: FakeClock) -> Iterator[SqlStore]:
    """A migrated store of each database whose clock the test moves."""
    yield from migrated(store_url, clock=clock)


@pytest.fixture
def ctx(timed_store: SqlStore, clock: FakeClock) -> Iterator[WorkerContext]:
    context = make_context(timed_store, clock=clock)
    with use_context(context):
        yield context


def waiting_for_bots(ctx: WorkerContext, clock: FakeClock, after: int = 30) -> MatchRequest:
    request = MatchRequest("q_1", "u1", "Ann", "usa", 3, 3, True, None, clock(),
                           bot_level="easy", bots_at=clock() + timedelta(seconds=after))
    assert quick_match.request_match(ctx.referee, request) == []
    return request


def test_the_bots_job_seats_bots_only_after_the_wait(ctx: WorkerContext,
                                                     clock: FakeClock) -> None:
    request = waiting_for_bots(ctx, clock)
    assert seat_match_bots(request.request_id) == "not_waiting"
    clock.advance(30)
    assert seat_match_bots(request.request_id) == "seated"
    matched = ctx.store.match_request(request.request_id)
    assert matched is not None and matched.game_id is not None
    row = ctx.store.game_row(matched.game_id)
    assert row is not None and (row.status, row.seats) == ("playing", 3)
    assert [ctx.store.bot_level(p.user_id) for p in row.players] == [None, "easy", "easy"]
    assert seat_match_bots(request.request_id) == "not_waiting"


def test_asking_with_a_wait_asks_for_the_bots_job_at_its_end(ctx: WorkerContext,
                                                            clock: FakeClock) -> None:
    request = waiting_for_bots(ctx, clock)
    assert isinstance(ctx.jobs, RecordingJobs)
    assert ctx.jobs.match_bots == [(request.request_id, request.bots_at)]


def test_the_sweep_asks_again_for_the_bots_of_a_request_past_its_wait(
        ctx: WorkerContext, clock: FakeClock) -> None:
    request = waiting_for_bots(ctx, clock)
    assert isinstance(ctx.jobs, RecordingJobs)
    ctx.jobs.match_bots.clear()
    sweep()
    assert ctx.jobs.match_bots == []
    clock.advance(31)
    sweep()
    assert ctx.jobs.match_bots == [(request.request_id, request.bots_at)]


def test_a_matched_request_whose_game_was_never_opened_gets_it_when_looked_at(
        ctx: WorkerContext, clock: FakeClock) -> None:
    store = ctx.store
    for n in (1, 2):  # paired in the store, as a process that then died would leave them
        store.request_match(MatchRequest(f"q_{n}", f"u{n}", f"P{n}", None, 2, 2, True, None,
                                         clock()), quick_match.players_per_map(),
                            lambda: "g_lost")
    request = store.match_request("q_1")
    assert request is not None and store.game_row("g_lost") is None
    quick_match.open_game_of(ctx.referee, request)
    quick_match.open_game_of(ctx.referee, request)  # (twice: harmless)
    row = store.game_row("g_lost")
    assert row is not None and row.status == "playing"
    assert sorted(p.user_id for p in row.players) == ["u1", "u2"]
