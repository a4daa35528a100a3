"""The Flask side: `install(app)` adds `/metrics`, times every request into
`ttr_http_request_duration_seconds` and writes one access log line per request.

The route label is the URL rule (`/v1/games/<game_id>/actions`), never the raw path, so
the number of series stays bounded; `<unmatched>` for a path with no route. A stream
(SSE) counts the time until it starts, not how long it stays open. The access line
(logger `service.access`) adds `route`, `status` and `duration_ms` to the request's
fields; probes and scrapes log at DEBUG, everything else at INFO.
"""

from __future__ import annotations

import logging
import os
import time

from flask import Flask, Response, g, request

from service.observability import gauges, instruments
from service.observability.logs import configure_logging, request_fields

access_log = logging.getLogger("service.access")

UNMATCHED = "<unmatched>"
# requests that log at DEBUG: the probes and the scrapes come every few seconds
QUIET_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})


def install(app: Flask, *, logs: bool = True) -> None:
    """`/metrics`, request metrics and the JSON request log on `app` (once per app)."""
    if app.extensions.get("ttr-observability"):
        return
    m = instruments.enable()
    app.extensions["ttr-observability"] = m
    services = app.extensions.get("ttr")
    settings = getattr(services, "settings", None)
    redis_url = (settings.redis_url if settings is not None
                 else os.environ.get("TTR_REDIS_URL") or None)
    gauges.use_default_depths(gauges.app_depths(redis_url, getattr(services, "jobs", None)))
    store = getattr(services, "store", None)
    if store is not None:
        gauges.count_deliveries_in(store)
    app.add_url_rule("/metrics", "metrics", _metrics_view, methods=["GET"])
    app.before_request(_started)
    app.after_request(_finished)
    if logs:
        configure_logging()


def _metrics_view() -> Response:
    from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

    m = instruments.enable()
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
    m = instruments.metrics()
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
