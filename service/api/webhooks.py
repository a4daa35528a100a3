"""Your webhook: register a URL and a secret, see every delivery and its attempts, ping it.

The messages themselves are computed and sent by the worker's jobs (after every
change of a game: a slow or failing receiver never slows the game or the API); this
module only manages the registration and shows the deliveries, and asks the
`WebhookDesk` port (`service.services`) to check a URL and to send a ping.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from events.clock import iso
from events.webhooks import Delivery, Webhook
from service.api.common import BEARER, Blueprint, json_response, problems
from service.auth import current_user
from service.problems import Problem
from service.schemas import (
    DeliveriesArgsSchema,
    DeliveryListSchema,
    DeliverySchema,
    NewWebhookSchema,
    WebhookSchema,
)
from service.services import services

blp = Blueprint("webhooks", __name__, url_prefix="/v1/users/me/webhook",
                description="Your webhook: every event that concerns you, POSTed and signed.")

RECEIVING = """
**What your URL receives.** `POST`, `Content-Type: application/json`, the body
`{"id", "kind", "game_id", "version", "created_at", "data"}` and these headers:

- `X-TTR-Event`: the kind (`your_turn`, `game_started`, `game_ended`, `game_scored`,
  `player_timed_out`, `player_left`, `stand_in_seated`, `deadline_near` or `ping`);
- `X-TTR-Delivery`: the delivery's id (the body's `id`), the same on every retry:
  drop the ones you have already handled;
- `X-TTR-Timestamp`: when this attempt was sent, in Unix seconds;
- `X-TTR-Signature`: `v1=` and the hex HMAC-SHA256, keyed with your secret, of
  `"{X-TTR-Timestamp}.{raw body}"`.

**Verify every request** before trusting it: recompute the signature over the raw
body bytes (not re-serialised JSON), compare it in constant time, and reject a
timestamp more than 5 minutes away from your clock (a captured request cannot then be
replayed later). In Python:

```python
import hashlib, hmac, time

def verify(secret: bytes, headers, raw_body: bytes) -> bool:
    stamp = headers["X-TTR-Timestamp"]
    if abs(time.time() - int(stamp)) > 300:
        return False
    expected = hmac.new(secret, stamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(headers["X-TTR-Signature"], "v1=" + expected)
```

