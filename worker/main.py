"""`ttr worker`: an RQ worker for the ``ttr`` queues, with RQ's scheduler and our sweeper.

Usage: ``TTR_DATABASE_URL=postgresql://… TTR_REDIS_URL=redis://… ttr worker
[--burst] [--sweep-every 30] [--heartbeat 10] [--queue ttr] [--jobs all] [--fork]
[--name N]`` (also ``python -m bootstrap.worker …``, without the metrics port). The
composition root hands `run_worker` how a worker process builds its context.

Three queues: ``ttr`` (scores, deadlines, bots' moves, sweeps), ``ttr-webhooks``
(webhook fan-outs and deliveries) and ``ttr-analysis`` (finished games' analyses). A
worker takes from the first while it has jobs, so a backlog of deliveries to a slow
receiver never holds a score back by more than the one delivery in hand (5 s at
most); ``--jobs webhooks`` / ``--jobs games`` split them over separate workers where
even that matters. The analyses, seconds of playouts each, are worked by a process
of their own at a lower priority that ``--jobs all`` and ``--jobs games`` start
(`worker.analysis_process`).

At start the worker migrates the store (a no-op when the API has done it) and runs
`sweep()` once, directly: whatever was missed while no worker ran (games that ended
while Redis was down, deadlines that passed) is enqueued before the first job is
taken. Then it works the queue with the scheduler (deadline jobs are scheduled
jobs, and retries wait in the scheduled registry too). RQ forks the scheduler into a
child process; `worker.scheduler` ties that child to its worker (it stops when the
worker is killed, even with SIGKILL) and lets a new worker take over a scheduler lock
that its dead holder stopped refreshing.

**The periodic sweep** is a small daemon thread that, every ``--sweep-every``
seconds, *enqueues* one `sweep` job (fixed job id ``sweep``, at the front of the
queue). Why this shape:

- a thread, not a chain of scheduled RQ jobs: a chain breaks for good when Redis
  loses its data (a restart without persistence is exactly a failure the sweeper
  exists for), while the thread lives as long as its worker and simply tries again
  on its next tick;
- enqueue, not run in the thread: with the fixed id one sweep is waiting at a time
  however many workers tick, so N workers do not sweep N times; and the sweep runs
  as any job does, under RQ's timeout, never beside a job in the same process.

**Jobs run in the worker's own process** (an RQ `SimpleWorker`), not in a horse
forked per job (RQ's default `Worker`, still there with ``--fork``). A scoring job
is a millisecond of Python and a few queries; a fork per job adds tens of
milliseconds and a new database connection every time (`bench/scoring.py` measures
both; the figures are in bench/NOTES.md). What forking would buy,
a job that crashes or leaks not taking the worker down, matters little here: the
jobs are short pure Python, a worker that dies is restarted by its supervisor, and
its job is picked up again (below). `SimpleWorker` sends no heartbeat while a job
runs, so `InProcessWorker` adds a thread that does; a job whose heartbeat stops for
3 intervals (``--heartbeat``) counts as abandoned (its worker was killed), and the
next sweep enqueues it again. (RQ's own clean-up of abandoned jobs gets there too,
minutes later.) Running a job twice is harmless: every change is decided again on
the latest state and appended with the expected version.
"""

from __future__ import annotations

import argparse
import logging
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

from redis import Redis
from redis.exceptions import RedisError
from rq import SimpleWorker, Worker
from rq.exceptions import DeserializationError
from rq.job import Job
from rq.job_lifecycle import call_exception_handlers
from rq.queue import Queue
from rq.worker import BaseWorker, WorkerStatus

from events.store import StoreUnavailable
from referee.jobs import SWEEP
from referee.log_lines import exception_logged, log_as_json
from referee.settings import Settings, settings_from_env
from worker import analysis_process
from worker.arguments import HelpFormatter, Parser, at_least
from worker.context import (
    WorkerContext,
    forget_process_context,
    install_factory,
    process_context,
)
from worker.queue import RqJobs, analysis_queue_name, worked_queues
from worker.scheduler import TiedSchedulerWorker
from worker.stopping import StopKept

log = logging.getLogger("worker")
REDIS_UNREACHABLE = 1  # the exit status (2: a mistake in the settings or arguments)
REDIS_CONNECT_TIMEOUT = 3.0  # seconds the check at start waits for Redis


