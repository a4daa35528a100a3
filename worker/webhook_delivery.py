"""Delivering webhooks: the fan-out and delivery jobs, the sweep, the signed message.

**Delivering.** `deliver_webhook(delivery_id)` claims the delivery, POSTs its body to
the user's URL with a short timeout (5 s) through the sender port
(`WebhookConfig.sender`, see `worker.webhook_sender`) and records the attempt: a 2xx
answer is `delivered`; anything else (another status, a timeout, a refused
connection) is retried after `RETRY_DELAYS` (10 s, 30 s, 2 min, 10 min, 30 min, 1 h,
2 h, 4 h, 8 h, 8 h, 8 h: twelve attempts, the last 31.7 h after the first), then
`failed`. Each failed attempt is reported (`worker.reports.webhook_failed`: the
API's and the worker's `ttr_webhook_failures_total`). Deliveries whose job was lost
(Redis lost its data, the embedded server restarted) are found again by the sweep
(`sweep_deliveries`). Delivery times (attempts, retries, the signed timestamp) run
on the wall clock (`WebhookConfig.clock`), even where a test injects a game clock:
they concern a real receiver on a real network.

**What a receiver gets.** ``POST`` with ``Content-Type: application/json`` and the
body ``{"id", "kind", "game_id", "version", "created_at", "data"}`` (`id` is the
delivery's id, `created_at` when the event happened), and the headers

- ``X-TTR-Event``: the kind;
- ``X-TTR-Delivery``: the delivery's id, the same on every retry (drop duplicates);
- ``X-TTR-Timestamp``: when this attempt was sent, in Unix seconds;
- ``X-TTR-Signature``: ``v1=`` and the hex HMAC-SHA256, keyed with the secret, of
  ``"{timestamp}.{raw body}"``.

A receiver recomputes the signature over the raw body bytes, compares it in
constant time, and rejects a timestamp more than 5 minutes away from its own clock
(so a captured request cannot be replayed later); see `verify`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from events.clock import iso
from events.webhooks import (
    DELIVERED,
    FAILED,
    PENDING,
    Attempt,
    Delivery,
    NewDelivery,
    Webhook,
)
from referee.jobs import WEBHOOK
from worker import reports
from worker.context import WorkerContext, current_context
from worker.webhook_config import WebhookConfig
from worker.webhook_sender import check_url, post

log = logging.getLogger(__name__)

CLAIM_MARGIN = 30.0  # a claim outlives the timeout by this much (then the sweep takes over)
EARLY = 2.0  # seconds early a job may run and still count as due (clocks differ)
KEEP = timedelta(days=30)  # delivered and failed deliveries are kept this long
SWEEP_LIMIT = 1000
USER_AGENT = "ttr-webhooks/1"
SIGNATURE_SCHEME = "v1"
MAX_AGE = 300  # seconds: receivers reject older timestamps


# -- the jobs ----------------------------------------------------------------------------

def fan_out_webhooks(game_id: str, notices: Sequence[Mapping[str, Any]]) -> int:
    """Store a delivery per notice (once per user, game, version and kind) and ask for
    each to be delivered now; returns how many were new."""
    ctx = current_context()
    now = ctx.webhooks.clock()
    new: list[NewDelivery] = []
    for n in notices:
        delivery_id = new_delivery_id()
        new.append(NewDelivery(delivery_id, str(n["user_id"]), str(n["kind"]), game_id,
                               int(n["version"]), body(delivery_id, str(n["kind"]), game_id,
                                                       int(n["version"]), str(n["created_at"]),
                                                       n["data"])))
    created = ctx.store.add_deliveries(new, now)
    for delivery_id in created:
        ctx.jobs.enqueue(WEBHOOK, delivery_id, now)
    return len(created)


def deliver_webhook(delivery_id: str) -> str:
    """Make the next attempt of a delivery; returns what became of it.

    ``delivered``, ``retrying`` (the next attempt is scheduled) or ``failed`` (that
    was the last); or, sending nothing: ``not_due`` (rescheduled for its time),
    ``busy`` (another job holds it), ``no_webhook`` (removed: the delivery fails),
    ``no_delivery``, or the status of a delivery already over. A database error
    raises, and the job is retried.
    """
    ctx = current_context()
    cfg = ctx.webhooks
    now = cfg.clock()
    held = ctx.store.claim(delivery_id, now,
                           now + timedelta(seconds=cfg.timeout + CLAIM_MARGIN), early=EARLY)
    if held is None:
        return _why_not(ctx, delivery_id, now)
    hook = ctx.store.webhook_of(held.user_id)
    if hook is None:
        ctx.store.give_up(delivery_id)
        return "no_webhook"
    attempt = send(hook, held, cfg)
    number = attempt.number
    if attempt.status_code is not None and 200 <= attempt.status_code < 300:
        status, next_at = DELIVERED, None
    else:
        reports.webhook_failed()
        wait = cfg.retry_after(number)
        next_at = attempt.attempted_at + timedelta(seconds=wait) if wait is not None else None
        status = PENDING if next_at is not None else FAILED
        log.info("webhook delivery %s (%s) attempt %d failed: %s", delivery_id, held.kind,
                 number, attempt.error or f"HTTP {attempt.status_code}")
    if not ctx.store.record_attempt(delivery_id, attempt, status, next_at):
        return "busy"  # (another job recorded this attempt: its claim had run out)
    if next_at is not None:
        ctx.jobs.enqueue(WEBHOOK, delivery_id, next_at)
        return "retrying"
    return status


def _why_not(ctx: WorkerContext, delivery_id: str, now: datetime) -> str:
    found = ctx.store.delivery(delivery_id)
    if found is None:
        return "no_delivery"
    if found.status != PENDING:
        return found.status
    if found.next_attempt_at is not None and found.next_attempt_at > now:
        ctx.jobs.enqueue(WEBHOOK, delivery_id, found.next_attempt_at)  # (it ran early)
        return "not_due"
    return "busy"


def sweep_deliveries(ctx: WorkerContext, limit: int = SWEEP_LIMIT) -> int:
    """Ask again for every delivery that is due and that no job holds (its job was lost
    or its worker died); drop old finished deliveries. Returns how many were due."""
    now = ctx.webhooks.clock()
    due = ctx.store.due_deliveries(now, limit)
    for delivery_id, at in due:
        ctx.jobs.enqueue(WEBHOOK, delivery_id, at)
    ctx.store.prune_deliveries(now - KEEP)
    return len(due)


def ping(ctx: WorkerContext, user_id: str) -> Delivery | None:
    """A `ping` delivery to `user_id`'s webhook, asked for now; None without a webhook."""
    now = ctx.webhooks.clock()
    delivery_id = new_delivery_id()
    text = body(delivery_id, "ping", None, None, iso(now),
                {"message": "A test delivery: your webhook is reachable."})
    created = ctx.store.add_deliveries([NewDelivery(delivery_id, user_id, "ping", None,
                                                    None, text)], now)
    if not created:
        return None
    ctx.jobs.enqueue(WEBHOOK, delivery_id, now)
    return ctx.store.delivery(delivery_id)


