"""Web Push: the server's VAPID public key, and the browsers a player allowed
notifications in (their push subscriptions: add one, list them, remove one).

The notices themselves are pushed by the worker's jobs (`worker.push_delivery`); this
module only keeps what the browsers gave (`service.push_subscriptions`)."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from events.clock import iso
from events.push_subscriptions import Subscription
from service.api.common import BEARER, Blueprint, doc, json_response, problems
from service.auth import current_user
from service.problems import Problem
from service.push_subscriptions import Refused, subscribe
from service.schemas.push import (
    NewPushSubscriptionSchema,
    PushKeySchema,
    PushSubscriptionListSchema,
    PushSubscriptionSchema,
)
from service.services import services

blp = Blueprint("push", __name__, url_prefix="/v1",
                description="Web Push: notices in the browsers you allowed them in.")

NO_PUSH = ("This server sends no push notifications (its operator set no VAPID key: "
           "TTR_VAPID_PRIVATE_KEY).")


def subscription_view(sub: Subscription) -> dict[str, Any]:
    return {"id": sub.subscription_id, "endpoint": sub.endpoint,
            "created_at": iso(sub.created_at)}


def _push_key() -> str:
    key = services().push_key
    if key is None:
        raise Problem("not-found", NO_PUSH)
    return key


@blp.route("/push-key")
class PushKey(MethodView):
    @blp.response(200, PushKeySchema)
    @problems(blp, "not-found", "rate-limited")
    def get(self) -> Any:
        """The server's VAPID public key

        What a browser subscribes with (`pushManager.subscribe({userVisibleOnly: true,
        applicationServerKey})`) before the subscription is posted to
        `POST /v1/users/me/push-subscriptions`. 404 when the server sends no push.
        """
        return json_response({"public_key": _push_key()})


@blp.route("/users/me/push-subscriptions")
class PushSubscriptions(MethodView):
    @blp.arguments(NewPushSubscriptionSchema(), error_status_code=400)
    @blp.response(200, PushSubscriptionSchema, description="The browser was already "
                  "subscribed: its keys were replaced.")
    @blp.alt_response(201, schema=PushSubscriptionSchema,
                      description="The browser's subscription was added.")
    @problems(blp, "invalid-request", "unauthorized", "insufficient-scope", "not-found",
              "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any]) -> Any:
        """Allow push notifications in a browser

        The body is the browser's `PushSubscription.toJSON()` as it is: `endpoint`,
        `keys.p256dh`, `keys.auth` (and `expirationTime`, not used). Your notices are
        pushed there, encrypted for that browser alone, until you remove it or its
        push service says it is gone. Up to 10 browsers: an 11th replaces the oldest.
        An endpoint that is not https, or on a private address, and keys that are not
        keys get 400 `invalid-request` naming the rule in `errors`.
        """
        _push_key()
        user = current_user()
        s = services()
        try:
            sub, created = subscribe(s.store, user.user_id, body["endpoint"],
                                     body["keys"]["p256dh"], body["keys"]["auth"],
                                     s.worker.clock(),
                                     allow_loopback=s.settings.push_allow_loopback)
        except Refused as refused:
            raise Problem("invalid-request", refused.rule,
                          errors={refused.field: [refused.rule]}) from None
        return json_response(subscription_view(sub), 201 if created else 200)

    @blp.response(200, PushSubscriptionListSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "rate-limited")
    @doc(blp, security=BEARER)
    def get(self) -> Any:
        """The browsers you allowed push notifications in, oldest first"""
        subs = services().store.push_subscriptions_of(current_user().user_id)
        return json_response({"subscriptions": [subscription_view(x) for x in subs]})


@blp.route("/users/me/push-subscriptions/<subscription_id>")
class OnePushSubscription(MethodView):
    @blp.response(204)
    @problems(blp, "unauthorized", "insufficient-scope", "not-found", "rate-limited")
    @doc(blp, security=BEARER)
    def delete(self, subscription_id: str) -> Any:
        """Stop push notifications to a browser

        At once: nothing more is pushed to it.
        """
        if not services().store.delete_push_subscription(current_user().user_id,
                                                         subscription_id):
            raise Problem("not-found", "You have no such push subscription.")
        return Response(status=204)
