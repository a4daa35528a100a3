"""Webhook deliveries through RQ, with real `ttr worker` processes, PostgreSQL and Redis:
a change fans out to one job, a refused delivery is retried through RQ's scheduler
with the same delivery id, and a retry whose job Redis lost is sent by the sweep.

Isolation as in `tests/integration/test_worker_rq.py`: a queue of its own per test, random game
ids, the test's keys deleted at the end. The worker processes load `fast_context`
(`TTR_WORKER_CONTEXT`): two-second retry delays instead of 10 s, 30 s, 2 min, ….
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bootstrap import bootstrap
from events import SqlStore
from events.webhooks import DELIVERED, PENDING
from referee.effects import follow_up
from referee.jobs import WEBHOOK_FAN_OUT
from referee.settings import ENV, Settings
from tests.integration.test_worker_rq import game_id
from tests.webhook_receiver import SECRET, Receiver, always, failing_first
from tests.worker_processes import Workers, wait_for
from tests.worker_support import new_game
from worker import webhook_delivery
from worker.context import WorkerContext
from worker.rq_jobs import RqJobs

# RQ keeps a scheduled job's time in whole seconds (its registry's score drops the
# fraction), so a retry due 1 s after an attempt can run at once; 2 s leaves at least one
DELAY = 2.0


def fast_context(settings: Settings) -> WorkerContext:
    """A worker's context with two-second retries (private addresses allowed by the
    environment, as an operator would: TTR_WEBHOOK_ALLOW_PRIVATE=true)."""
    ctx = bootstrap(settings)
    assert ctx.webhooks.allow_private
    ctx.webhooks.retry_delays = (DELAY, DELAY)
    ctx.webhooks.timeout = 2.0
    return ctx


@pytest.fixture
def workers(tmp_path: Path, pg_schema_url: str, redis_url: str, queue: str
            ) -> Iterator[Workers]:
    w = Workers(tmp_path, pg_schema_url, redis_url, queue)
    w.env["TTR_WORKER_CONTEXT"] = "tests.integration.test_webhooks_rq:fast_context"
    w.env[ENV["webhook_allow_private"]] = "true"
    yield w
    w.stop_all()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver(script=failing_first("500"))
    yield r
    r.close()


def test_a_refused_delivery_is_retried_by_the_worker_with_the_same_id(
        rq_context: WorkerContext, pg_store: SqlStore, workers: Workers,
        receiver: Receiver) -> None:
    gid = game_id()
    pg_store.put_webhook("u1", receiver.url, SECRET)
    outcome = new_game(rq_context.log, gid)  # the last seat starts the game
    follow_up(rq_context, outcome)
    follow_up(rq_context, outcome)  # asked twice: one fan-out job
    assert isinstance(rq_context.jobs, RqJobs)
    assert rq_context.jobs.queue.job_ids == []  # the game queue: nothing to score yet
    assert rq_context.jobs.webhook_queue.job_ids == [
        WEBHOOK_FAN_OUT.job_id(gid, outcome.last_version, [])]
    workers.start("--sweep-every", "0")
    # u1's two deliveries (game_started, your_turn): each refused once, then accepted
    got = receiver.wait_for(lambda r: sum(x.answered == "200" for x in r) == 2, timeout=30,
                            what="the retried deliveries")
    assert sorted(r.kind for r in got) == ["game_started", "game_started", "your_turn",
                                           "your_turn"]
    assert all(r.valid for r in got)
    for delivery_id in {r.delivery for r in got}:
        first, second = [r for r in got if r.delivery == delivery_id]
        assert (first.answered, second.answered) == ("500", "200")
        assert first.raw == second.raw
        # through the scheduler, not at once: due at least a second after the attempt's
        # start (RQ's whole seconds, above), and the first request can reach the
        # receiver a moment after that start, so half a second tells the two apart
        assert second.arrived - first.arrived >= DELAY / 4
    wait_for(lambda: all(d.status == DELIVERED for d in pg_store.deliveries_of("u1")), 10,
             "the deliveries to be recorded", workers)
    shown = pg_store.deliveries_of("u1")
    assert [[a.status_code for a in d.attempt_log] for d in shown] == [[500, 200]] * 2


def test_a_retry_lost_with_redis_is_sent_by_the_sweep(
        rq_context: WorkerContext, pg_store: SqlStore, workers: Workers,
        receiver: Receiver) -> None:
    pg_store.put_webhook("u1", receiver.url, SECRET)
    rq_context.webhooks.allow_private = True
    pinged = webhook_delivery.ping(rq_context, "u1")
    assert pinged is not None
    workers.run_burst()  # the first attempt: refused; the retry is scheduled …
    after_first = pg_store.delivery(pinged.delivery_id)
    assert after_first is not None and after_first.status == PENDING
    assert after_first.attempts == 1
    assert isinstance(rq_context.jobs, RqJobs)
    registry = rq_context.jobs.webhook_queue.scheduled_job_registry
    [lost] = registry.get_job_ids()
    rq_context.jobs.webhook_queue.connection.delete(f"rq:job:{lost}")  # … and Redis loses it
    registry.remove(lost)
    assert after_first.next_attempt_at is not None
    time.sleep(max(0.0, after_first.next_attempt_at.timestamp() - time.time()) + 0.1)
    workers.run_burst()  # its sweep at start finds the delivery due with no job
    found = pg_store.delivery(pinged.delivery_id)
    assert found is not None and found.status == DELIVERED and found.attempts == 2
    assert [r.answered for r in receiver.received] == ["500", "200"]


def test_webhook_jobs_wait_in_their_own_queue_for_workers_that_take_them(
        rq_context: WorkerContext, pg_store: SqlStore, workers: Workers,
        receiver: Receiver) -> None:
    receiver.script = always("200")
    pg_store.put_webhook("u1", receiver.url, SECRET)
    rq_context.webhooks.allow_private = True
    pinged = webhook_delivery.ping(rq_context, "u1")
    assert pinged is not None
    workers.run_burst("--jobs", "games")  # a games-only worker leaves it waiting
    found = pg_store.delivery(pinged.delivery_id)
    assert found is not None and found.attempts == 0 and receiver.received == []
    workers.run_burst("--jobs", "webhooks")
    found = pg_store.delivery(pinged.delivery_id)
    assert found is not None and found.status == DELIVERED
    assert [r.kind for r in receiver.received] == ["ping"]