class ContextWebhooks:
    """Webhook delivery as the API's webhook resources ask for it (the service's
    `WebhookDesk` port): a URL's check, a ping, and a registration taking effect."""

    def __init__(self, ctx: WorkerContext) -> None:
        self._ctx = ctx

    def refusal(self, url: str) -> str | None:
        return check_url(url, self._ctx.webhooks.allow_private)

    def ping(self, user_id: str) -> Delivery | None:
        return ping(self._ctx, user_id)

    def registrations_changed(self) -> None:
        self._ctx.webhooks.recipients.invalidate()


# -- the message -------------------------------------------------------------------------

def new_delivery_id() -> str:
    return "d_" + secrets.token_hex(12)


def body(delivery_id: str, kind: str, game_id: str | None, version: int | None,
         created_at: str, data: Any) -> str:
    """The JSON text sent (and signed), the same on every attempt."""
    return json.dumps({"id": delivery_id, "kind": kind, "game_id": game_id,
                       "version": version, "created_at": created_at, "data": data},
                      separators=(",", ":"))


def sign(secret: str, timestamp: str, raw_body: bytes) -> str:
    """The hex HMAC-SHA256 of ``"{timestamp}.{raw body}"`` keyed with `secret`."""
    message = timestamp.encode() + b"." + raw_body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def headers(delivery_id: str, kind: str, secret: str, timestamp: int,
            raw_body: bytes) -> dict[str, str]:
    stamp = str(timestamp)
    return {"Content-Type": "application/json", "User-Agent": USER_AGENT,
            "X-TTR-Event": kind, "X-TTR-Delivery": delivery_id, "X-TTR-Timestamp": stamp,
            "X-TTR-Signature": f"{SIGNATURE_SCHEME}={sign(secret, stamp, raw_body)}"}


def verify(secret: str, headers: Mapping[str, str], raw_body: bytes,
           now: float | None = None, max_age: float = MAX_AGE) -> bool:
    """What a receiver does: the signature matches and the timestamp is recent."""
    stamp = headers.get("X-TTR-Timestamp", "")
    given = headers.get("X-TTR-Signature", "")
    if not stamp.isdigit() or not given.startswith(SIGNATURE_SCHEME + "="):
        return False
    if abs((time.time() if now is None else now) - int(stamp)) > max_age:
        return False
    expected = sign(secret, stamp, raw_body)
    return hmac.compare_digest(given[len(SIGNATURE_SCHEME) + 1:], expected)


def send(hook: Webhook, held: Delivery, cfg: WebhookConfig) -> Attempt:
    """One attempt: POST the delivery's body, signed, to the webhook's URL."""
    at = cfg.clock()
    raw = held.body.encode()
    sent_headers = headers(held.delivery_id, held.kind, hook.secret, int(at.timestamp()), raw)
    started = time.monotonic()
    status, error = post(hook.url, raw, sent_headers, cfg.timeout, cfg.allow_private,
                         cfg.sender)
    took = int((time.monotonic() - started) * 1000)
    return Attempt(number=held.attempts + 1, attempted_at=at, status_code=status,
                   error=error, duration_ms=took)
