"""`ttr serve`: the API under gunicorn, configured from the same `TTR_*` settings.

Every worker process runs gevent (gunicorn's `gevent` worker class), in both modes:
every request is a greenlet, and a request waiting on PostgreSQL, Redis, a long poll
or an SSE stream lets the others run. A held stream costs a greenlet and its socket,
not a thread of a small pool, so a process holds thousands of them
(`HttpSettings.held_max`, see `service.held`) while its other requests are answered.
Against threads (`gthread`) this also cuts what gunicorn and Flask cost per request by
about 40% (`bench/floor.py`) and drops the GIL contention between a worker's threads.
psycopg notices the monkey-patching and waits through gevent, provided it is first
imported after the patch, in the worker (nothing the master imports pulls it in;
`tests/integration/test_serve.py` checks both). One worker per core.

SQLite's calls would hold gevent's one native thread (and its busy waits with it), and
its per-thread connections would become one per greenlet: under gevent the SQLite
store's methods run on `TTR_SQLITE_THREADS` native threads instead
(`messaging.native_threads`), each with its own connection. The embedded mode (no Redis:
jobs in-process) keeps one process: its jobs and change notifications must see every
write. `TTR_WEB_WORKER_CLASS=gthread` still chooses threads (`TTR_WEB_THREADS` of them:
then each held stream holds one).

Slow clients: a request's headers must arrive within `TTR_HEADER_TIMEOUT` (gunicorn's
gevent worker applies its keep-alive time to reading each request's headers, the
first one included) and its body within `TTR_BODY_TIMEOUT` of the headers, at
`TTR_BODY_MIN_RATE` bytes a second or more on average once `TTR_BODY_GRACE` seconds
have passed (`read_body_in_time`, a gunicorn `pre_request` hook); past either the
connection is closed. Every connection is counted as it is accepted, per address and
in all (`service.doorman`, whose gevent worker class `ttr serve` runs): past
`TTR_CONNECTIONS_PER_ADDRESS`, or the worker's `worker_connections`, a newcomer is
answered 429 or 503 at once. When a worker is told to stop, its streams end at once
(`service.held`) so that their clients reconnect, with `Last-Event-ID`, to a worker
that goes on.

A worker's garbage collector is set once its app is loaded (`settle_heap`): what exists
then (modules, the app, the boards) is frozen out of every collection, a young
collection waits for 10,000 new objects rather than 700, and a middle one for 100 young
ones rather than 10. Under load the defaults ran one every few requests and a full one
every few seconds, each pausing every request of the worker for 50–100 ms while it
walked the cached game states; together ~2% of the worker's CPU. A middle collection
walks every object that has outlived a young one and is still alive (the cached states,
the held streams' waits), so it pauses the worker about as long whether it comes every
10 young collections or every 100 (what lives through it goes on to the old generation,
which only a full collection walks); the garbage it finds, cycles that outlived a young
collection, is little, and is better held ten times longer than paused for ten times
as often.
"""

from __future__ import annotations

import errno
import gc
import os
import resource
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gunicorn.app.base import BaseApplication
from werkzeug.exceptions import RequestTimeout

from service import observability, whole_answer
from service.config import HttpSettings, ServerSettings, from_env
from service.http_errors import worker_class_path

DEFAULT_BIND = "127.0.0.1:8000"
YOUNG_COLLECTION_EVERY = 10_000  # new objects (the interpreter's default: 700)
MIDDLE_COLLECTION_EVERY = 100  # young collections (the default: 10)
WORKER_CLASSES = ("gevent", "gthread")
# connections a worker accepts beyond its held ones, for every other request (as many
# as it may hold, when that is fewer)
HEADROOM = 1000
# a request body is read in steps of at most this much (see `BodyPace.step`)
BODY_STEP = 1 << 20


