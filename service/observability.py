"""Metrics and structured logs: `install(app)` adds `/metrics` (Prometheus) and one
JSON log line per request to the Flask app.

Metrics, all named `ttr_…`:

    ttr_http_request_duration_seconds{route,method,status}  histogram
        route is the URL rule (`/v1/games/<game_id>/actions`), never the raw path, so
        the number of series stays bounded; `<unmatched>` for a path with no route.
        A stream (SSE) counts the time until it starts, not how long it stays open.
    ttr_actions_total{command}          commands that changed a game (`action_done`)
    ttr_rule_violations_total{code}     commands the rules refused (`rule_violation`)
    ttr_queue_depth{queue}              jobs waiting, read when scraped
                                        (`queue_depth_source`; by default RQ's queues,
                                        `ttr` unless TTR_QUEUE names another, and
                                        `ttr-webhooks`)
    ttr_scoring_duration_seconds        end-game scoring (`scoring_finished`)
    ttr_webhook_failures_total          webhook delivery attempts that failed
                                        (`webhook_failed`)
    ttr_webhook_deliveries{status}      webhook deliveries by status (pending, delivered,
                                        failed), read from the database when scraped

The jobs report through `worker.reports`: the API process (whose in-process jobs
score and deliver in the embedded mode) listens with `job_listeners()`, and so does
`ttr worker` when `TTR_WORKER_METRICS_PORT` is set: it then serves its own `/metrics`
on that port (`serve_worker_metrics`) — scoring durations and webhook failures happen
in the workers, not in the API.

Under gunicorn every worker process counts on its own. With `PROMETHEUS_MULTIPROC_DIR`
set (the image sets it) prometheus_client keeps each process's values in a file of
that directory and `/metrics` sums them, whichever worker answers the scrape; without
it the values live in the process (one process: `ttr serve` in the embedded mode, the
tests). The directory must start empty: `gunicorn_on_starting` empties it, and the
deployments give it a fresh tmpfs / emptyDir.

The recording functions cost a dictionary look-up and an increment, and do nothing
until `install` (or `enable`) ran in the process: the CLI, the tests and a worker
that does not serve metrics pay nothing and leave no files behind. Unknown command
types and rule codes count as `other`, so a client cannot make new series.

`/metrics` has no authentication and no rate limit (`service.app.UNLIMITED`): the
operator keeps it inside the cluster (scrape the pods directly; do not route
`/metrics` through the public ingress).

Logs: `configure_logging()` (called by `install`) writes every record of the process
as one JSON object per line on stderr: `time`, `level`, `logger`, `message`, and
inside a request `request_id` (the one the app puts in `flask.g.request_id` and the
`X-Request-Id` header), `method`, `path`, `user_id` and `game_id` when known. The
request line (logger `service.access`) adds `route`, `status` and `duration_ms`;
probes and scrapes log at DEBUG, everything else at INFO. `TTR_LOG_LEVEL` (default
`info`) sets the level of our loggers (`service`, `events`, `worker`, `domain`).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import Flask, Response, g, has_request_context, request

from events.webhooks import STATUSES as DELIVERY_STATUSES
from worker import reports
from worker.queue import webhook_queue_name
from worker.reports import Listeners

log = logging.getLogger("service.observability")
access_log = logging.getLogger("service.access")

QUEUE_NAME = "ttr"
UNMATCHED = "<unmatched>"
OTHER = "other"
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
# seconds; long polls may hold a request up to TTR_LONG_POLL_MAX (60 s by default)
REQUEST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                   10.0, 30.0, 60.0)
SCORING_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                   10.0)
# requests that log at DEBUG: the probes and the scrapes come every few seconds
QUIET_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})
OUR_LOGGERS = ("service", "events", "worker", "domain")
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def _known_commands() -> frozenset[str]:
    from domain.commands import COMMAND_TYPES

    return frozenset(COMMAND_TYPES) | {"time_out"}


def _known_codes() -> frozenset[str]:
    from domain.violations import CODES

    return frozenset(CODES)


class Metrics:
    """The process's metric objects (created once, by `enable`)."""

    def __init__(self) -> None:
        from prometheus_client import CollectorRegistry, Counter, Histogram, values

        self.multiprocess = bool(getattr(values.ValueClass, "_multiprocess", False))
        if self.multiprocess:
            # prometheus_client chose its mode when imported; the directory must exist
            # before the first value is written
            Path(os.environ[MULTIPROC_ENV]).mkdir(parents=True, exist_ok=True)
        # our own registry: tests may build many apps in one process, and nothing else
        # in the process registers into it
        self.registry = CollectorRegistry()
        self.requests = Histogram(
            "ttr_http_request_duration_seconds",
            "HTTP requests by route template, method and status, and how long they took.",
            ["route", "method", "status"], buckets=REQUEST_BUCKETS, registry=self.registry)
        self.actions = Counter("ttr_actions", "Commands that changed a game, by type.",
                               ["command"], registry=self.registry)
        self.violations = Counter("ttr_rule_violations",
                                  "Commands the rules refused, by rule code.", ["code"],
                                  registry=self.registry)
        self.scoring = Histogram("ttr_scoring_duration_seconds",
                                 "Time to score an ended game.", buckets=SCORING_BUCKETS,
                                 registry=self.registry)
        self.vouched = Counter(
            "ttr_vouched_decisions",
            "Commands decided on a cached state without reading the log first: `applied`, "
            "or `judged_again` on the log's state (the cached one was out of date, or "
            "refused the command).", ["result"], registry=self.registry)
        self._vouched = {result: self.vouched.labels(result)
                         for result in ("applied", "judged_again")}
        self.webhook_failures = Counter("ttr_webhook_failures",
                                        "Webhook deliveries that failed.",
                                        registry=self.registry)
        self.registry.register(QueueDepthCollector())
        self.registry.register(DeliveriesCollector())
        # every known label's child made up front: a look-up then costs one dict get,
        # and the series exist (at 0) before the first event
        self._actions = {name: self.actions.labels(name) for name in _known_commands()}
        self._action_other = self.actions.labels(OTHER)
        self._violations = {code: self.violations.labels(code) for code in _known_codes()}
        self._violation_other = self.violations.labels(OTHER)
        self._request_children: dict[tuple[str, str, int], Any] = {}

    def request_done(self, route: str, method: str, status: int, seconds: float) -> None:
        if method not in METHODS:
            method = OTHER  # any token is a method to werkzeug: keep the series bounded
        key = (route, method, status)
        child = self._request_children.get(key)
        if child is None:
            child = self._request_children.setdefault(
                key, self.requests.labels(route, method, str(status)))
        child.observe(seconds)

    def action_done(self, command_type: str) -> None:
        self._actions.get(command_type, self._action_other).inc()

    def rule_violation(self, code: str) -> None:
        self._violations.get(code, self._violation_other).inc()

    def vouched_decision(self, applied: bool) -> None:
        self._vouched["applied" if applied else "judged_again"].inc()

    def scrape_registry(self) -> Any:
        """The registry a scrape reads: this process's, or every process's files."""
        if not self.multiprocess:
            return self.registry
        from prometheus_client import CollectorRegistry, multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        # the queue and the database are one for all processes: read them once, here
        registry.register(QueueDepthCollector())
        registry.register(DeliveriesCollector())
        return registry


