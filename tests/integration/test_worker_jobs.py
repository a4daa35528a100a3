"""The job functions and `follow_up`, on both stores: scoring once whoever races, the turn
deadline on an injected clock, the sweep, and what is particular to the in-process
runner (InlineJobs; what every jobs adapter does: tests/integration/test_jobs_contract.py)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest

from domain.table import Table
from domain.violations import RuleViolation
from events import GameLog, SqlStore, StoreUnavailable
from events.outcome import Outcome
from referee.effects import follow_up
from referee.jobs import DEADLINE, SCORE, SWEEP, Args, JobKind
from tests.conftest import migrated
from tests.worker_support import (
    FakeClock,
    RecordingJobs,
    count_scored,
    event_types,
    finished_game,
    make_context,
    move,
    new_game,
    play_moves,
    random_command,
    to_act,
)
from worker.context import WorkerContext, current_context, install_context, use_context
from worker.inline_jobs import InlineJobs
from worker.jobs import enforce_deadline, score_game, sweep


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed_store(store_url: str, clock: FakeClock) -> Iterator[SqlStore]:
    """A migrated store of each adapter whose clock the test moves."""
    yield from migrated(store_url, clock=clock)


@pytest.fixture
def ctx(store: SqlStore) -> Iterator[WorkerContext]:
    context = make_context(store)
    with use_context(context):
        yield context


def jobs_of(ctx: WorkerContext) -> RecordingJobs:
    assert isinstance(ctx.jobs, RecordingJobs)
    return ctx.jobs


# -- scoring ---------------------------------------------------------------------------

def test_scoring_job_scores_an_ended_game_once(ctx: WorkerContext) -> None:
    outcome = finished_game(ctx.log, "g1", random.Random(1))
    assert ctx.store.game_row("g1").status == "scoring"  # type: ignore[union-attr]
    assert score_game("g1") == "scored"
    assert score_game("g1") == "already_scored"
    assert count_scored(ctx.store, "g1") == 1
    row = ctx.store.game_row("g1")
    assert row is not None and row.status == "finished"
    assert row.version == outcome.last_version + 1
    table = GameLog(ctx.store).load("g1")
    assert table.status == "finished" and table.score is not None


def test_scoring_a_game_still_playing_or_unknown_does_nothing(ctx: WorkerContext) -> None:
    new_game(ctx.log, "g1")
    assert score_game("g1") == "game_not_over"
    assert score_game("nope") == "no_game"
    assert "game_scored" not in event_types(ctx.store, "g1")


def test_a_game_played_move_by_move_is_indexed_playing_then_scoring(
        ctx: WorkerContext) -> None:
    new_game(ctx.log, "g1")
    statuses = set()

    def stop(table: Table) -> bool:
        row = ctx.store.game_row("g1")
        assert row is not None and row.version == table.version
        statuses.add(row.status)
        return table.status != "playing"

    last = play_moves(ctx.log, "g1", random.Random(3), stop)
    assert last is not None and last.after.status == "scoring"
    assert statuses == {"playing", "scoring"}
    follow_up(ctx, last)  # the game just ended: scoring is asked for
    assert jobs_of(ctx).scored == ["g1"]
    assert score_game("g1") == "scored"


class _RacingLog(GameLog):
    """A log whose scorers all decide before any of them appends (two workers at once)."""

    def __init__(self, store: SqlStore, barrier: threading.Barrier) -> None:
        super().__init__(store)
        self.barrier = barrier
        self.decided = 0

    def execute(self, game_id: str, decide: Any, actor: str, **kwargs: Any) -> Outcome:
        def waiting(table: Table | None) -> Any:
            events = decide(table)
            self.decided += 1
            if self.decided == 1:
                self.barrier.wait(timeout=10)  # both hold a GameScored for one version
            return events

        return super().execute(game_id, waiting, actor, **kwargs)


def test_two_scorers_at_once_append_one_score(ctx: WorkerContext) -> None:
    finished_game(ctx.log, "g1", random.Random(2))
    barrier = threading.Barrier(2)
    results: list[str] = []

    def worker() -> None:
        # each "worker" has its own log (its own cache), like two processes
        mine = make_context(ctx.store)
        mine.log = _RacingLog(ctx.store, barrier)
        with use_context(mine):
            results.append(score_game("g1"))

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(results) == ["already_scored", "scored"]
    assert count_scored(ctx.store, "g1") == 1


def test_many_scorers_at_once_append_one_score(ctx: WorkerContext) -> None:
    finished_game(ctx.log, "g1", random.Random(4))
    results: list[str] = []
    start = threading.Event()

    def worker() -> None:
        mine = make_context(ctx.store)
        start.wait()
        with use_context(mine):
            results.append(score_game("g1"))

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for t in threads:
        t.start()
    start.set()
    for t in threads:
        t.join(timeout=30)
    assert results.count("scored") == 1 and results.count("already_scored") == 5
    assert count_scored(ctx.store, "g1") == 1


def test_a_failing_store_makes_the_scoring_job_raise(ctx: WorkerContext,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    finished_game(ctx.log, "g1", random.Random(5))

    def down(*args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("the database is down")

    monkeypatch.setattr(ctx.store, "append", down)
    with pytest.raises(StoreUnavailable):  # raised, so that RQ retries the job
        score_game("g1")


# -- follow_up ---------------------------------------------------------------------------

def test_follow_up_publishes_to_the_game_and_its_players(ctx: WorkerContext) -> None:
    outcome = new_game(ctx.log, "g1", players=3)
    woke: list[bool] = []
    waiter = threading.Thread(target=lambda: woke.append(
        ctx.notifier.wait(["user:u2"], timeout=5)))
    waiter.start()
    time.sleep(0.05)
    follow_up(ctx, outcome)
    waiter.join()
    assert woke == [True]


def test_follow_up_never_raises(ctx: WorkerContext) -> None:
    outcome = finished_game(ctx.log, "g1", random.Random(6))

    class Broken:
        def enqueue(self, kind: JobKind[*Args], *args: *Args) -> None:
            raise RuntimeError("boom")

        def close(self) -> None:
            pass

    ctx.jobs = Broken()
    follow_up(ctx, outcome)  # logged, not raised


def test_follow_up_schedules_a_deadline_only_when_the_turn_changes(
        timed_store: SqlStore, clock: FakeClock) -> None:
    ctx = make_context(timed_store, clock=clock)
    jobs = jobs_of(ctx)
    outcome = new_game(ctx.log, "g1", turn_time_limit=60)  # full: the setup starts
    follow_up(ctx, outcome)
    assert jobs.deadlines == [("g1", clock() + timedelta(seconds=60))]
    rng = random.Random(7)
    table = outcome.after
    while table.game is not None and table.game.phase == "setup":
        user, command = random_command(table, rng)
        clock.advance(1)
        outcome = move(ctx.log, "g1", user, command)
        table = outcome.after
        follow_up(ctx, outcome)
    # one deadline for the setup as a whole, one for the first turn
    assert len(jobs.deadlines) == 2
    assert jobs.deadlines[1] == ("g1", clock() + timedelta(seconds=60))
    # then one per turn: a move that leaves the turn with its player (a first card
    # drawn, a tunnel revealed) keeps the deadline
    kept = 0
    for _ in range(60):
        user, command = random_command(table, rng)
        clock.advance(1)
        asked = len(jobs.deadlines)
        outcome = move(ctx.log, "g1", user, command)
        follow_up(ctx, outcome)
        assert outcome.before is not None and outcome.before.game is not None
        assert outcome.after.game is not None
        if outcome.after.game.turns == outcome.before.game.turns:
            kept += 1
            assert len(jobs.deadlines) == asked
        else:
            assert jobs.deadlines[asked:] == [("g1", clock() + timedelta(seconds=60))]
        table = outcome.after
    assert kept > 0


# -- deadlines ---------------------------------------------------------------------------

def _started_game(ctx: WorkerContext, clock: FakeClock, limit: int = 60) -> Table:
    """A game in its first turn (setup done), with a turn time limit."""
    new_game(ctx.log, "g1", turn_time_limit=limit)
    rng = random.Random(8)
    play_moves(ctx.log, "g1", rng, lambda t: t.game is not None and t.game.phase == "playing")
    return ctx.log.load("g1")


def test_a_due_deadline_times_out_the_player_to_act(timed_store: SqlStore,
                                                    clock: FakeClock) -> None:
    ctx = make_context(timed_store, clock=clock)
    table = _started_game(ctx, clock)
    assert table.game is not None
    current = table.game.current
    row = timed_store.game_row("g1")
    assert row is not None and row.deadline == clock() + timedelta(seconds=60)
    clock.advance(61)
    with use_context(ctx):
        assert enforce_deadline("g1") == "timed_out"
    events = timed_store.read_stream("g1", after=table.version)
    assert events[0].type == "turn_timed_out" and events[0].actor == "system:clock"
    assert events[0].data["seat"] == current
    assert events[0].data["deadline"] == "2026-11-23T09:01:00.000000Z"
    after = ctx.log.load("g1")
    assert after.game is not None and after.game.current != current
    # the next turn's deadline was scheduled from the index
    assert jobs_of(ctx).deadlines == [("g1", clock() + timedelta(seconds=60))]
    with use_context(ctx):
        assert enforce_deadline("g1") == "not_due"  # the new turn's deadline is later


def test_a_setup_deadline_times_out_every_seat_still_choosing(timed_store: SqlStore,
                                                              clock: FakeClock) -> None:
    ctx = make_context(timed_store, clock=clock)
    new_game(ctx.log, "g1", players=3, turn_time_limit=60)
    user, command = random_command(ctx.log.load("g1"), random.Random(9))
    move(ctx.log, "g1", user, command)  # one of three has chosen
    clock.advance(60)
    with use_context(ctx):
        assert enforce_deadline("g1") == "timed_out"
    timed = [r.data["seat"] for r in timed_store.read_stream("g1")
             if r.type == "turn_timed_out"]
    assert sorted(timed) == sorted({0, 1, 2} - {int(user[1:])})
    table = ctx.log.load("g1")
    assert table.game is not None and table.game.phase == "playing"


def test_a_deadline_not_yet_due_does_nothing_but_stays_scheduled(
        timed_store: SqlStore, clock: FakeClock) -> None:
    ctx = make_context(timed_store, clock=clock)
    table = _started_game(ctx, clock)
    clock.advance(59)
    with use_context(ctx):
        assert enforce_deadline("g1") == "not_due"
    assert timed_store.current_version("g1") == table.version
    assert jobs_of(ctx).deadlines == [("g1", clock() + timedelta(seconds=1))]


def test_a_player_who_moved_before_the_job_ran_is_not_timed_out(
        timed_store: SqlStore, clock: FakeClock) -> None:
    ctx = make_context(timed_store, clock=clock)
    table = _started_game(ctx, clock)
    clock.advance(61)  # the deadline has passed, but the player completes the turn now
    rng = random.Random(10)
    while ctx.log.load("g1").game.current == table.game.current:  # type: ignore[union-attr]
        user, command = random_command(ctx.log.load("g1"), rng)
        move(ctx.log, "g1", user, command)
    with use_context(ctx):
        assert enforce_deadline("g1") == "not_due"
    assert "turn_timed_out" not in event_types(timed_store, "g1")


def test_a_player_who_moves_while_the_job_decides_is_not_timed_out(
        timed_store: SqlStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The move lands between the job's decision and its append: the append conflicts,
    the job decides again on the new state, whose deadline is the new turn's."""
    ctx = make_context(timed_store, clock=clock)
    table = _started_game(ctx, clock)
    player = GameLog(timed_store)  # the player's request, in another process
    clock.advance(61)
    real_append = timed_store.append
    moved: list[bool] = []

    def append(game_id: str, events: Any, expected: int, *args: Any, **kwargs: Any) -> Any:
        if not moved and events and events[0].actor == "system:clock":
            moved.append(True)
            rng = random.Random(11)
            first = player.load("g1").game.current  # type: ignore[union-attr]
            while player.load("g1").game.current == first:  # type: ignore[union-attr]
                user, command = random_command(player.load("g1"), rng)
                move(player, "g1", user, command)
        return real_append(game_id, events, expected, *args, **kwargs)

    monkeypatch.setattr(timed_store, "append", append)
    with use_context(ctx):
        assert enforce_deadline("g1") == "not_due"
    assert moved == [True]
    assert "turn_timed_out" not in event_types(timed_store, "g1")
    assert timed_store.current_version("g1") > table.version