def gunicorn_options(settings: ServerSettings, *, bind: str | None = None,
                     workers: int | None = None) -> dict[str, Any]:
    """The gunicorn settings for `settings` (also what deploy/gunicorn.conf.py uses)."""
    cores = os.cpu_count() or 1
    worker_class = settings.http.web_worker_class or "gevent"
    if worker_class not in WORKER_CLASSES:
        raise ValueError(f"TTR_WEB_WORKER_CLASS must be one of {', '.join(WORKER_CLASSES)}")
    if workers is None:
        workers = settings.http.web_workers or cores
    if settings.app.embedded:
        workers = 1
    return {
        "bind": bind or settings.http.bind or DEFAULT_BIND,
        "workers": workers,
        "worker_class": worker_class,
        "threads": settings.http.web_threads or 32,
        "worker_connections": max(settings.http.web_connections, settings.http.held_max
                                  + min(settings.http.held_max, HEADROOM)),
        # a long poll holds a request up to TTR_LONG_POLL_MAX; SSE streams send
        # keep-alives, which the workers count as activity
        "timeout": settings.http.web_timeout or 120,
        "graceful_timeout": 30,
        # (the gevent worker's time for a request's headers, and for the next request)
        "keepalive": settings.http.header_timeout,
        "max_requests": settings.http.web_max_requests,
        "accesslog": settings.http.access_log or None,
        "errorlog": "-",
        "logger_class": "service.observability.gunicorn_log.JsonLog",
        "loglevel": settings.app.log_level.lower(),
        "forwarded_allow_ips": settings.http.forwarded_allow_ips,
        # metrics of several worker processes: a clean folder at start, a dead
        # worker's gauges removed
        "on_starting": observability.gunicorn_on_starting,
        "child_exit": observability.gunicorn_child_exit,
        # (the app is composed as the worker loads it, and what that logs must be JSON
        # already: the JSON handler is set before, not only by the app it builds)
        "post_fork": json_logs_before_the_app(settings.app.log_level),
        "post_worker_init": start_worker,
        "pre_request": read_body_in_time(BodyPace.of(settings.http)),
        # gunicorn ≥ 25.1 opens a control socket at $HOME/.gunicorn/gunicorn.ctl, one
        # path for every server of the user, and logs an error where home is read-only
        # (a container's): nothing here uses it
        "control_socket_disable": True,
    }


def json_logs_before_the_app(level: str) -> Any:
    """gunicorn's `post_fork`: the worker's log records become JSON lines before its
    app is loaded."""
    def configure(server: Any, worker: Any) -> None:
        observability.configure_logging(level)
    return configure


def start_worker(worker: Any = None) -> None:
    """gunicorn's `post_worker_init`: settle the heap, send each answer's head with its
    body (`service.whole_answer`), have gevent's hub log its errors as JSON, and end the
    worker's streams and analyses when it is told to stop."""
    settle_heap(worker)
    whole_answer.install()
    if worker is not None and _gevent_worker(worker):
        import gevent

        # (each connection's greenlet would keep who spawned it and that one's stack,
        # a debugging aid nothing here reads: objects every held stream keeps)
        gevent.config.track_greenlet_tree = False
        observability.log_hub_errors(gevent.get_hub())
    if worker is not None:
        threading.Thread(target=_stop_when_told, args=(worker,), daemon=True,
                         name="ttr-stop-watch").start()


def _stop_when_told(worker: Any) -> None:
    # (gunicorn's signal handlers only clear `alive`; no hook runs on SIGTERM)
    while worker.alive:
        time.sleep(0.25)
    from service.held import stop_holding
    from service.services import services

    stop_holding(worker.wsgi)
    # the analyses of finished games, which the worker's exit would otherwise wait out
    with worker.wsgi.app_context():
        services().worker.stop_analysing()