def _parser(settings: Settings) -> argparse.ArgumentParser:
    parser = Parser(
        prog="ttr worker", formatter_class=HelpFormatter,
        description="Run an RQ worker (with its scheduler) for the game service: end-game "
        "scoring, turn deadlines and webhook deliveries. It sweeps at start (what was "
        "missed while no worker ran), then every --sweep-every seconds, and (as `ttr "
        "worker`) tells the API it is there every TTR_WORKER_SEEN_WITHIN/4 seconds.",
        epilog="environment: TTR_REDIS_URL (required), TTR_DATABASE_URL, TTR_QUEUE, "
        "TTR_JOB_STALE_AFTER, TTR_WORKER_SEEN_WITHIN, TTR_LOG_LEVEL, and "
        "TTR_WORKER_METRICS_PORT: with it `ttr worker` serves /metrics, /healthz and "
        "/readyz on that port")
    parser.add_argument("--queue", default=settings.queue,
                        help="the RQ queue ($TTR_QUEUE)")
    parser.add_argument("--jobs", choices=("all", "games", "webhooks", "analysis"),
                        default="all",
                        help="which queues to take jobs from: the game queue (scores, "
                        "deadlines, bots' moves) then QUEUE-webhooks (all), or only one of "
                        "them (to give webhook deliveries or analyses workers of their "
                        "own); all and games start a process at a lower priority for "
                        "QUEUE-analysis")
    parser.add_argument("--no-analysis-process", action="store_true",
                        help="with --jobs all or games: start no process for "
                        "QUEUE-analysis (other workers run with --jobs analysis)")
    parser.add_argument("--burst", action="store_true",
                        help="sweep once, run the queued jobs, then exit (tests)")
    parser.add_argument("--sweep-every", type=at_least(0, float), default=30.0,
                        metavar="SECONDS", help="seconds between sweeps (0: only the one "
                        "at start)")
    parser.add_argument("--heartbeat", type=at_least(1, int), default=10, metavar="SECONDS",
                        help="how often a running job's heartbeat is sent; a job "
                        "silent for 3 of these counts as abandoned")
    parser.add_argument("--maintenance-every", type=at_least(1, int), default=60,
                        metavar="SECONDS", help="how often RQ cleans its registries and "
                        "restarts a scheduler that died")
    parser.add_argument("--fork", action="store_true",
                        help="run each job in a forked work-horse (RQ's default Worker)")
    parser.add_argument("--name", help="the worker's name (default: random)")
    parser.add_argument("--log-level", default=settings.log_level.upper(),
                        type=str.upper, choices=("DEBUG", "INFO", "WARNING", "ERROR",
                                                 "CRITICAL"), help="($TTR_LOG_LEVEL)")
    return parser


def parse_arguments(argv: Sequence[str] | None, settings: Settings) -> argparse.Namespace:
    """`ttr worker`'s arguments; a mistake exits with one line and status 2."""
    return _parser(settings).parse_args(list(argv) if argv is not None else None)


def run_worker(argv: Sequence[str] | None,
               context_for: Callable[[Settings], WorkerContext]) -> int:
    """Run the worker until it is stopped (SIGTERM/SIGINT: finish the job, then exit);
    this process and the work-horses forked from it build their contexts with
    `context_for` (the composition root's, `bootstrap.context_for`)."""
    settings = settings_from_env()
    args = parse_arguments(argv, settings)
    level = str(args.log_level).upper()
    # one JSON line per record, RQ's included (it adds no handler of its own where one is)
    log_as_json(level)
    logging.getLogger().setLevel(level)
    redis_url = settings.redis_url
    if not redis_url:
        print("ttr worker: TTR_REDIS_URL is not set (without Redis the server runs its "
              "jobs in-process; no worker is needed)", file=sys.stderr)
        return 2
    if problem := unreachable_redis(redis_url):
        print(f"ttr worker: {problem}", file=sys.stderr)
        return REDIS_UNREACHABLE
    # This process and the work-horses forked from it (--fork) build their contexts
    # from these settings: the same queue and the same idea of an abandoned job.
    settings = settings.with_(queue=args.queue, job_stale_after=(
        settings.job_stale_after or float(3 * args.heartbeat + 2)))
    install_factory(lambda: context_for(settings))

    queues = worked_queues(args.queue, args.jobs)
    analyses = None
    if args.jobs == "analysis":
        analysis_process.lower_priority()  # (the analyses' workers leave the sweeps to
    else:                                  # the game queue's)
        start_sweep()
    # (the analyses were the game queue's: a worker of the games' starts their process)
    if args.jobs in ("all", "games") and not args.no_analysis_process:
        if settings.analysis_budget > 0 and not args.burst:
            analyses = analysis_process.AnalysisProcess(
                list(argv) if argv is not None else sys.argv[1:])
        else:  # each job a moment's work ("off"), or a burst (tests): taken here
            queues.append(analysis_queue_name(args.queue))
    sweeper = _Sweeper(redis_url, args.queue, args.sweep_every)
    if not args.burst and args.sweep_every > 0 and args.jobs != "analysis":
        sweeper.start()
    try:
        worker_class = ForkingWorker if args.fork else InProcessWorker
        worker = worker_class(queues, connection=Redis.from_url(redis_url),
                              name=args.name, job_monitoring_interval=args.heartbeat,
                              maintenance_interval=args.maintenance_every)
        worker.work(burst=args.burst, with_scheduler=True, logging_level=level)
    finally:
        if analyses is not None:
            analyses.stop()
        sweeper.stop()
        forget_process_context()
        install_factory(None)
    return 0