def test_time_outs_in_a_row_drop_the_player(timed_store: SqlStore, clock: FakeClock) -> None:
    ctx = make_context(timed_store, clock=clock)
    new_game(ctx.log, "g1", players=3, turn_time_limit=60)
    play_moves(ctx.log, "g1", random.Random(12),
               lambda t: t.game is not None and t.game.phase == "playing")
    victim = ctx.log.load("g1").game.current  # type: ignore[union-attr]
    with use_context(ctx):
        for _ in range(20):
            table = ctx.log.load("g1")
            assert table.game is not None
            if table.game.players[victim].out is not None:
                break
            clock.advance(61)
            if table.game.current == victim:
                assert enforce_deadline("g1") == "timed_out"
            else:  # the others play
                user, command = random_command(table, random.Random(13))
                move(ctx.log, "g1", user, command)
    types = event_types(timed_store, "g1")
    assert types.count("turn_timed_out") == 3 and "player_dropped" in types


def test_a_game_without_time_limit_or_not_playing_has_no_deadline_to_enforce(
        ctx: WorkerContext) -> None:
    new_game(ctx.log, "g1")
    assert enforce_deadline("g1") == "no_deadline"
    finished_game(ctx.log, "g2", random.Random(14))
    assert enforce_deadline("g2") == "not_playing"
    assert enforce_deadline("nope") == "no_game"


