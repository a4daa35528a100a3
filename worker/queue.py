"""The jobs port's adapters: how the API and the jobs ask for work to be done later.

The port itself, `Jobs`, is the referee's (`referee.ports`): `Jobs.score(game_id)` asks
for a game's final score; `Jobs.deadline(game_id, at)` asks
for the game's turn deadline to be enforced at `at`; `Jobs.webhook_fan_out(game_id,
version, notices)` asks for a change's webhook deliveries to be stored and sent, and
`Jobs.webhook(delivery_id, at)` for a delivery's next attempt at `at`. Asking is cheap
and idempotent: one scoring job per game and one deadline job per (game, deadline)
are ever waiting at a time, and the jobs themselves check the game's state before
acting, so a job that runs twice, late, or for a deadline that no longer holds does
nothing.

Two adapters run the same job functions (`worker.jobs`):

- `RqJobs`: RQ on Redis (queue ``ttr``), run by `ttr worker` processes. Enqueueing
  never raises into the caller (the caller is an API request that has already
  committed its events): when Redis is down it logs a warning, and the sweeper
  (`worker.jobs.sweep`, on worker start and every half minute) finds the work from
  the games index later.
- `InlineJobs`: the embedded mode, no Redis: a small thread pool and a timer thread
  in the server's own process. Webhook deliveries run on a pool of their own, so a
  slow receiver never holds up scoring or deadlines.
"""

from __future__ import annotations

import heapq
import importlib
import itertools
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from hashlib import sha256
from typing import TYPE_CHECKING, Any

from events.clock import utcnow
from referee.ports import Jobs as Jobs  # (re-exported: the port its adapters fill)
from referee.settings import DEFAULT_QUEUE as DEFAULT_QUEUE

if TYPE_CHECKING:
    from redis import Redis
    from rq import Queue

    from worker.context import WorkerContext

log = logging.getLogger(__name__)



def webhook_queue_name(queue: str) -> str:
    """The queue of a queue's webhook jobs: `ttr` → `ttr-webhooks`. Their own queue, so
    a receiver that hangs for its whole timeout keeps webhook jobs waiting, never a
    score or a deadline (workers take the game queue first)."""
    return f"{queue}-webhooks"
# Scoring: retried with growing waits (seconds) before it is left in the failed
# registry (where the sweeper finds the game still unscored and tries again).
SCORE_RETRY_INTERVALS = (2, 5, 15, 60, 300)
SCORE_TIMEOUT = 120  # seconds; scoring takes milliseconds, the store may be slow
DEADLINE_RETRY_INTERVALS = (1, 5, 15, 60)
DEADLINE_TIMEOUT = 60
# Webhooks: the fan-out stores deliveries (a few rows); a delivery job makes one HTTP
# attempt of at most a few seconds. Both retried only when they raise (the store is
# away): a receiver's failures are retried by the delivery's own schedule.
WEBHOOK_FAN_OUT_TIMEOUT = 60
WEBHOOK_TIMEOUT = 60
WEBHOOK_RETRY_INTERVALS = (5, 30, 120)
SWEEP_TIMEOUT = 300
RESULT_TTL = 600  # keep a finished job's result ten minutes (for operators)
FAILURE_TTL = 7 * 24 * 3600  # and a failed one a week
# A started job whose worker has not sent a heartbeat for this long is taken for
# abandoned (its worker was killed) and enqueued again. RQ's own clean-up of the
# started registry gets there too, but only a minute or more later.
DEFAULT_STALE_AFTER = 60.0

_JOB_ID = re.compile(r"[A-Za-z0-9_-]+")
# the webhook job functions, by the names RQ imports them by
FAN_OUT = "worker.webhooks.fan_out_webhooks"
DELIVER = "worker.webhooks.deliver_webhook"


# -- job ids ------------------------------------------------------------------------------
# RQ 3 accepts only letters, digits, "_" and "-" in a job id, so the ids of the issue
# (`score:{game_id}`, `deadline:{game_id}:{iso}`) are spelled with dashes.

def _id_part(game_id: str) -> str:
    if _JOB_ID.fullmatch(game_id) and len(game_id) <= 100:
        return game_id
    return "h" + sha256(game_id.encode()).hexdigest()[:40]  # any other game id, stably


def score_job_id(game_id: str) -> str:
    return f"score-{_id_part(game_id)}"


