"""The jobs port on RQ (`RqJobs`): queue ``ttr`` on Redis, run by `ttr worker` processes.

Enqueueing never raises into the caller (the caller is an API request that has
already committed its events): when Redis is down it logs a warning, and the
sweeper (`worker.jobs.sweep`, on worker start and every half minute) finds the work
from the games index later. Every kind of job is read from its declaration in
`referee.jobs` (function, queue, timeout, retries, job id, when): one job per id, a
game's scoring job, one per (game, deadline), one per (game, version) fan-out and bot
move, one per delivery attempt.
"""

from __future__ import annotations

import importlib
import logging
import os
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from events.clock import utcnow
from referee.jobs import (
    AFTER_BOT_PAUSE,
    DEADLINE,
    GAMES,
    WEBHOOKS,
    Args,
    JobKind,
    id_part,
    stamp,
)
from worker.job_names import DEFAULT_QUEUE, queue_names

if TYPE_CHECKING:
    from redis import Redis
    from rq import Queue

# (the logger's name from before the adapters had modules of their own: operators'
# filters and alerts know it)
log = logging.getLogger("worker.queue")

RESULT_TTL = 600  # keep a finished job's result ten minutes (for operators)
FAILURE_TTL = 7 * 24 * 3600  # and a failed one a week
# A started job whose worker has not sent a heartbeat for this long is taken for
# abandoned (its worker was killed) and enqueued again. RQ's own clean-up of the
# started registry gets there too, but only a minute or more later.
DEFAULT_STALE_AFTER = 60.0

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


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
                 stale_after: float = DEFAULT_STALE_AFTER, bot_pause: float = 0.0) -> None:
        # now rather than at the first enqueue: an import inside a request (tens of
        # milliseconds) holds up every other request of a gevent worker
        importlib.import_module("rq")
        self.redis_url = redis_url
        self.queue_name = queue
        self.stale_after = stale_after
        self.bot_pause = bot_pause  # seconds a bot waits before its move (RQ's scheduler)
        self._redis: Redis | None = None
        self._queues: dict[str, Queue] = {}  # by `referee.jobs`' queue (GAMES, …)
        self._pid = 0
        self._lock = threading.Lock()

    @property
    def queue(self) -> Queue:
        """The RQ queue (a connection of this process: rebuilt after a fork)."""
        with self._lock:
            if not self._queues or self._pid != os.getpid():
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
                self._queues = {kind: Queue(name, connection=self._redis)
                                for kind, name in queue_names(self.queue_name).items()}
                self._pid = os.getpid()
            return self._queues[GAMES]

    def queue_of(self, kind_queue: str) -> Queue:
        """The RQ queue of `referee.jobs`' queue `kind_queue` (built once per process)."""
        self.queue  # noqa: B018 (builds the queues, once per process)
        return self._queues[kind_queue]

    @property
    def webhook_queue(self) -> Queue:
        """The queue of webhook fan-outs and deliveries (`webhook_queue_name`)."""
        return self.queue_of(WEBHOOKS)

    def enqueue(self, kind: JobKind[*Args], *args: *Args) -> None:
        """Queue a job of `kind` (`referee.jobs`) with `args`: at once, after the bot
        pause, or scheduled at its time; one per the kind's job id."""
        job_id = kind.job_id(*args)
        if kind.once_per_queue:
            job_id = f"{job_id}-{id_part(self.queue_name)}"
        at = kind.at(*args)
        if at is not None:
            job_id = _not_the_running_job(job_id)
            given: tuple[Any, ...] = args
            if kind.supersedes and not self._supersede(kind, given[0], at, job_id):
                return
        elif kind.runs == AFTER_BOT_PAUSE and self.bot_pause > 0:
            at = utcnow() + timedelta(seconds=self.bot_pause)
        call = kind.arguments(*args)
        self._enqueue(job_id, kind.function, call, at=at, timeout=kind.timeout,
                      retries=kind.retries, at_front=kind.first_in_queue,
                      result_ttl=RESULT_TTL if kind.keep_result else 0,
                      description=kind.describe(*args) if kind.describe else None,
                      kind_queue=kind.queue)

    def _supersede(self, kind: JobKind[*Args], first: object, at: datetime,
                   job_id: str) -> bool:
        """Note `job_id` as the job of `kind` for `first` (a game's deadline job) and
        drop the one it replaces.

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

        key = f"ttr:{self.queue_name}:{kind.name}:{id_part(first)}"
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

    def pending_deadlines(self) -> list[tuple[str, datetime]]:
        """The deadline jobs waiting for their time: (game id, at), soonest first (as
        `InlineJobs.pending_deadlines`; for tests and operators)."""
        from rq.exceptions import NoSuchJobError
        from rq.job import Job

        found: list[tuple[str, datetime]] = []
        for job_id in self.queue.scheduled_job_registry.get_job_ids():
            if not job_id.startswith(f"{DEADLINE.name}-"):
                continue
            try:
                game_id = str(Job.fetch(job_id, connection=self.queue.connection).args[0])
            except NoSuchJobError:
                continue
            when = job_id.removeprefix(DEADLINE.job_id(game_id, _EPOCH)[:-len(stamp(_EPOCH))])
            at = datetime.strptime(when.split("-", 1)[0], "%Y%m%dT%H%M%S%fZ")
            found.append((game_id, at.replace(tzinfo=UTC)))
        return sorted(found, key=lambda pending: (pending[1], pending[0]))

    def close(self) -> None:
        with self._lock:
            redis, self._redis = self._redis, None
            self._queues = {}
        if redis is not None and self._pid == os.getpid():
            redis.close()

    # -- enqueueing, once -------------------------------------------------------------

    def _enqueue(self, job_id: str, func: str, args: tuple[Any, ...], *,
                 at: datetime | None, timeout: int, retries: tuple[int, ...],
                 at_front: bool, result_ttl: int, description: str | None,
                 kind_queue: str) -> None:
        from redis.exceptions import RedisError
        from rq import Retry
        from rq.exceptions import DuplicateJobError

        retry = Retry(max=len(retries), interval=list(retries)) if retries else None
        options: dict[str, Any] = dict(
            job_id=job_id, unique=True, timeout=timeout, retry=retry,
            result_ttl=result_ttl, failure_ttl=FAILURE_TTL, at_front=at_front,
            description=description or f"{func.rsplit('.', 1)[-1]}{args!r}")
        try:
            queue = self.queue_of(kind_queue)
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