# -- the sweep ---------------------------------------------------------------------------

def test_the_sweep_asks_for_unscored_and_overdue_games(timed_store: SqlStore,
                                                       clock: FakeClock) -> None:
    ctx = make_context(timed_store, clock=clock)
    finished_game(ctx.log, "ended", random.Random(15))
    finished_game(ctx.log, "scored", random.Random(16))
    with use_context(ctx):
        score_game("scored")
    new_game(ctx.log, "slow", turn_time_limit=60)
    new_game(ctx.log, "fast", turn_time_limit=600)
    clock.advance(120)
    with use_context(ctx):
        assert sweep() == {"scoring": 1, "overdue": 1}
    jobs = jobs_of(ctx)
    assert jobs.scored == ["ended"]
    assert [g for g, _ in jobs.deadlines] == ["slow"]


# -- job ids -----------------------------------------------------------------------------

def test_job_ids_are_stable_and_valid_for_rq() -> None:
    from rq.job import JOB_ID_PATTERN

    at = datetime.fromisoformat("2026-11-23T09:01:00.123456+00:00")
    assert SCORE.job_id("g_0a1b") == "score-g_0a1b"
    assert DEADLINE.job_id("g_0a1b", at) == "deadline-g_0a1b-20261123T090100123456Z"
    odd = SCORE.job_id("a game/with:odd chars")
    assert odd == SCORE.job_id("a game/with:odd chars") != SCORE.job_id("another")
    for job_id in (odd, DEADLINE.job_id("x:y", at)):
        assert JOB_ID_PATTERN.fullmatch(job_id)