@dataclass(frozen=True, slots=True)
class BodyPace:
    """How fast a request's body must come: all of it within `timeout` seconds of its
    headers, and from `grace` seconds on at `min_rate` bytes a second or more on
    average since the headers (0: no minimum rate)."""
    timeout: float
    min_rate: int = 0
    grace: float = 0.0

    @classmethod
    def of(cls, http: HttpSettings) -> BodyPace:
        return cls(http.body_timeout, http.body_min_rate, http.body_grace)

    def step(self, received: int) -> int:
        """How much of a body to read next, `received` bytes of it read: a second's worth
        at the minimum rate, or a quarter of what came if that is more (a large body
        takes a few dozen steps, not one a kilobyte: each costs a timer). A body that
        stops is cut off when the next step is due: to hold its connection so long, a
        client must have sent four fifths of what the minimum rate asks."""
        if self.min_rate <= 0:
            return BODY_STEP
        return min(BODY_STEP, max(self.min_rate, received // 4))

    def rule(self) -> str:
        """The pace in words, for a client cut off."""
        rate = (f", at {self.min_rate} bytes a second or more after {self.grace:g} s"
                if self.min_rate > 0 else "")
        return f"a body must come within {self.timeout:g} s of the headers{rate}"

    def due(self, start: float, received: int) -> float:
        """When the first `received` bytes of a body whose headers came at `start` must
        all have come."""
        due = start + self.timeout
        if self.min_rate > 0:
            due = min(due, start + self.grace + received / self.min_rate)
        return due


def read_body_in_time(pace: BodyPace) -> Any:
    """A `pre_request` hook holding the request's body to `pace` (gevent workers: the
    thread of a gthread worker cannot be interrupted)."""

    def pre_request(worker: Any, req: Any) -> None:
        if req.body is not None and _gevent_worker(worker):
            req.body = BodyInTime(req.body, pace, time.monotonic(), req.force_close)
    return pre_request


def _gevent_worker(worker: Any) -> bool:
    # gunicorn's gevent worker or a class made from it (ours keeps the door and answers
    # its own errors as problems: `service.doorman`)
    return any(cls.__module__.endswith("ggevent") for cls in type(worker).__mro__)


class BodyInTime:
    """gunicorn's request body, cut off when it comes slower than its pace: then every
    read fails (see `BodyTooSlow`), and the connection is closed. It is read in steps
    (`BodyPace.step`), each due when the pace says the body should have come that far:
    a body that keeps up is never cut off, one that trickles is cut off a step after
    falling behind."""

    def __init__(self, body: Any, pace: BodyPace, start: float,
                 close: Callable[[], None]) -> None:
        self._body = body
        self._pace = pace
        self._start = start
        self._received = 0
        self._late = False
        # (the answer then says `Connection: close`: what is left of the body is unread)
        self._close = close

    def _fall_behind(self) -> BodyTooSlow:
        self._late = True
        self._close()
        return BodyTooSlow(self._pace.rule())

    def _step(self, read: Any, size: int) -> bytes:
        import gevent

        left = self._pace.due(self._start, self._received + size) - time.monotonic()
        if self._late or left <= 0:
            raise self._fall_behind()
        try:
            with gevent.Timeout(left, _Late):
                data: bytes = read(size)
        except _Late:
            raise self._fall_behind() from None
        self._received += len(data)
        return data

    def _gather(self, read: Any, size: int | None, *, line: bool) -> bytes:
        wanted = sys.maxsize if size is None or size < 0 else size
        parts: list[bytes] = []
        while wanted > 0:
            step = min(self._pace.step(self._received), wanted)
            part = self._step(read, step)
            parts.append(part)
            wanted -= len(part)
            # (a short step is the body's end, or, reading a line, the line's)
            if len(part) < step or (line and part.endswith(b"\n")):
                break
        return b"".join(parts)

    def read(self, size: int | None = None) -> bytes:
        return self._gather(self._body.read, size, line=False)

    def readline(self, size: int | None = None) -> bytes:
        return self._gather(self._body.readline, size, line=True)

    def readlines(self, size: int | None = None) -> list[bytes]:
        lines: list[bytes] = []
        total = 0
        while line := self.readline():
            lines.append(line)
            total += len(line)
            if size is not None and 0 < size <= total:
                break
        return lines

    def __iter__(self) -> Any:
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line


class _Late(Exception):
    """gevent's timeout of a body read."""


class BodyTooSlow(ConnectionResetError, RequestTimeout):
    """The body did not arrive in time: to the app, a 408 (answered as a problem); to
    gunicorn, reading what is left of the body, a connection reset (closed quietly)."""

    def __init__(self, rule: str) -> None:
        detail = f"The request's body came too slowly ({rule}); nothing changed."
        ConnectionResetError.__init__(self, errno.ECONNRESET, detail)
        RequestTimeout.__init__(self, detail)


def raise_open_files_limit() -> None:
    """Let the process hold as many sockets as the system allows it (each held stream
    is one): the soft limit of open files up to the hard one."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY
                                                        else max(soft, 65536), hard))
        except (ValueError, OSError):
            pass


def settle_heap(worker: Any = None) -> None:
    """In a worker with its app loaded: keep what exists now out of every garbage
    collection, and collect the young and middle generations less often (see the
    module's docstring)."""
    gc.collect()
    gc.freeze()
    _, _, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, MIDDLE_COLLECTION_EVERY, old)


class ServerApplication(BaseApplication):  # type: ignore[misc]
    """gunicorn running the app that `app()` builds (in each worker, after the fork)."""

    def __init__(self, options: dict[str, Any], app: Callable[[], Any]) -> None:
        self.options = options
        self.app = app
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key not in self.cfg.settings:  # (a gunicorn too old to have it)
                continue
            if key == "worker_class":  # gunicorn's, answering its own errors as problems
                value = worker_class_path(value)
            if value is not None:
                self.cfg.set(key, value)
        # several workers and no PROMETHEUS_MULTIPROC_DIR: one made for this run
        observability.share_between_workers(self.cfg)

    def load(self) -> Any:
        return self.app()


def serve(bind: str | None = None, workers: int | None = None, *,
          app: Callable[[], Any]) -> int:
    """Serve the app `app()` builds (the composition root's, `bootstrap.web`) under
    gunicorn with the environment's settings."""
    settings = from_env()
    raise_open_files_limit()
    ServerApplication(gunicorn_options(settings, bind=bind, workers=workers), app).run()
    return 0
