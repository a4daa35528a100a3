"""The gauges read when `/metrics` is scraped rather than counted as things happen:
`ttr_queue_depth{queue}` (jobs waiting) and `ttr_webhook_deliveries{status}`.

Both ask an outside system (Redis, the database) at each scrape, and a scrape must not
fail because that system is away: a source that raises is logged and left out.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any

from events.webhooks import STATUSES as DELIVERY_STATUSES
from worker.queue import queue_names

log = logging.getLogger("service.observability")

QUEUE_NAME = "ttr"

# -- queue depth ---------------------------------------------------------------------------

DepthSource = Callable[[], "int | None"]
Depths = list[tuple[str, DepthSource]]
# (queue name, source) pairs: those registered by the code, else those `install` chose
_depth_sources: dict[str, Depths | None] = {"registered": None, "default": None}


def queue_depth_source(source: DepthSource | None, queue: str = QUEUE_NAME) -> None:
    """Report `source()` as `ttr_queue_depth{queue=…}` (None: back to the default that
    `install` chose). `source` runs at each scrape; it may return None when it cannot
    tell."""
    _depth_sources["registered"] = None if source is None else [(queue, source)]


def use_default_depths(depths: Depths | None) -> None:
    """The queues reported when the code registered no source of its own."""
    _depth_sources["default"] = depths


def rq_depths(redis_url: str, queue: str) -> Depths:
    """RQ's game queue, its webhook queue and its analysis queue."""
    return [(name, RqQueueLength(redis_url, name)) for name in queue_names(queue).values()]


def app_depths(redis_url: str | None, jobs: Any, queue: str = QUEUE_NAME) -> Depths | None:
    """RQ's queues (the app's jobs' `queue_name`, else the settings' queue, and its
    webhook queue) when there is Redis; else the in-process runner if it counts
    (`pending()` or `len()`)."""
    queue = getattr(jobs, "queue_name", None) or queue
    if redis_url:
        return rq_depths(redis_url, queue)
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


# -- webhook deliveries --------------------------------------------------------------------

DeliveryCounts = Callable[[], "dict[str, int]"]
_delivery_counts: dict[str, DeliveryCounts | None] = {"source": None}


def count_deliveries_in(store: Any) -> None:
    """Read `ttr_webhook_deliveries` from `store` at each scrape."""
    _delivery_counts["source"] = lambda: store.count_deliveries()


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
