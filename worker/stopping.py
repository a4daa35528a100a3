"""A worker's stop, kept even when the signal's exception is lost.

RQ's SIGTERM/SIGINT handler, when the worker is idle, raises `StopRequested` to leave
its wait for a job, and sets no flag. Python runs a signal handler between any two
bytecodes of the main thread, so the exception can be raised inside a finalizer (a
redis-py connection's `__del__`, say), where Python prints "Exception ignored in …" and
drops it: the worker then goes on waiting, up to RQ's dequeue timeout of minutes, and
then takes the next job as if nothing had been asked. Here the stop is also written
down, and the idle wait is cut into short waits, each of which first looks at it.
"""

from __future__ import annotations

from rq.exceptions import StopRequested
from rq.worker import BaseWorker, WorkerStatus

# How long a lost stop can go unnoticed (also how often an idle worker asks Redis).
STOP_CHECK_EVERY = 5


class StopKept(BaseWorker):
    """Mixed into RQ's worker classes: a stop asked for is honoured once lost."""

    @property
    def dequeue_timeout(self) -> int:
        return min(super().dequeue_timeout, STOP_CHECK_EVERY)

    @property
    def connection_timeout(self) -> int:
        # RQ's socket timeout, as it was: the shorter waits are not a reason to give up
        # sooner on a Redis that has stopped answering
        return int(BaseWorker.dequeue_timeout.fget(self)) + 10  # type: ignore[attr-defined]

    def _shutdown(self) -> None:
        self._stop_requested = True  # (RQ sets it only when busy)
        super()._shutdown()  # type: ignore[no-untyped-call]

    def heartbeat(self, timeout: int | None = None, pipeline: object = None) -> None:
        # called before each wait for a job: where a lost stop is found
        if self._stop_requested and self.get_state() == WorkerStatus.IDLE:
            raise StopRequested()
        super().heartbeat(timeout, pipeline)  # type: ignore[arg-type]
