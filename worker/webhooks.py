"""Webhooks: delivering the messages a change of a game calls for — signed, retried.

**Who hears what** is the referee's to say (`referee.notices`: `notices(outcome)` and
`hand_over`, which gives them to one fan-out job per game and version). Here:
`fan_out_webhooks` stores a delivery per notice and asks for each to be delivered.

**Delivering.** `deliver_webhook(delivery_id)` claims the delivery, POSTs its body to
the user's URL with a short timeout (5 s) and records the attempt: a 2xx answer is
`delivered`; anything else (another status, a timeout, a refused connection) is
retried after `RETRY_DELAYS` (10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h,
8 h, 8 h: twelve attempts, the last 31.7 h after the first), then `failed`. Each
failed attempt is reported (`worker.reports.webhook_failed`: the API's and the
worker's `ttr_webhook_failures_total`). Deliveries whose job was lost (Redis
lost its data, the embedded server restarted) are found again by the sweep
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

**Server-side request forgery.** A URL whose host resolves to a private, loopback,
link-local or otherwise non-public address is refused, when it is registered and
again at every attempt (the connection goes to the address that was checked, so a
DNS answer that changes in between cannot sneak in), unless
``TTR_WEBHOOK_ALLOW_PRIVATE=true`` (tests, private installations).
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import json
import logging
import secrets
import socket
import ssl
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from events.clock import iso, utcnow
from events.webhooks import (
    DELIVERED,
    FAILED,
    PENDING,
    Attempt,
    Delivery,
    NewDelivery,
    Webhook,
    add_deliveries,
    claim,
    delivery,
    due_deliveries,
    give_up,
    prune_deliveries,
    record_attempt,
    webhook_of,
    )
from referee.notices import Recipients
from worker import reports
from worker.context import WorkerContext, current_context

log = logging.getLogger(__name__)

# seconds to wait after each failed attempt; one attempt more than there are waits
RETRY_DELAYS: tuple[float, ...] = (10, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800,
                                   28800)
TIMEOUT = 5.0  # seconds an attempt may take
CLAIM_MARGIN = 30.0  # a claim outlives the timeout by this much (then the sweep takes over)
EARLY = 2.0  # seconds early a job may run and still count as due (clocks differ)
KEEP = timedelta(days=30)  # delivered and failed deliveries are kept this long
SWEEP_LIMIT = 1000
USER_AGENT = "ttr-webhooks/1"
SIGNATURE_SCHEME = "v1"
MAX_AGE = 300  # seconds: receivers reject older timestamps

Clock = Callable[[], datetime]


# -- configuration -----------------------------------------------------------------------

@dataclass
class WebhookConfig:
    """How a process delivers webhooks (`WorkerContext.webhooks`)."""

    allow_private: bool = False  # Settings.webhook_allow_private
    retry_delays: tuple[float, ...] = RETRY_DELAYS
    timeout: float = TIMEOUT
    clock: Clock = utcnow
    recipients: Recipients = field(default_factory=Recipients)

    def retry_after(self, attempt: int) -> float | None:
        """Seconds from failed attempt number `attempt` to the next; None: give up."""
        if attempt > len(self.retry_delays):
            return None
        return float(self.retry_delays[attempt - 1])


# -- the jobs ----------------------------------------------------------------------------

def fan_out_webhooks(game_id: str, notices: Sequence[Mapping[str, Any]]) -> int:
    """Store a delivery per notice (once: see the module doc) and ask for each to be
    delivered now; returns how many were new."""
    ctx = current_context()
    now = ctx.webhooks.clock()
    new: list[NewDelivery] = []
    for n in notices:
        delivery_id = new_delivery_id()
        new.append(NewDelivery(delivery_id, str(n["user_id"]), str(n["kind"]), game_id,
                               int(n["version"]), body(delivery_id, str(n["kind"]), game_id,
                                                       int(n["version"]), str(n["created_at"]),
                                                       n["data"])))
    created = add_deliveries(ctx.store, new, now)
    for delivery_id in created:
        ctx.jobs.webhook(delivery_id, now)
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
    held = claim(ctx.store, delivery_id, now,
                 now + timedelta(seconds=cfg.timeout + CLAIM_MARGIN), early=EARLY)
    if held is None:
        return _why_not(ctx, delivery_id, now)
    hook = webhook_of(ctx.store, held.user_id)
    if hook is None:
        give_up(ctx.store, delivery_id)
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
    if not record_attempt(ctx.store, delivery_id, attempt, status, next_at):
        return "busy"  # (another job recorded this attempt: its claim had run out)
    if next_at is not None:
        ctx.jobs.webhook(delivery_id, next_at)
        return "retrying"
    return status


def _why_not(ctx: WorkerContext, delivery_id: str, now: datetime) -> str:
    found = delivery(ctx.store, delivery_id)
    if found is None:
        return "no_delivery"
    if found.status != PENDING:
        return found.status
    if found.next_attempt_at is not None and found.next_attempt_at > now:
        ctx.jobs.webhook(delivery_id, found.next_attempt_at)  # (it ran early)
        return "not_due"
    return "busy"


def sweep_deliveries(ctx: WorkerContext, limit: int = SWEEP_LIMIT) -> int:
    """Ask again for every delivery that is due and that no job holds (its job was lost
    or its worker died); drop old finished deliveries. Returns how many were due."""
    now = ctx.webhooks.clock()
    due = due_deliveries(ctx.store, now, limit)
    for delivery_id, at in due:
        ctx.jobs.webhook(delivery_id, at)
    prune_deliveries(ctx.store, now - KEEP)
    return len(due)


def ping(ctx: WorkerContext, user_id: str) -> Delivery | None:
    """A `ping` delivery to `user_id`'s webhook, asked for now; None without a webhook."""
    now = ctx.webhooks.clock()
    delivery_id = new_delivery_id()
    text = body(delivery_id, "ping", None, None, iso(now),
                {"message": "A test delivery: your webhook is reachable."})
    created = add_deliveries(ctx.store, [NewDelivery(delivery_id, user_id, "ping", None,
                                                     None, text)], now)
    if not created:
        return None
    ctx.jobs.webhook(delivery_id, now)
    return delivery(ctx.store, delivery_id)


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


