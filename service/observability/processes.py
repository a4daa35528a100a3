"""Metrics across processes: the `/metrics` (and health) server of `ttr worker`, the
multiprocess directory `ttr serve` makes for several workers, and the gunicorn hooks
that keep that directory right.

Under gunicorn every worker process counts on its own. With `PROMETHEUS_MULTIPROC_DIR`
set (the image sets it) prometheus_client keeps each process's values in a file of that
directory and `/metrics` sums them, whichever worker answers the scrape; without it the
values live in the process (one process: `ttr serve` in the embedded mode, the tests).
The directory must start empty: `gunicorn_on_starting` empties it, and the deployments
give it a fresh tmpfs / emptyDir. `ttr serve` with several workers and no directory
set makes a temporary one itself (`share_between_workers`) and removes it when it
stops, so that `/metrics` is the same whichever worker answers.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import TYPE_CHECKING, Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from service.observability import gauges
from service.observability.instruments import MULTIPROC_ENV, Metrics, enable, job_listeners
from worker import reports

if TYPE_CHECKING:
    from worker.presence import Presence

# `ttr worker`'s probes on its metrics port: liveness, readiness (deploy/ uses them)
WORKER_PROBES = ("/healthz", "/readyz")


def serve_worker_metrics(port: int, redis_url: str | None, queue: str,
                         presence: Presence | None = None) -> Metrics:
    """Serve this worker process's metrics at `http://0.0.0.0:{port}/metrics`: the
    scoring durations and webhook failures of the jobs it runs, and the queue depth;
    and its probes: `/healthz` (200 while its presence beat turns: the liveness probe)
    and `/readyz` (200 while Redis takes its beats: the readiness probe).

    (With `ttr worker --fork` the jobs run in forked children: their counts reach the
    parent's `/metrics` only through `PROMETHEUS_MULTIPROC_DIR`, which the image sets.)
    """
    from prometheus_client import make_wsgi_app

    _empty_multiprocess_directory()
    m = enable()
    gauges.use_default_depths(gauges.rq_depths(redis_url, queue) if redis_url else None)
    metrics_app = make_wsgi_app(m.scrape_registry())
    liveness, readiness = WORKER_PROBES
    probes: dict[str, Callable[[], bool]] = {
        liveness: presence.alive if presence else (lambda: True),
        readiness: presence.heard if presence else (lambda: True),
    }

    def app(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path in probes:
            ok = probes[path]()
            start_response("200 OK" if ok else "503 Service Unavailable",
                           [("Content-Type", "application/json")])
            return [b'{"status":"ok"}' if ok else b'{"status":"not ok"}']
        return metrics_app(environ, start_response)  # type: ignore[no-any-return]

    server = make_server("0.0.0.0", port, app, _ThreadingServer, _QuietHandler)
    threading.Thread(target=server.serve_forever, name="ttr-worker-metrics",
                     daemon=True).start()
    reports.report_to(job_listeners())
    return m


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    """A thread per scrape or probe: a slow scrape never holds a probe back."""

    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass  # a probe every few seconds is not worth a log line


def share_between_workers(cfg: Any) -> str | None:
    """For `ttr serve` (its gunicorn config `cfg`, before the arbiter starts): with
    several worker processes and no `PROMETHEUS_MULTIPROC_DIR`, a temporary one,
    given to the master and every worker through gunicorn's `raw_env` (prometheus_client
    reads it when first imported, in each worker) and removed by `on_exit`, so that
    `/metrics` is the same whichever worker answers. Returns the directory it made."""
    if os.environ.get(MULTIPROC_ENV) or cfg.workers < 2:
        return None
    directory = tempfile.mkdtemp(prefix="ttr-metrics-")
    cfg.set("raw_env", [*cfg.raw_env, f"{MULTIPROC_ENV}={directory}"])
    earlier = cfg.on_exit

    def on_exit(server: Any) -> None:
        try:
            earlier(server)
        finally:
            shutil.rmtree(directory, ignore_errors=True)
    cfg.set("on_exit", on_exit)
    return directory


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
