"""Metrics and structured logs: `install(app)` adds `/metrics` (Prometheus) and one
JSON log line per request to the Flask app.

Metrics, all named `ttr_…`:

    ttr_http_request_duration_seconds{route,method,status}  histogram (`access`)
    ttr_actions_total{command}          commands that changed a game (`action_done`)
    ttr_rule_violations_total{code}     commands the rules refused (`rule_violation`)
    ttr_vouched_decisions_total{result} commands decided on a cached state
                                        (`vouched_decision`)
    ttr_notifications_heard_total       change notifications this process heard from
                                        Redis on the channels it follows
                                        (`notification_heard`)
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

`/metrics` has no authentication and no rate limit (`service.middleware.UNLIMITED`): the
operator keeps it inside the cluster (scrape the pods directly; do not route
`/metrics` through the public ingress).

The parts, one job each:

    instruments  the metric objects and the recording functions the code calls
    gauges       the queue depth and webhook deliveries, read at each scrape
    access       `install`: `/metrics`, request timing and the access log line
    logs         JSON log lines (`configure_logging`), gevent's hub's errors among them
    gunicorn_log gunicorn's own lines as JSON (its `logger_class`)
    processes    several processes: `ttr worker`'s `/metrics` and probes, the
                 directory `ttr serve` shares between its workers, the gunicorn hooks
"""

from service.observability.access import QUIET_PATHS, UNMATCHED, install
from service.observability.gauges import (
    QUEUE_NAME,
    DeliveriesCollector,
    QueueDepthCollector,
    RqQueueLength,
    queue_depth_source,
)
from service.observability.instruments import (
    MULTIPROC_ENV,
    OTHER,
    REFEREE_OBSERVER,
    Metrics,
    action_done,
    enable,
    job_listeners,
    metrics,
    notification_heard,
    rule_violation,
    scoring_finished,
    vouched_decision,
    webhook_failed,
)
from service.observability.logs import configure_logging, log_hub_errors, request_fields
from service.observability.processes import (
    WORKER_PROBES,
    gunicorn_child_exit,
    gunicorn_on_starting,
    serve_worker_metrics,
    share_between_workers,
)

__all__ = [
    "MULTIPROC_ENV", "OTHER", "QUEUE_NAME", "QUIET_PATHS", "UNMATCHED",
    "DeliveriesCollector", "Metrics",
    "QueueDepthCollector", "REFEREE_OBSERVER", "RqQueueLength", "action_done",
    "configure_logging", "enable", "gunicorn_child_exit", "gunicorn_on_starting",
    "install", "job_listeners", "log_hub_errors", "metrics", "notification_heard",
    "queue_depth_source", "request_fields",
    "rule_violation", "scoring_finished", "serve_worker_metrics", "share_between_workers",
    "vouched_decision",
    "webhook_failed", "WORKER_PROBES",
]