# -- sending -------------------------------------------------------------------------------

def send(hook: Webhook, held: Delivery, cfg: WebhookConfig) -> Attempt:
    """One attempt: POST the delivery's body, signed, to the webhook's URL."""
    at = cfg.clock()
    raw = held.body.encode()
    sent_headers = headers(held.delivery_id, held.kind, hook.secret, int(at.timestamp()), raw)
    started = time.monotonic()
    status, error = post(hook.url, raw, sent_headers, cfg.timeout, cfg.allow_private)
    took = int((time.monotonic() - started) * 1000)
    return Attempt(number=held.attempts + 1, attempted_at=at, status_code=status,
                   error=error, duration_ms=took)


class Refused(ValueError):
    """A URL the webhook may not call (see the module doc)."""


Address = tuple[int, Any]  # (family, socket address)


def check_url(url: str, allow_private: bool) -> str | None:
    """Why `url` cannot be a webhook, or None if it can.

    Its host is looked up: a private address is refused. A host that does not resolve
    (yet) is accepted: its attempts fail, visibly, until it does (the check is made
    again at every attempt anyway).
    """
    try:
        host, port, _ = _parts(url)
        resolve(host, port, allow_private)
    except Refused as refused:
        return str(refused)
    except OSError:
        return None
    return None


def _parts(url: str) -> tuple[str, int, str]:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise Refused(f"not a valid URL: {error}") from error
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refused("the URL must be http:// or https:// with a host")
    if parts.username is not None or parts.password is not None:
        raise Refused("the URL must not hold credentials (the signature authenticates us)")
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.hostname, port or (443 if parts.scheme == "https" else 80), target


def public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """An address anyone on the internet could reach (not private, loopback, link-local,
    multicast, reserved, shared or documentation space)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not address.is_multicast


def resolve(host: str, port: int, allow_private: bool) -> list[Address]:
    """The addresses of `host`; `Refused` if any is not public (unless allowed)."""
    found: list[Address] = []
    for family, _, _, _, sockaddr in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM):
        address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        if not allow_private and not public(address):
            raise Refused(f"{host} resolves to {address}, a private, loopback or link-local "
                          "address (webhooks go to public addresses)")
        found.append((int(family), sockaddr))
    if not found:
        raise Refused(f"{host} has no address")
    return found


def _connect(addresses: Sequence[Address], timeout: float) -> socket.socket:
    error: OSError = OSError("no address to connect to")
    for family, sockaddr in addresses:
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect(sockaddr)
            return sock
        except OSError as failed:
            sock.close()
            error = failed
    raise error


class _Pinned(http.client.HTTPConnection):
    """HTTP to addresses already checked (never looked up again)."""

    def __init__(self, host: str, port: int, addresses: Sequence[Address],
                 timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._addresses = addresses
        self._timeout = timeout

    def connect(self) -> None:
        self.sock = _connect(self._addresses, self._timeout)


class _PinnedTLS(http.client.HTTPSConnection):
    """HTTPS to addresses already checked; the certificate is checked for the host."""

    def __init__(self, host: str, port: int, addresses: Sequence[Address],
                 timeout: float) -> None:
        self._tls = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=self._tls)
        self._addresses = addresses
        self._timeout = timeout

    def connect(self) -> None:
        sock = _connect(self._addresses, self._timeout)
        self.sock = self._tls.wrap_socket(sock, server_hostname=self.host)


def post(url: str, raw_body: bytes, sent_headers: Mapping[str, str], timeout: float,
         allow_private: bool) -> tuple[int | None, str | None]:
    """POST `raw_body`; (the HTTP status, None) or (None, what went wrong). Never raises.

    The whole attempt (look-up, connection, sending, the status line and headers) is
    bounded by about `timeout` seconds; the answer's body is never read. Redirects are
    not followed (a 3xx is a failed attempt).
    """
    end = time.monotonic() + timeout
    conn: http.client.HTTPConnection | None = None
    try:
        host, port, target = _parts(url)
        addresses = resolve(host, port, allow_private)
        pinned = _PinnedTLS if url.lower().startswith("https:") else _Pinned
        conn = pinned(host, port, addresses, max(end - time.monotonic(), 0.001))
        conn.request("POST", target, body=raw_body, headers=dict(sent_headers))
        if conn.sock is not None:
            conn.sock.settimeout(max(end - time.monotonic(), 0.001))
        response = conn.getresponse()
        return response.status, None
    except Refused as refused:
        return None, str(refused)
    except socket.gaierror as error:
        return None, f"cannot resolve the host: {error.strerror or error}"
    except TimeoutError:
        return None, f"no answer within {timeout:g} s"
    except ssl.SSLError as error:
        return None, f"TLS: {error}"
    except (OSError, http.client.HTTPException) as error:
        return None, f"{type(error).__name__}: {error}"[:300]
    finally:
        if conn is not None:
            conn.close()