**What `data` holds.** `your_turn`: `seat`, `phase` (`setup`: choose your tickets, or
`playing`), `turn`, `deadline` (or null), `game_url`, `moves_url`, `actions_url`.
`game_started`: `seat` (yours), `map`, `first_player`, `players`. `game_ended`: `seat`,
`reason` (`final_round`, `deadlock`, `last_player`), `score_url`. `game_scored`:
`seat`, `winners` (seats), `standings` (`seat`, `name`, `total`, `rank`, `winner`),
`score_url`. `player_timed_out` (an opponent's deadline passed): `seat`, `name`,
`deadline`, `consecutive`. `player_left` (an opponent resigned, was dropped after
repeated time-outs, or left before the start): `seat`, `name`, `reason` (`resigned`,
`dropped`, `left`). `stand_in_seated` (a bot took over your seat: you resigned, or
your turns timed out too often; you may come back to it): `seat`, `name` and `level`
(the bot's), `reason` (`resigned`, `timed_out`), `game_url`. `deadline_near` (a
quarter of your correspondence turn's time is left; once per turn, and not once you
have played it): `seat`, `phase`, `turn`, `deadline`, `game_url`, `actions_url`.
`ping`: `message`.

**Delivery.** Answer with any 2xx within 5 seconds (do the work after answering).
Anything else — another status, a redirect, a timeout, a refused connection — is
retried after 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h and 8 h
(twelve attempts over about 32 hours), then the delivery is `failed`. Deliveries may
arrive out of order and, rarely, twice: use `version` and `X-TTR-Delivery`. Every
attempt is listed at `GET /v1/users/me/webhook/deliveries`.
"""


def webhook_view(hook: Webhook) -> dict[str, Any]:
    return {"url": hook.url, "created_at": iso(hook.created_at),
            "updated_at": iso(hook.updated_at)}


def delivery_view(d: Delivery) -> dict[str, Any]:
    return {
        "id": d.delivery_id, "kind": d.kind, "game_id": d.game_id, "version": d.version,
        "status": d.status, "created_at": iso(d.created_at),
        "next_attempt_at": iso(d.next_attempt_at),
        "attempts": [{"number": a.number, "at": iso(a.attempted_at),
                      "status_code": a.status_code, "error": a.error,
                      "duration_ms": a.duration_ms} for a in d.attempt_log],
    }


@blp.route("")
class MyWebhook(MethodView):
    @blp.arguments(NewWebhookSchema(), error_status_code=400)
    @blp.response(200, WebhookSchema, description="The webhook was replaced.")
    @blp.alt_response(201, schema=WebhookSchema, description="The webhook was registered.")
    @problems(blp, "invalid-request", "unauthorized", "rate-limited")
    @blp.doc(security=BEARER, description=(
        "Every event that concerns you is POSTed to `url` from now on (a registration "
        "reaches every server process within a few seconds). The secret is never shown "
        "again. A URL whose host is a private, loopback or link-local address is "
        "refused (unless the operator allows it).\n" + RECEIVING))
    def put(self, body: dict[str, Any]) -> Any:
        """Register or replace your webhook"""
        user = current_user()
        s = services()
        reason = s.webhooks.refusal(body["url"])
        if reason is not None:
            raise Problem("invalid-request", f"This URL cannot be a webhook: {reason}.",
                          errors={"url": [reason]})
        hook, created = s.store.put_webhook(user.user_id, body["url"], body["secret"])
        s.webhooks.registrations_changed()
        return json_response(webhook_view(hook), 201 if created else 200)

    @blp.response(200, WebhookSchema)
    @problems(blp, "unauthorized", "not-found", "rate-limited")
    @blp.doc(security=BEARER)
    def get(self) -> Any:
        """Your webhook (without its secret)"""
        hook = services().store.webhook_of(current_user().user_id)
        if hook is None:
            raise Problem("not-found", "You have no webhook (PUT one here).")
        return json_response(webhook_view(hook))

    @blp.response(204, description="There is no webhook now (whether or not there was).")
    @problems(blp, "unauthorized", "rate-limited")
    @blp.doc(security=BEARER)
    def delete(self) -> Any:
        """Remove your webhook

        Nothing more is sent; deliveries still pending fail.
        """
        s = services()
        s.store.delete_webhook(current_user().user_id)
        s.webhooks.registrations_changed()
        return Response(status=204)


@blp.route("/deliveries")
class Deliveries(MethodView):
    @blp.arguments(DeliveriesArgsSchema(), location="query", error_status_code=400)
    @blp.response(200, DeliveryListSchema)
    @problems(blp, "invalid-request", "unauthorized", "rate-limited")
    @blp.doc(security=BEARER)
    def get(self, args: dict[str, Any]) -> Any:
        """Your deliveries, newest first, with every attempt

        Pending deliveries show when their next attempt is due; a delivery is
        `failed` after its last attempt (or when the webhook was removed). Deliveries
        are kept 30 days.
        """
        found = services().store.deliveries_of(current_user().user_id, args["limit"])
        return json_response({"deliveries": [delivery_view(d) for d in found]})


@blp.route("/ping")
class Ping(MethodView):
    @blp.response(202, DeliverySchema, description="The ping is on its way (pending).")
    @problems(blp, "unauthorized", "not-found", "rate-limited")
    @blp.doc(security=BEARER)
    def post(self) -> Any:
        """Send a `ping` delivery to your webhook

        Delivered, signed and retried as any other; follow it at
        `GET /v1/users/me/webhook/deliveries`.
        """
        sent = services().webhooks.ping(current_user().user_id)
        if sent is None:
            raise Problem("not-found", "You have no webhook (PUT one first).")
        return json_response(delivery_view(sent), 202)
