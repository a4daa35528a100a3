"""The analyses of finished games through RQ, with a real `ttr worker` (`python -m
bootstrap.worker`), PostgreSQL and Redis: a worker taking all jobs works the analysis
queue in a process of its own at a lower priority (as does one taking the game queue
alone), so an analysis's playouts never keep a score (or a bot's move) waiting, and
that process ends with its worker."""

from __future__ import annotations

import os
import random
import secrets
import signal
from pathlib import Path

import pytest

from events import SqlStore
from referee.effects import follow_up
from referee.jobs import ANALYSIS
from referee.settings import ENV
from tests.worker_processes import Workers, wait_for
from tests.worker_processes import workers as workers  # noqa: F401 (a fixture)
from tests.worker_support import count_scored, finished_game
from worker.analysis_process import NICENESS
from worker.context import WorkerContext
from worker.rq_jobs import RqJobs

LONG_BUDGET = "60"  # seconds of CPU: an analysis still running when the test looks
SHORT_BUDGET = "0.2"


def analysis_process_of(worker_pid: int) -> int | None:
    """The pid of the analysis worker `worker_pid` started, if it runs."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:  # (ended meanwhile)
            continue
        parent = next(int(line.split()[1]) for line in status.splitlines()
                      if line.startswith("PPid:"))
        if parent == worker_pid and b"analysis" in command:
            return int(entry.name)
    return None


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def started_analysis_process(workers: Workers, budget: str, *args: str) -> tuple[int, int]:
    """(the worker's pid, its analysis process's pid), once both run."""
    worker = workers.start(*args, **{ENV["analysis_budget"]: budget})
    found: list[int] = []
    wait_for(lambda: bool(found.append(analysis_process_of(worker.pid) or 0) or found[-1]),
             30, "the analysis process", workers)
    return worker.pid, found[-1]


def scored_game(ctx: WorkerContext) -> str:
    """A game scored here (its analysis asked for on the test's queue)."""
    game_id = "g_" + secrets.token_hex(6)
    finished_game(ctx.log, game_id, random.Random(3))
    ctx.referee.score(game_id)
    return game_id


@pytest.mark.parametrize("jobs", ["all", "games"])
def test_a_worker_of_the_game_queue_runs_the_analyses_at_a_lower_priority(
        workers: Workers, jobs: str) -> None:
    worker, analyses = started_analysis_process(workers, SHORT_BUDGET, "--jobs", jobs)
    wanted = os.getpriority(os.PRIO_PROCESS, worker) + NICENESS
    wait_for(lambda: os.getpriority(os.PRIO_PROCESS, analyses) == wanted, 30,
             "its priority lowered (as it starts)", workers)
    assert running(analyses)


def test_the_analysis_process_stores_a_finished_games_analysis(
        workers: Workers, rq_context: WorkerContext, pg_store: SqlStore) -> None:
    started_analysis_process(workers, SHORT_BUDGET)
    game_id = scored_game(rq_context)
    wait_for(lambda: pg_store.win_chances_of(game_id) is not None, 60, "the analysis",
             workers)


def test_a_running_analysis_keeps_no_score_waiting(
        workers: Workers, rq_context: WorkerContext, pg_store: SqlStore) -> None:
    worker, _ = started_analysis_process(workers, LONG_BUDGET)
    analysed = scored_game(rq_context)
    assert isinstance(rq_context.jobs, RqJobs)
    analyses = rq_context.jobs.queue_of(ANALYSIS)
    assert analyses.count == 1
    wait_for(lambda: analyses.count == 0, 30, "the analysis to start", workers)
    game_id = "g_" + secrets.token_hex(6)
    follow_up(rq_context, finished_game(rq_context.log, game_id, random.Random(4)))
    wait_for(lambda: count_scored(pg_store, game_id) == 1, 30, "the score", workers)
    assert pg_store.win_chances_of(analysed) is None  # (its playouts go on meanwhile)
    workers.kill(next(p for p in workers.procs if p.pid == worker))  # (not its minute)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["stopped", "killed"])
def test_the_analysis_process_ends_with_its_worker(workers: Workers, how: int) -> None:
    worker, analyses = started_analysis_process(workers, SHORT_BUDGET)
    os.kill(worker, how)  # (the worker alone, not its process group)
    wait_for(lambda: not running(analyses), 30, "the analysis process to end", workers)


def test_an_analysis_process_that_dies_is_started_again(workers: Workers) -> None:
    worker, analyses = started_analysis_process(workers, SHORT_BUDGET)
    os.kill(analyses, signal.SIGKILL)
    again: list[int] = []
    wait_for(lambda: bool(again.append(analysis_process_of(worker) or analyses)
                          or again[-1] != analyses), 30, "a new analysis process", workers)
    assert running(worker) and running(again[-1])