_metrics: Metrics | None = None
_enable_lock = threading.Lock()


def enable() -> Metrics:
    """Create the metrics of this process (once); the recording functions count from now."""
    global _metrics
    with _enable_lock:
        if _metrics is None:
            _metrics = Metrics()
        return _metrics


def metrics() -> Metrics | None:
    """The metrics of this process, None before `enable`."""
    return _metrics


# -- what the rest of the code calls: cheap, and nothing before install/enable ---------

def action_done(command_type: str) -> None:
    """A command of this type (`claim_route`, …) changed a game."""
    m = _metrics
    if m is not None:
        m.action_done(command_type)


def vouched_decision(applied: bool) -> None:
    """A command was decided on a vouched-for cached state; was that decision applied?"""
    m = _metrics
    if m is not None:
        m.vouched_decision(applied)


def rule_violation(code: str) -> None:
    """The rules refused a command with this code (`domain.violations.CODES`)."""
    m = _metrics
    if m is not None:
        m.rule_violation(code)


def scoring_finished(seconds: float) -> None:
    """A game was scored in `seconds`."""
    m = _metrics
    if m is not None:
        m.scoring.observe(seconds)


def webhook_failed() -> None:
    """A webhook delivery failed (each failed attempt counts)."""
    m = _metrics
    if m is not None:
        m.webhook_failures.inc()


