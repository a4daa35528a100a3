"""The process's metric objects and the functions the rest of the code records with.

Nothing exists until `enable` (called by `install` or `serve_worker_metrics`): before
that the recording functions return at once and prometheus_client is not even
imported, so the CLI, the tests and a worker that serves no metrics pay nothing and
leave no files behind. Unknown command types and rule codes count as `other`, so a
client cannot make new series.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from service.observability.gauges import DeliveriesCollector, QueueDepthCollector
from worker.reports import Listeners

OTHER = "other"
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
# seconds; long polls may hold a request up to TTR_LONG_POLL_MAX (60 s by default)
REQUEST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                   10.0, 30.0, 60.0)
SCORING_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                   10.0)
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
        self.heard = Counter(
            "ttr_notifications_heard",
            "Change notifications this process heard from Redis (messages on the channels "
            "it follows: what grows with the streams it holds, not the service's actions).",
            registry=self.registry)
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


def notification_heard() -> None:
    """A message came on one of the channels this process follows."""
    m = _metrics
    if m is not None:
        m.heard.inc()


class _RefereeMetrics:
    """The referee's observer (`referee.ports.Observer`): its reports, as metrics."""

    def vouched_decision(self, applied: bool) -> None:
        vouched_decision(applied)

    def action_done(self, kind: str) -> None:
        action_done(kind)


REFEREE_OBSERVER = _RefereeMetrics()


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