# -- the context ---------------------------------------------------------------------------

def test_the_context_set_for_a_block_wins_over_the_installed_one(store: SqlStore) -> None:
    installed = make_context(store)
    mine = make_context(store)
    install_context(installed)
    try:
        assert current_context() is installed
        with use_context(mine):
            assert current_context() is mine
        assert current_context() is installed
    finally:
        install_context(None)


# -- InlineJobs ----------------------------------------------------------------------------

class _FlakyLog(GameLog):
    """Fails its first `failures` executes, as a database that is briefly down would."""

    def __init__(self, store: SqlStore, failures: int = 0, delay: float = 0.0) -> None:
        super().__init__(store)
        self.failures = failures
        self.delay = delay
        self.calls = 0
        self.lock = threading.Lock()

    def execute(self, *args: Any, **kwargs: Any) -> Outcome:
        with self.lock:
            self.calls += 1
            fail = self.calls <= self.failures
        time.sleep(self.delay)
        if fail:
            raise StoreUnavailable("PostgreSQL is unavailable (test)")
        return super().execute(*args, **kwargs)


def _inline(store: SqlStore, log: GameLog | None = None, clock: Any = None,
            **options: Any) -> tuple[WorkerContext, InlineJobs]:
    holder: list[WorkerContext] = []
    options.setdefault("retry_intervals", (0.05, 0.1, 0.2))
    options.setdefault("sweep_every", None)
    jobs = InlineJobs(lambda: holder[0], **options)
    ctx = make_context(store, jobs=jobs, clock=clock)
    if log is not None:
        ctx.log = log
    holder.append(ctx)
    return ctx, jobs


