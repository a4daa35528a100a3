"""A worker asked to stop while idle stops, even when the signal's exception is lost
(`worker.stopping`): the SIGTERM lands while a finalizer runs, where Python drops the
exception RQ raises to end its wait. A real worker process on the test Redis."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# The worker's first heartbeat in its wait for a job drops an object whose finalizer
# sends the worker SIGTERM and keeps running, so RQ's handler raises inside `__del__`.
_WORKER = textwrap.dedent("""
    import os, signal, sys
    from redis import Redis
    from rq.worker import WorkerStatus
    from worker.main import InProcessWorker

    class Finalizer:
        def __del__(self):
            os.kill(os.getpid(), signal.SIGTERM)
            for _ in range(10_000):  # the handler runs here, inside the finalizer
                pass

    class Worker(InProcessWorker):
        signalled = False

        def heartbeat(self, *args, **kwargs):
            super().heartbeat(*args, **kwargs)
            if not Worker.signalled and self.get_state() == WorkerStatus.IDLE:
                Worker.signalled = True
                Finalizer()

    worker = Worker([sys.argv[2]], connection=Redis.from_url(sys.argv[1]))
    worker.work(burst=False, with_scheduler=False, logging_level="WARNING")
    print("stopped", flush=True)
""")


def test_a_stop_lost_in_a_finalizer_still_stops_the_idle_worker(redis_url: str,
                                                                  queue: str) -> None:
    try:
        done = subprocess.run([sys.executable, "-c", _WORKER, redis_url, queue],
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired as expired:  # (RQ alone waits minutes for a job)
        raise AssertionError(f"the worker did not stop: {expired.stderr!r}") from None
    assert "Exception ignored" in done.stderr  # the stop's exception was lost ...
    assert done.stdout.strip() == "stopped"  # ... and the worker stopped all the same