def _stamp(at: datetime) -> str:
    return at.astimezone(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def deadline_job_id(game_id: str, at: datetime) -> str:
    return f"deadline-{_id_part(game_id)}-{_stamp(at)}"


def webhook_fan_out_job_id(game_id: str, version: int) -> str:
    return f"webhooks-{_id_part(game_id)}-{version}"


def webhook_job_id(delivery_id: str, at: datetime) -> str:
    return f"webhook-{_id_part(delivery_id)}-{_stamp(at)}"


def sweep_job_id(queue: str) -> str:
    # (job ids are global in Redis: the queue's name keeps two installations apart)
    return f"sweep-{_id_part(queue)}"


def _not_the_running_job(job_id: str) -> str:
    """`job_id`, or a successor's id when the job running now is that very job.

    The job of a deadline or a webhook attempt that found itself not yet due (the
    clocks of two machines disagree by a little) cannot queue itself again under its
    own id while it runs, so its successor gets a suffix.
    """
    from rq import get_current_job

    current = get_current_job()
    if current is not None and current.id.startswith(job_id):
        return f"{job_id}-r{time.time_ns() // 1_000_000}"
    return job_id


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


# -- RQ ------------------------------------------------------------------------------------

class RqJobs:
    """The jobs port on RQ: queue `queue` on the Redis at `redis_url`."""

    def __init__(self, redis_url: str, queue: str = DEFAULT_QUEUE, *,
                 stale_after: float = DEFAULT_STALE_AFTER) -> None:
        # now rather than at the first enqueue: an import inside a request (~50 ms)
        # holds up every other request of a gevent worker
        importlib.import_module("rq")
        self.redis_url = redis_url
        self.queue_name = queue
        self.stale_after = stale_after
        self._redis: Redis | None = None
        self._queue: Queue | None = None
        self._webhook_queue: Queue | None = None
        self._pid = 0
        self._lock = threading.Lock()

    @property
    def queue(self) -> Queue:
        """The RQ queue (a connection of this process: rebuilt after a fork)."""
        with self._lock:
            if self._queue is None or self._pid != os.getpid():
                from redis import Redis
                from redis.backoff import ExponentialBackoff
                from redis.retry import Retry as RedisRetry
                from rq import Queue

                # Fail fast when Redis is down: the caller is waiting (an HTTP
                # request). One quick retry covers a pooled socket that broke when
                # Redis restarted.
                self._redis = Redis.from_url(
                    self.redis_url, socket_connect_timeout=2, socket_timeout=5,
                    retry=RedisRetry(ExponentialBackoff(cap=0.2, base=0.05), 1))
                self._queue = Queue(self.queue_name, connection=self._redis)
                self._webhook_queue = Queue(webhook_queue_name(self.queue_name),
                                            connection=self._redis)
                self._pid = os.getpid()
            return self._queue

    @property
    def webhook_queue(self) -> Queue:
        """The queue of webhook fan-outs and deliveries (`webhook_queue_name`)."""
        self.queue  # noqa: B018 (builds both queues, once per process)
        assert self._webhook_queue is not None
        return self._webhook_queue

    def score(self, game_id: str) -> None:
        from rq import Retry

        self._enqueue(score_job_id(game_id), "worker.jobs.score_game", (game_id,),
                      timeout=SCORE_TIMEOUT,
                      retry=Retry(max=len(SCORE_RETRY_INTERVALS),
                                  interval=list(SCORE_RETRY_INTERVALS)))

    def deadline(self, game_id: str, at: datetime) -> None:
        from rq import Retry

        job_id = _not_the_running_job(deadline_job_id(game_id, at))
        if not self._supersede(game_id, at, job_id):
            return
        self._enqueue(job_id, "worker.jobs.enforce_deadline", (game_id,), at=at,
                      timeout=DEADLINE_TIMEOUT,
                      retry=Retry(max=len(DEADLINE_RETRY_INTERVALS),
                                  interval=list(DEADLINE_RETRY_INTERVALS)))

    def webhook_fan_out(self, game_id: str, version: int,
                        notices: list[dict[str, Any]]) -> None:
        from rq import Retry

        self._enqueue(webhook_fan_out_job_id(game_id, version),
                      FAN_OUT, (game_id, notices),
                      timeout=WEBHOOK_FAN_OUT_TIMEOUT,
                      retry=Retry(max=len(WEBHOOK_RETRY_INTERVALS),
                                  interval=list(WEBHOOK_RETRY_INTERVALS)),
                      description=f"fan_out_webhooks({game_id!r}, version {version})",
                      webhooks=True)

    def webhook(self, delivery_id: str, at: datetime) -> None:
        from rq import Retry

        job_id = _not_the_running_job(webhook_job_id(delivery_id, at))
        self._enqueue(job_id, DELIVER, (delivery_id,), at=at,
                      timeout=WEBHOOK_TIMEOUT,
                      retry=Retry(max=len(WEBHOOK_RETRY_INTERVALS),
                                  interval=list(WEBHOOK_RETRY_INTERVALS)),
                      webhooks=True)

    def _supersede(self, game_id: str, at: datetime, job_id: str) -> bool:
        """Note `job_id` as the game's deadline job and drop the one it replaces.

        A game's deadlines only move later (each is "now + the time limit" when a
        turn starts), so a later one makes the earlier job pointless: without this a
        game with a 14-day limit would leave a scheduled job behind for every turn
        of those 14 days. False: `at` is older than the one noted (a late caller),
        nothing to schedule. Best effort: a race here costs at most a job that finds
        nothing to do, or a deadline the next sweep enforces.
        """
        from redis.exceptions import RedisError
        from rq.exceptions import NoSuchJobError
        from rq.job import Job, JobStatus

        key = f"ttr:{self.queue_name}:deadline:{_id_part(game_id)}"
        stamp = at.timestamp()
        try:
            redis = self.queue.connection
            noted = redis.hmget(key, ["job", "at"])
            if noted[0] is not None and noted[1] is not None:
                old_job, old_at = _text(noted[0]), float(noted[1])
                if stamp < old_at:
                    return False
                if stamp > old_at and old_job != job_id:
                    try:
                        job = Job.fetch(old_job, connection=redis)
                        if job.get_status(refresh=False) == JobStatus.SCHEDULED:
                            job.delete()
                    except NoSuchJobError:
                        pass
            ttl = max(60, int(stamp - utcnow().timestamp()) + 24 * 3600)
            redis.hset(key, mapping={"job": job_id, "at": repr(stamp)})
            redis.expire(key, ttl)
        except (RedisError, OSError):
            pass  # `_enqueue` meets the same trouble and says so
        return True

    def sweep(self) -> None:
        """Ask for one `sweep()` run (at the front of the queue; one waits at a time)."""
        self._enqueue(sweep_job_id(self.queue_name), "worker.jobs.sweep", (),
                      timeout=SWEEP_TIMEOUT, retry=None, at_front=True, result_ttl=0)

    def close(self) -> None:
        with self._lock:
            redis, self._redis = self._redis, None
            self._queue = self._webhook_queue = None
        if redis is not None and self._pid == os.getpid():
            redis.close()

    # -- enqueueing, once -------------------------------------------------------------

    def _enqueue(self, job_id: str, func: str, args: tuple[Any, ...], *,
                 at: datetime | None = None, timeout: int, retry: Any,
                 at_front: bool = False, result_ttl: int = RESULT_TTL,
                 description: str | None = None, webhooks: bool = False) -> None:
        from redis.exceptions import RedisError
        from rq.exceptions import DuplicateJobError

        options: dict[str, Any] = dict(
            job_id=job_id, unique=True, timeout=timeout, retry=retry,
            result_ttl=result_ttl, failure_ttl=FAILURE_TTL, at_front=at_front,
            description=description or f"{func.rsplit('.', 1)[-1]}{args!r}")
        try:
            queue = self.webhook_queue if webhooks else self.queue
            for _ in range(3):
                try:
                    if at is None or at <= utcnow():
                        queue.enqueue_call(func, args=args, **options)
                    else:
                        queue.enqueue_at(at, func, args=args, **options)
                    return
                except DuplicateJobError:
                    # One job per id: a waiting or running one stands; one that is
                    # over (or whose worker died) makes way for the new one.
                    if not self._clear_if_over(job_id):
                        return
            log.warning("job %s: could not be enqueued after clearing its old job", job_id)
        except (RedisError, OSError) as error:
            log.warning("job %s not enqueued, Redis is unavailable (the sweeper will "
                        "catch up): %s", job_id, error)
        except Exception:
            # A bug must not fail a request whose events are committed; the sweeper
            # catches up with the work from the games index.
            log.exception("job %s not enqueued", job_id)

    def _clear_if_over(self, job_id: str) -> bool:
        """Delete the job `job_id` if it is over or abandoned; True if it is gone."""
        from rq.exceptions import NoSuchJobError
        from rq.job import Job, JobStatus

        queue = self.queue
        try:
            job = Job.fetch(job_id, connection=queue.connection)
        except NoSuchJobError:
            return True
        status = job.get_status(refresh=False)
        if status in (JobStatus.FINISHED, JobStatus.FAILED, JobStatus.STOPPED,
                      JobStatus.CANCELED):
            if status == JobStatus.FAILED:
                log.warning("job %s had failed; enqueued again", job_id)
            job.delete()
            return True
        if status == JobStatus.STARTED and self._abandoned(job):
            log.warning("job %s was abandoned by worker %s (no heartbeat since %s); "
                        "enqueued again", job_id, job.worker_name, job.last_heartbeat)
            job.delete()
            return True
        if status in (JobStatus.QUEUED, JobStatus.SCHEDULED) and self._lost(job, status):
            log.warning("job %s was %s but is in no queue or registry (lost); enqueued "
                        "again", job_id, status.value)
            job.delete()
            return True
        return False

    def _lost(self, job: Any, status: Any) -> bool:
        """Whether a waiting job's hash outlived its place in the queue (a Redis that
        lost part of its data, a queue deleted by hand): nothing would ever run it."""
        from rq import Queue
        from rq.job import JobStatus

        redis = self.queue.connection
        origin = Queue(job.origin, connection=redis)
        if status == JobStatus.SCHEDULED:
            return redis.zscore(origin.scheduled_job_registry.key, job.id) is None
        return (redis.lpos(origin.key, job.id) is None
                and redis.lpos(origin.intermediate_queue_key, job.id) is None)

    def _abandoned(self, job: Any) -> bool:
        beat: datetime | None = job.last_heartbeat or job.started_at
        if beat is None:
            return False
        if beat.tzinfo is None:
            beat = beat.replace(tzinfo=UTC)
        return utcnow() - beat > timedelta(seconds=self.stale_after)


# -- in-process ---------------------------------------------------------------------------

@dataclass(order=True)
class _Timed:
    at: float  # when to run: seconds on the clock of its heap
    seq: int
    key: tuple[str, ...] = field(compare=False)
    func: str = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)
    attempt: int = field(compare=False, default=0)
    # False: the key was given back when the job started (see `_tick`)
    holds_key: bool = field(compare=False, default=True)