def test_inline_jobs_retry_a_failing_job(store: SqlStore) -> None:
    log = _FlakyLog(store, failures=2)
    ctx, jobs = _inline(store, log=log)
    try:
        finished_game(GameLog(store), "g1", random.Random(18))
        jobs.enqueue(SCORE, "g1")
        assert jobs.wait_idle(20)
        assert log.calls == 3 and count_scored(store, "g1") == 1
    finally:
        jobs.close()


def test_inline_jobs_give_up_after_the_last_retry_and_the_sweep_asks_again(
        store: SqlStore) -> None:
    log = _FlakyLog(store, failures=4)
    ctx, jobs = _inline(store, log=log, retry_intervals=(0.05, 0.05))
    try:
        finished_game(GameLog(store), "g1", random.Random(19))
        jobs.enqueue(SCORE, "g1")
        assert jobs.wait_idle(20)
        assert log.calls == 3 and count_scored(store, "g1") == 0
        jobs.enqueue(SWEEP)  # (as the periodic sweep does)
        assert jobs.wait_idle(20)
        assert count_scored(store, "g1") == 1
    finally:
        jobs.close()


def test_inline_jobs_collapse_a_duplicate_while_one_is_queued_or_running(
        store: SqlStore) -> None:
    log = _FlakyLog(store, delay=0.3)
    ctx, jobs = _inline(store, log=log)
    try:
        finished_game(GameLog(store), "g1", random.Random(20))
        for _ in range(5):
            jobs.enqueue(SCORE, "g1")
        assert jobs.wait_idle(20)
        assert log.calls == 1 and count_scored(store, "g1") == 1
    finally:
        jobs.close()


