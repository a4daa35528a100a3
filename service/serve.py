"""`ttr serve`: the API under gunicorn, configured from the same `TTR_*` settings.

With PostgreSQL and Redis, each worker process runs gevent (gunicorn's `gevent`
worker class): every request is a greenlet, and a request waiting on PostgreSQL, Redis
or a long poll lets the others run. Against threads (`gthread`) this cuts what
gunicorn and Flask cost per request by about 40% (`bench/floor.py`), drops the GIL
contention between a worker's threads, and a long poll or SSE stream no longer holds a
thread of a small pool: a worker holds up to `TTR_WEB_CONNECTIONS` of them. psycopg
notices the monkey-patching and waits through gevent, provided it is first imported
after the patch, in the worker (nothing the master imports pulls it in;
`tests/integration/test_serve.py` checks both). One worker per core.

The embedded mode (no Redis: jobs in-process) keeps `gthread` workers and one process:
its jobs and change notifications must see every write. SQLite keeps `gthread` too,
with or without Redis: its calls (and its busy waits) would hold gevent's hub, and its
per-thread connections would become one per request. `TTR_WEB_WORKER_CLASS=gthread` (or
`gevent`) chooses explicitly.

A worker's garbage collector is set once its app is loaded (`settle_heap`): what exists
then (modules, the app, the boards) is frozen out of every collection, and a young
collection waits for 10,000 new objects rather than 700. Under load the defaults ran
one every few requests and a full one every few seconds, each pausing every request of
the worker for 50–100 ms while it walked the cached game states; together ~2% of the
worker's CPU.
"""

from __future__ import annotations

import gc
import os
from typing import Any

from gunicorn.app.base import BaseApplication

from events import is_postgres_url
from service import observability
from service.config import Settings, from_env
from service.http_errors import worker_class_path

DEFAULT_BIND = "127.0.0.1:8000"
YOUNG_COLLECTION_EVERY = 10_000  # new objects (the interpreter's default: 700)
WORKER_CLASSES = ("gevent", "gthread")


def gunicorn_options(settings: Settings, *, bind: str | None = None,
                     workers: int | None = None) -> dict[str, Any]:
    """The gunicorn settings for `settings` (also what deploy/gunicorn.conf.py uses)."""
    cores = os.cpu_count() or 1
    worker_class = settings.web_worker_class or (
        "gevent" if is_postgres_url(settings.database_url) and not settings.embedded
        else "gthread")
    if worker_class not in WORKER_CLASSES:
        raise ValueError(f"TTR_WEB_WORKER_CLASS must be one of {', '.join(WORKER_CLASSES)}")
    if workers is None:
        workers = settings.web_workers or cores
    if settings.embedded:
        workers = 1
    return {
        "bind": bind or settings.bind or DEFAULT_BIND,
        "workers": workers,
        "worker_class": worker_class,
        "threads": settings.web_threads or 32,
        "worker_connections": settings.web_connections or 1000,
        # a long poll holds a request up to TTR_LONG_POLL_MAX; SSE streams send
        # keep-alives, which the workers count as activity
        "timeout": settings.web_timeout or 120,
        "graceful_timeout": 30,
        "keepalive": 5,
        "max_requests": settings.web_max_requests,
        "accesslog": settings.access_log or None,
        "errorlog": "-",
        "loglevel": settings.log_level.lower(),
        "forwarded_allow_ips": settings.forwarded_allow_ips,
        # metrics of several worker processes: a clean folder at start, a dead
        # worker's gauges removed
        "on_starting": observability.gunicorn_on_starting,
        "child_exit": observability.gunicorn_child_exit,
        "post_worker_init": settle_heap,
    }


def settle_heap(worker: Any = None) -> None:
    """In a worker with its app loaded: keep what exists now out of every garbage
    collection, and collect the young generation less often (see the module's
    docstring)."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, middle, old)


class ServerApplication(BaseApplication):  # type: ignore[misc]
    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key == "worker_class":  # gunicorn's, answering its own errors as problems
                value = worker_class_path(value)
            if value is not None:
                self.cfg.set(key, value)
        # several workers and no PROMETHEUS_MULTIPROC_DIR: one made for this run
        observability.share_between_workers(self.cfg)

    def load(self) -> Any:
        from service.app import create_app

        return create_app()


def serve(bind: str | None = None, workers: int | None = None) -> int:
    settings = from_env()
    ServerApplication(gunicorn_options(settings, bind=bind, workers=workers)).run()
    return 0