def job_listeners() -> Listeners:
    """Where the jobs of a process that serves these metrics report (`worker.reports`)."""
    return Listeners(game_scored=scoring_finished, webhook_failed=webhook_failed)


# -- queue depth, read at scrape time ---------------------------------------------------

DepthSource = Callable[[], "int | None"]
Depths = list[tuple[str, DepthSource]]
# (queue name, source) pairs: those registered by the code, else those `install` chose
_depth_sources: dict[str, Depths | None] = {"registered": None, "default": None}


def queue_depth_source(source: DepthSource | None, queue: str = QUEUE_NAME) -> None:
    """Report `source()` as `ttr_queue_depth{queue=…}` (None: back to the default that
    `install` chose). `source` runs at each scrape; it may return None when it cannot
    tell."""
    _depth_sources["registered"] = None if source is None else [(queue, source)]


def _rq_depths(redis_url: str, queue: str) -> Depths:
    """RQ's game queue and its webhook queue."""
    return [(name, RqQueueLength(redis_url, name))
            for name in (queue, webhook_queue_name(queue))]


def _default_depth_source(redis_url: str | None, jobs: Any) -> Depths | None:
    """RQ's queues (the app's jobs' `queue_name`, else `TTR_QUEUE`, else `ttr`, and its
    webhook queue) when there is Redis; else the in-process runner if it counts
    (`pending()` or `len()`)."""
    queue = getattr(jobs, "queue_name", None) or os.environ.get("TTR_QUEUE") or QUEUE_NAME
    if redis_url:
        return _rq_depths(redis_url, queue)
    pending = getattr(jobs, "pending", None)
    if callable(pending):
        return [(queue, lambda: int(pending()))]
    if jobs is not None and hasattr(jobs, "__len__"):
        return [(queue, lambda: len(jobs))]
    return None


class RqQueueLength:
    """The length of RQ's `ttr` queue, with a connection made on first use."""

    def __init__(self, redis_url: str, queue: str = QUEUE_NAME) -> None:
        self.redis_url = redis_url
        self.queue_name = queue
        self._queue: Any = None

    def __call__(self) -> int:
        if self._queue is None:
            import redis
            from rq import Queue

            connection = redis.Redis.from_url(self.redis_url, socket_timeout=1,
                                              socket_connect_timeout=1)
            self._queue = Queue(self.queue_name, connection=connection)
        return int(self._queue.count)


class QueueDepthCollector:
    """`ttr_queue_depth`, asked of the current source at each scrape."""

    def describe(self) -> list[Any]:
        return []  # nothing to ask at registration: the source may need Redis

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import GaugeMetricFamily

        chosen = _depth_sources["registered"] or _depth_sources["default"] or []
        family = GaugeMetricFamily("ttr_queue_depth", "Jobs waiting in the job queue.",
                                   labels=["queue"])
        for queue, source in chosen:
            try:
                depth = source()
            except Exception as error:  # a scrape must not fail because Redis is away
                log.warning("queue depth unavailable: %s: %s", type(error).__name__,
                            error)
                continue
            if depth is not None:
                family.add_metric([queue], float(depth))
        if family.samples:
            yield family


# -- webhook deliveries, read at scrape time ---------------------------------------------

DeliveryCounts = Callable[[], "dict[str, int]"]
_delivery_counts: dict[str, DeliveryCounts | None] = {"source": None}


class DeliveriesCollector:
    """`ttr_webhook_deliveries{status}`: how many deliveries are pending, delivered
    and failed, counted by the database at each scrape (`install` names the store)."""

    def describe(self) -> list[Any]:
        return []

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import GaugeMetricFamily

        source = _delivery_counts["source"]
        if source is None:
            return
        try:
            counts = source()
        except Exception as error:  # a scrape must not fail because the database is away
            log.warning("webhook deliveries unavailable: %s: %s", type(error).__name__,
                        error)
            return
        family = GaugeMetricFamily("ttr_webhook_deliveries",
                                   "Webhook deliveries by status.", labels=["status"])
        for status in sorted(set(counts) | set(DELIVERY_STATUSES)):
            family.add_metric([status], float(counts.get(status, 0)))
        yield family


