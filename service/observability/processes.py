"""Metrics across processes: the `/metrics` server of `ttr worker`, and the gunicorn
hooks that keep the multiprocess directory right.

Under gunicorn every worker process counts on its own. With `PROMETHEUS_MULTIPROC_DIR`
set (the image sets it) prometheus_client keeps each process's values in a file of that
directory and `/metrics` sums them, whichever worker answers the scrape; without it the
values live in the process (one process: `ttr serve` in the embedded mode, the tests).
The directory must start empty: `gunicorn_on_starting` empties it, and the deployments
give it a fresh tmpfs / emptyDir.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from service.observability import gauges
from service.observability.instruments import MULTIPROC_ENV, Metrics, enable, job_listeners
from worker import reports

WORKER_METRICS_PORT = "TTR_WORKER_METRICS_PORT"


def serve_worker_metrics(port: int, redis_url: str | None, queue: str) -> Metrics:
    """Serve this worker process's metrics at `http://0.0.0.0:{port}/metrics`: the
    scoring durations and webhook failures of the jobs it runs, and the queue depth.

    (With `ttr worker --fork` the jobs run in forked children: their counts reach the
    parent's `/metrics` only through `PROMETHEUS_MULTIPROC_DIR`, which the image sets.)
    """
    from prometheus_client import start_http_server

    _empty_multiprocess_directory()
    m = enable()
    gauges.use_default_depths(gauges.rq_depths(redis_url, queue) if redis_url else None)
    start_http_server(port, registry=m.scrape_registry())
    reports.report_to(job_listeners())
    return m


# -- gunicorn server hooks (deploy/gunicorn.conf.py) ---------------------------------------

def gunicorn_on_starting(server: Any) -> None:
    """Before the first worker: an empty metrics directory (the counters of an earlier
    run would otherwise add to this one's)."""
    _empty_multiprocess_directory()


def _empty_multiprocess_directory() -> None:
    directory = os.environ.get(MULTIPROC_ENV)
    if not directory:
        return
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("*.db"):
        stale.unlink(missing_ok=True)


def gunicorn_child_exit(server: Any, worker: Any) -> None:
    """A worker process ended: its live gauges go (its counters stay in the sums)."""
    if not os.environ.get(MULTIPROC_ENV):
        return
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]