def unreachable_redis(url: str) -> str | None:
    """Why Redis at `url` does not answer now, in one line (None: it does). A worker
    that cannot reach it at its start says so and exits, rather than RQ's traceback;
    once it runs, it rides out an outage."""
    client = Redis.from_url(url, socket_connect_timeout=REDIS_CONNECT_TIMEOUT,
                            socket_timeout=REDIS_CONNECT_TIMEOUT)
    try:
        client.ping()
    except RedisError as error:  # (its message names the host and port, no password)
        return f"Redis is unavailable (TTR_REDIS_URL): {' '.join(str(error).split())}"
    finally:
        client.close()
    return None


def start_sweep() -> dict[str, int] | None:
    """The sweep at start, run here; then the context is closed (the horses make theirs)."""
    from worker.jobs import sweep

    try:
        ctx = process_context()
        ctx.store.migrate()
        found = sweep()
        log.info("sweep at start: %s", found)
        return found
    except StoreUnavailable as error:
        # the database is down: the worker still starts, the periodic sweep retries
        log.warning("sweep at start failed (the next sweeps retry): %s", error)
        return None
    except Exception:
        log.exception("sweep at start failed")
        return None
    finally:
        forget_process_context()


class FailureLogged(BaseWorker):
    """RQ logs a failed job (one that will be retried too) with its traceback written
    into the message; here the traceback is the record's `exception` field, so the
    line stays one JSON object with the traceback where a log reader looks for it."""

    def handle_exception(self, job: Job, *exc_info: Any) -> None:
        try:
            function = job.func_name
        except DeserializationError:
            function = "<DeserializationError>"
        exception_logged(self.log, "job %s failed (%s)", job.id, function,
                         exc_info=(exc_info[0], exc_info[1], exc_info[2]),
                         fields={"job_id": job.id, "queue": job.origin, "function": function,
                                 "worker": self.name})
        # (what RQ's own handle_exception does once it has logged)
        call_exception_handlers(self._exc_handlers, job, *exc_info)


class ForkingWorker(StopKept, TiedSchedulerWorker, FailureLogged, Worker):
    """RQ's `Worker` (a work-horse forked per job), with a scheduler tied to it."""


class InProcessWorker(StopKept, TiedSchedulerWorker, FailureLogged, SimpleWorker):
    """RQ's `SimpleWorker`, plus a heartbeat for the running job (see the module doc),
    with a scheduler tied to it."""

    def execute_job(self, job: Job, queue: Queue) -> None:
        execution = self.prepare_execution(job)
        stop = threading.Event()

        def beat() -> None:
            while not stop.wait(self.job_monitoring_interval):
                try:
                    self.maintain_heartbeats(job, execution)
                except Exception as error:  # Redis away: the job goes on regardless
                    log.warning("job %s: heartbeat failed: %s", job.id, error)

        beating = threading.Thread(target=beat, name="ttr-job-heartbeat", daemon=True)
        beating.start()
        try:
            self.perform_job(job, queue, execution)
        finally:
            stop.set()
            beating.join()
        self.set_state(WorkerStatus.IDLE)


class _Sweeper:
    """Every `every` seconds, ask for one sweep (see the module doc)."""

    def __init__(self, redis_url: str, queue: str, every: float) -> None:
        self._jobs = RqJobs(redis_url, queue)
        self._every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ttr-sweeper", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        self._jobs.close()

    def _run(self) -> None:
        while not self._stop.wait(self._every):
            self._jobs.enqueue(SWEEP)  # never raises: logs when Redis is down