# -- the Flask app -------------------------------------------------------------------------

def install(app: Flask, *, logs: bool = True) -> None:
    """`/metrics`, request metrics and the JSON request log on `app` (once per app)."""
    if app.extensions.get("ttr-observability"):
        return
    m = enable()
    app.extensions["ttr-observability"] = m
    services = app.extensions.get("ttr")
    settings = getattr(services, "settings", None)
    redis_url = (settings.redis_url if settings is not None
                 else os.environ.get("TTR_REDIS_URL") or None)
    _depth_sources["default"] = _default_depth_source(redis_url,
                                                      getattr(services, "jobs", None))
    store = getattr(services, "store", None)
    if store is not None:
        _delivery_counts["source"] = lambda: store.count_deliveries()
    app.add_url_rule("/metrics", "metrics", _metrics_view, methods=["GET"])
    app.before_request(_started)
    app.after_request(_finished)
    if logs:
        configure_logging()


def _metrics_view() -> Response:
    from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

    m = enable()
    return Response(generate_latest(m.scrape_registry()), content_type=CONTENT_TYPE_LATEST,
                    headers={"Cache-Control": "no-store"})


def _started() -> None:
    g.observed_from = time.perf_counter()


def _finished(response: Response) -> Response:
    now = time.perf_counter()
    # the app's own before-request hook sets g.started first thing; ours may not run
    # when that hook answers (a rate limit)
    started = g.get("started") or g.get("observed_from") or now
    seconds = now - started
    rule = request.url_rule
    route = rule.rule if rule is not None else UNMATCHED
    m = _metrics
    if m is not None:
        m.request_done(route, request.method, response.status_code, seconds)
    level = logging.DEBUG if request.path in QUIET_PATHS else logging.INFO
    if access_log.isEnabledFor(level):
        fields = request_fields()
        fields.update(route=route, status=response.status_code,
                      duration_ms=round(seconds * 1000, 3))
        access_log.log(level, "%s %s %s", request.method, request.path,
                       response.status_code, extra={"ttr": fields})
    return response


def request_fields() -> dict[str, Any]:
    """What a log line inside a request says about it."""
    fields: dict[str, Any] = {"request_id": g.get("request_id") or None,
                              "method": request.method, "path": request.path}
    user = g.get("user")
    if user is not None:
        fields["user_id"] = getattr(user, "user_id", None)
    game_id = (request.view_args or {}).get("game_id")
    if game_id is not None:
        fields["game_id"] = game_id
    return fields


# -- JSON logs -----------------------------------------------------------------------------

class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        fields = getattr(record, "ttr", None)
        if isinstance(fields, dict):
            entry.update(fields)
        elif has_request_context():
            entry.update(request_fields())
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


class StderrHandler(logging.Handler):
    """Writes each record on a line of whatever `sys.stderr` is then (tests swap it)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record)
            stream = sys.stderr
            stream.write(line + "\n")
            stream.flush()
        except Exception:
            self.handleError(record)


_handler: logging.Handler | None = None


def configure_logging(level: str | None = None) -> logging.Handler:
    """Send every log record of the process to stderr as JSON (once); set our loggers'
    level from `level` or `TTR_LOG_LEVEL` (default info)."""
    global _handler
    name = (level or os.environ.get("TTR_LOG_LEVEL") or "info").upper()
    number = logging.getLevelName(name)
    if not isinstance(number, int):
        number = logging.INFO
    for logger in OUR_LOGGERS:
        logging.getLogger(logger).setLevel(number)
    with _enable_lock:
        if _handler is None:
            _handler = StderrHandler()
            _handler.setFormatter(JsonFormatter())
            logging.getLogger().addHandler(_handler)
        return _handler


# -- `ttr worker` -----------------------------------------------------------------------

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
    _depth_sources["default"] = _rq_depths(redis_url, queue) if redis_url else None
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