class InlineJobs:
    """The jobs port in-process: the same job functions on a small thread pool.

    `context_factory()` gives the context the jobs run with (the app's own). A job
    that raises is retried after `retry_intervals` (seconds), then given up (the
    periodic sweep asks again for a game still unscored or overdue). Asking again
    for work already waiting or running is a no-op. Deadlines wait on a timer thread
    that reads the context's clock, so a test's clock moves them too; webhook attempts
    wait on the same thread by the webhooks' clock (the wall clock) and run on a pool
    of their own (`webhook_threads`), so a slow receiver never delays the game. Every
    `sweep_every` seconds (and once just after the start) the sweep runs, so work
    from before a restart is picked up. Threads start on first use and again in a
    forked child (gunicorn); `close()` stops them.
    """

    def __init__(self, context_factory: Callable[[], WorkerContext], *, threads: int = 2,
                 retry_intervals: Sequence[float] = (0.5, 2.0, 5.0, 15.0, 60.0),
                 sweep_every: float | None = 30.0, first_sweep_after: float = 1.0,
                 poll: float = 1.0, webhook_threads: int = 4) -> None:
        self._factory = context_factory
        self._threads = threads
        self._webhook_threads = webhook_threads
        self._retry_intervals = tuple(retry_intervals)
        self._sweep_every = sweep_every
        self._first_sweep_after = first_sweep_after
        self._poll = poll  # how often the timer looks at the (maybe injected) clock
        self._seq = itertools.count()
        self._reset()

    def _reset(self) -> None:
        self._pid = os.getpid()
        self._lock = threading.Condition()
        self._deadlines: list[_Timed] = []  # `at`: POSIX seconds on the context's clock
        self._latest: dict[str, float] = {}  # game id → its latest deadline in the heap
        self._retries: list[_Timed] = []  # `at`: time.monotonic()
        self._webhooks: list[_Timed] = []  # `at`: POSIX seconds on the webhooks' clock
        self._keys: set[tuple[str, ...]] = set()  # waiting, running or waiting to retry
        self._busy = 0  # jobs submitted to the pool and not yet done
        self._next_sweep: float | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._webhook_pool: ThreadPoolExecutor | None = None
        self._timer: threading.Thread | None = None
        self._closed = False

    # -- the port ------------------------------------------------------------------------

    def score(self, game_id: str) -> None:
        self._run_soon(("score", game_id), "score_game", (game_id,))

    def deadline(self, game_id: str, at: datetime) -> None:
        key = ("deadline", game_id, at.astimezone(UTC).isoformat())
        stamp = at.timestamp()
        with self._started():
            if key in self._keys or self._closed:
                return
            latest = self._latest.get(game_id)
            if latest is not None and stamp < latest:
                return  # a deadline the game has already moved past
            # A later deadline makes the earlier one pointless (see RqJobs._supersede):
            # its entry stays in the heap but is skipped when it comes up.
            self._latest[game_id] = stamp
            self._keys.add(key)
            heapq.heappush(self._deadlines, _Timed(stamp, next(self._seq), key,
                                                   "enforce_deadline", (game_id,)))
            self._lock.notify_all()

    def webhook_fan_out(self, game_id: str, version: int,
                        notices: list[dict[str, Any]]) -> None:
        self._run_soon(("webhooks", game_id, str(version)), FAN_OUT, (game_id, notices))

    def webhook(self, delivery_id: str, at: datetime) -> None:
        key = ("webhook", delivery_id, at.astimezone(UTC).isoformat())
        with self._started():
            if key in self._keys or self._closed:
                return
            self._keys.add(key)
            heapq.heappush(self._webhooks, _Timed(at.timestamp(), next(self._seq), key,
                                                  DELIVER, (delivery_id,)))
            self._lock.notify_all()

    def sweep(self) -> None:
        self._run_soon(("sweep",), "sweep", ())

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._deadlines.clear()
            self._latest.clear()
            self._retries.clear()
            self._webhooks.clear()
            self._lock.notify_all()
            pool, timer = self._pool, self._timer
            pools = [p for p in (pool, self._webhook_pool) if p is not None]
        if self._pid != os.getpid():
            return
        if timer is not None and timer is not threading.current_thread():
            timer.join(timeout=5)
        for each in pools:
            # don't wait for a running job from inside one (a job may close its jobs)
            each.shutdown(wait=not _in_pool_thread(), cancel_futures=True)

    # -- for tests and the embedded server -----------------------------------------------

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until no job is running or due to retry; False if `timeout` passed."""
        end = time.monotonic() + timeout
        with self._lock:
            while self._busy or self._retries:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(min(left, 0.05))
        return True

    def pending(self) -> int:
        """Jobs handed to the threads and not yet done: the embedded server's queue
        depth (`ttr_queue_depth`). Deadlines and retries waiting for their time are
        not counted, as RQ's queue does not count its scheduled jobs."""
        with self._lock:
            return self._busy

    def pending_deadlines(self) -> list[tuple[str, datetime]]:
        """The deadlines waiting on the timer: (game id, at), soonest first."""
        with self._lock:
            return [(t.args[0], datetime.fromtimestamp(t.at, UTC))
                    for t in sorted(self._deadlines)
                    if self._latest.get(t.args[0]) == t.at]

    # -- running -------------------------------------------------------------------------

    def _started(self) -> threading.Condition:
        """The lock, with the threads running in this process (started on first use)."""
        if self._pid != os.getpid():  # a forked child: the parent's threads are not here
            self._reset()
        with self._lock:
            if self._timer is None and not self._closed:
                self._pool = ThreadPoolExecutor(self._threads, thread_name_prefix="ttr-job")
                self._webhook_pool = ThreadPoolExecutor(
                    self._webhook_threads, thread_name_prefix="ttr-job-webhook")
                if self._sweep_every is not None:
                    self._next_sweep = time.monotonic() + self._first_sweep_after
                self._timer = threading.Thread(target=self._tick, name="ttr-job-timer",
                                               daemon=True)
                self._timer.start()
        return self._lock

    def start(self) -> None:
        """Start the threads now (otherwise they start with the first request)."""
        self._started()

    def _run_soon(self, key: tuple[str, ...], func: str, args: tuple[Any, ...]) -> None:
        with self._started():
            if key in self._keys or self._closed:
                return  # the same work is already waiting or running
            self._keys.add(key)
            self._submit(_Timed(0.0, next(self._seq), key, func, args))

    def _submit(self, task: _Timed) -> None:
        # (holding the lock)
        pool = self._webhook_pool if task.func == DELIVER else self._pool
        assert pool is not None
        self._busy += 1
        try:
            pool.submit(self._execute, task)
        except RuntimeError:  # the pool is shut down: we are closing
            self._busy -= 1
            self._keys.discard(task.key)

    def _execute(self, task: _Timed) -> None:
        from worker import jobs
        from worker.context import use_context

        failed: BaseException | None = None
        try:
            ctx = self._factory()
            module, _, name = task.func.rpartition(".")  # (a bare name: worker.jobs)
            with use_context(ctx):
                getattr(importlib.import_module(module) if module else jobs, name)(*task.args)
        except Exception as error:
            failed = error
        with self._lock:
            self._busy -= 1
            if failed is None or self._closed:
                if task.holds_key:
                    self._keys.discard(task.key)
            elif task.attempt < len(self._retry_intervals):
                wait = self._retry_intervals[task.attempt]
                log.warning("job %s failed (%s: %s); retry %d in %.1f s", task.key,
                            type(failed).__name__, failed, task.attempt + 1, wait)
                heapq.heappush(self._retries, _Timed(
                    time.monotonic() + wait, next(self._seq), task.key, task.func,
                    task.args, task.attempt + 1, task.holds_key))
            else:
                log.error("job %s failed %d times, given up (the sweep will ask again): "
                          "%s: %s", task.key, task.attempt + 1, type(failed).__name__,
                          failed)
                if task.holds_key:
                    self._keys.discard(task.key)
            self._lock.notify_all()

    def _tick(self) -> None:
        """The timer thread: hand due deadlines, retries and sweeps to the pool."""
        while True:
            now_clock: float | None
            now_hooks: float | None
            try:
                now_clock, now_hooks = self._clock_now(), self._webhook_now()
            except Exception as error:  # the context is not ready yet (the app is starting)
                log.debug("job timer: no clock yet: %s", error)
                now_clock = now_hooks = None
            with self._lock:
                if self._closed:
                    return
                now = time.monotonic()
                while self._retries and self._retries[0].at <= now:
                    self._submit(heapq.heappop(self._retries))
                while (now_clock is not None and self._deadlines
                       and self._deadlines[0].at <= now_clock):
                    task = heapq.heappop(self._deadlines)
                    # Give the key back as the job starts: a deadline job that finds
                    # its deadline not yet due asks for it again, and must be heard.
                    self._keys.discard(task.key)
                    game_id = task.args[0]
                    latest = self._latest.get(game_id)
                    if latest is not None and task.at < latest:
                        continue  # superseded by a later deadline of the same game
                    self._latest.pop(game_id, None)
                    task.holds_key = False
                    self._submit(task)
                while (now_hooks is not None and self._webhooks
                       and self._webhooks[0].at <= now_hooks):
                    # (the key stays taken until the attempt is over: a sweep meanwhile
                    # asks for nothing twice; the next attempt has a key of its own)
                    self._submit(heapq.heappop(self._webhooks))
                if self._next_sweep is not None and self._next_sweep <= now:
                    assert self._sweep_every is not None
                    self._next_sweep = now + self._sweep_every
                    if ("sweep",) not in self._keys:
                        self._keys.add(("sweep",))
                        self._submit(_Timed(0.0, next(self._seq), ("sweep",), "sweep", ()))
                wait = self._poll
                if self._retries:
                    wait = min(wait, self._retries[0].at - now)
                if self._deadlines and now_clock is not None:
                    wait = min(wait, self._deadlines[0].at - now_clock)
                if self._webhooks and now_hooks is not None:
                    wait = min(wait, self._webhooks[0].at - now_hooks)
                if self._next_sweep is not None:
                    wait = min(wait, self._next_sweep - now)
                self._lock.wait(max(wait, 0.001))

    def _clock_now(self) -> float:
        return self._factory().clock().timestamp()

    def _webhook_now(self) -> float:
        return self._factory().webhooks.clock().timestamp()


def _in_pool_thread() -> bool:
    return threading.current_thread().name.startswith("ttr-job")