def test_inline_deadlines_fire_at_their_time(store: SqlStore) -> None:
    ctx, jobs = _inline(store)
    try:
        outcome = new_game(ctx.log, "g1", turn_time_limit=1)  # the setup starts: 1 s
        started = time.monotonic()
        follow_up(ctx, outcome)
        assert [g for g, _ in jobs.pending_deadlines()] == ["g1"]
        assert ctx.notifier.wait(["game:g1"], timeout=10)  # the time-out's publication
        waited = time.monotonic() - started
        timed = [r for r in store.read_stream("g1") if r.type == "turn_timed_out"]
        assert timed and 0.8 <= waited < 5
        row_deadline = outcome.recorded_at + timedelta(seconds=1)
        assert all(r.recorded_at >= row_deadline for r in timed)
        # the first turn's deadline is waiting now
        assert jobs.wait_idle(10)
        assert [g for g, _ in jobs.pending_deadlines()] == ["g1"]
    finally:
        jobs.close()


def test_inline_deadlines_follow_an_injected_clock(timed_store: SqlStore,
                                                   clock: FakeClock) -> None:
    ctx, jobs = _inline(timed_store, clock=clock, poll=0.02)
    try:
        outcome = new_game(ctx.log, "g1", turn_time_limit=3600)
        follow_up(ctx, outcome)
        time.sleep(0.2)
        assert "turn_timed_out" not in event_types(timed_store, "g1")
        clock.advance(3600)
        deadline = time.monotonic() + 10
        while "turn_timed_out" not in event_types(timed_store, "g1"):
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert jobs.wait_idle(10)
    finally:
        jobs.close()


def test_inline_a_replaced_deadline_is_skipped_when_its_time_comes(
        timed_store: SqlStore, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    # (which deadlines wait: tests/integration/test_jobs_contract.py, for every adapter)
    ran: list[str] = []
    monkeypatch.setattr("worker.jobs.enforce_deadline", lambda game_id: ran.append(game_id))
    ctx, jobs = _inline(timed_store, clock=clock, poll=0.02)
    try:
        first = clock() + timedelta(hours=1)
        second = clock() + timedelta(hours=2)
        jobs.enqueue(DEADLINE, "g1", first)
        jobs.enqueue(DEADLINE, "g1", first)
        jobs.enqueue(DEADLINE, "g2", first)
        jobs.enqueue(DEADLINE, "g1", second)
        jobs.enqueue(DEADLINE, "g1", first)  # older than the one waiting: ignored
        clock.advance(3 * 3600)
        deadline = time.monotonic() + 10
        while len(ran) < 2:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert jobs.wait_idle(10)
        time.sleep(0.1)
        assert ran == ["g2", "g1"] and jobs.pending_deadlines() == []
    finally:
        jobs.close()


def test_inline_sweep_runs_at_start(store: SqlStore) -> None:
    finished_game(GameLog(store), "g1", random.Random(21))  # ended before the "restart"
    ctx, jobs = _inline(store, sweep_every=60.0, first_sweep_after=0.0)
    try:
        jobs.start()
        deadline = time.monotonic() + 10
        while count_scored(store, "g1") == 0:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert jobs.wait_idle(10)
    finally:
        jobs.close()


def test_closed_inline_jobs_take_no_more_work(store: SqlStore) -> None:
    ctx, jobs = _inline(store)
    finished_game(ctx.log, "g1", random.Random(22))
    jobs.close()
    jobs.enqueue(SCORE, "g1")
    jobs.enqueue(DEADLINE, "g1", datetime.now().astimezone())
    assert jobs.wait_idle(1) and count_scored(store, "g1") == 0


def test_the_domain_refuses_to_score_twice() -> None:
    # (what the no-op statuses rest on)
    from domain.table import score_table

    with pytest.raises(RuleViolation):
        score_table(Table(map="usa", capacity=2, rules_version=1, seed=b"", seed_commitment="",
                          created_by="u0", private=False, invite_code_sha256=None,
                          turn_time_limit=None, drop_after_timeouts=None))


def test_to_act_names_the_current_player(ctx: WorkerContext) -> None:
    new_game(ctx.log, "g1")
    seat, user = to_act(ctx.log.load("g1"))
    assert user == f"u{seat}"
