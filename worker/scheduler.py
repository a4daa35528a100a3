"""The RQ scheduler of a `ttr worker`, tied to the life of its worker.

RQ runs its scheduler (which moves due deadline jobs and waiting retries onto the
queue) in a process forked from the worker, holding a lock in Redis per queue so
that one scheduler serves each queue. Left as RQ has it, that child outlives a worker
killed with SIGKILL: it goes on holding the lock (refreshed every second), and each
restart of the worker outside a container adds another orphan. Here:

- **The child stops when its worker is gone.** A watchdog thread in the child sees
  its parent change (`os.getppid`, every 0.2 s: portable, and free of the
  thread-of-origin caveat of Linux's ``PR_SET_PDEATHSIG``) and asks the scheduler's
  loop to stop, which releases the locks and exits within about a second; a loop
  stuck (Redis unreachable) is ended a few seconds later regardless.
- **A lock its holder stopped refreshing is taken over.** A live scheduler refreshes
  its lock's lease every second; a lock not refreshed for `STALE_AFTER` seconds
  belongs to a scheduler that died without releasing it (killed together with its
  worker, or its machine gone), and a new worker takes it at once instead of after
  RQ's whole lease (a minute).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from redis import Redis
from rq.defaults import DEFAULT_LOGGING_DATE_FORMAT, DEFAULT_LOGGING_FORMAT
from rq.scheduler import RQScheduler
from rq.worker import BaseWorker

log = logging.getLogger("worker.scheduler")

STALE_AFTER = 10.0  # seconds without a refresh of a lock refreshed every second
WATCH_EVERY = 0.2  # seconds between the child's looks at its parent
GRACE = 5.0  # seconds the child's loop has to stop cleanly once its worker is gone

# Delete the lock KEYS[1] if someone else (not ARGV[1]) holds it and has not refreshed
# its lease (ARGV[2] seconds when refreshed) for more than ARGV[3] seconds. In one
# script, so a holder that refreshes in between keeps its lock.
_FREE_ABANDONED = """
local holder = redis.call('GET', KEYS[1])
if not holder or holder == ARGV[1] then return 0 end
local ttl = redis.call('TTL', KEYS[1])
if ttl >= 0 and tonumber(ARGV[2]) - ttl > tonumber(ARGV[3]) then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
"""


class TiedScheduler(RQScheduler):
    """RQ's scheduler, stopping with its worker and taking over abandoned locks."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._worker_pid = os.getpid()

    def lease(self) -> int:
        """How long RQ's lock lasts when acquired or refreshed (its own formula)."""
        return int(self.interval) + 60

    def acquire_locks(self, auto_start: bool = False) -> set[str]:
        free = self.connection.register_script(_FREE_ABANDONED)
        for name in sorted(self._queue_names):
            key = self.get_locking_key(name)
            if free(keys=[key], args=[self.name, self.lease(), STALE_AFTER]):
                log.warning("scheduler lock for %s: its holder stopped refreshing it; "
                            "taken over", name)
        acquired: set[str] = super().acquire_locks(auto_start)  # type: ignore[no-untyped-call]
        return acquired

    def start(self) -> Any:
        self._worker_pid = os.getpid()  # the child's parent, read before the fork
        return super().start()  # type: ignore[no-untyped-call]

    def work(self) -> None:
        """The scheduler's loop, in the child, watched (see the module doc)."""
        threading.Thread(target=self._watch_worker, name="ttr-scheduler-watchdog",
                         daemon=True).start()
        super().work()  # type: ignore[no-untyped-call]

    def _watch_worker(self) -> None:
        while os.getppid() == self._worker_pid:
            time.sleep(WATCH_EVERY)
        log.warning("scheduler: worker %s is gone; stopping", self._worker_pid)
        self.request_stop()  # type: ignore[no-untyped-call]
        time.sleep(GRACE)
        os._exit(1)  # the loop did not stop in time (e.g. Redis unreachable)


class TiedSchedulerWorker(BaseWorker):
    """A worker whose scheduler is a `TiedScheduler` (mixed into RQ's worker classes)."""

    def _start_scheduler(self, burst: bool = False, logging_level: str | None = "INFO",
                         date_format: str = DEFAULT_LOGGING_DATE_FORMAT,
                         log_format: str = DEFAULT_LOGGING_FORMAT) -> None:
        # as RQ's own, with our scheduler class: one that got the locks schedules (in a
        # child; in burst mode once, here)
        connection: Redis = self.connection
        scheduler = TiedScheduler(
            self.queues, connection=connection,
            logging_level=logging_level if logging_level is not None else self.log.level,
            date_format=date_format, log_format=log_format, serializer=self.serializer)
        self.scheduler = scheduler
        if not scheduler.acquire_locks():
            return
        if not burst:
            scheduler.start()
            return
        try:
            scheduler.register_birth()
            scheduler.enqueue_scheduled_jobs()  # type: ignore[no-untyped-call]
        finally:
            scheduler.release_locks()  # type: ignore[no-untyped-call]
            scheduler.register_death()
