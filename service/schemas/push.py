"""Web Push: the server's VAPID key, and a browser's push subscription as its Push API
gives it (`PushSubscription.toJSON()`)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.push_subscriptions import AUTH_RULE, ENDPOINT_RULE, P256DH_RULE
from service.schemas.base import StrictSchema, doc


class PushKeySchema(Schema):
    public_key = fields.Str(required=True, metadata=doc(
        "The server's VAPID public key (RFC 8292), base64url of the uncompressed P-256 "
        "point: the `applicationServerKey` to subscribe with.",
        example="BNbxGYNMhEIi9zrneh7mqV4EUanjLUK3m-mYZBc62frMKrEoMk88r3Lk596T0ck9xlT-"
                "aXgVA0ZJZyBZxNJ6dRc"))


class PushKeysSchema(StrictSchema):
    p256dh = fields.Str(required=True, validate=validate.Length(max=200),
                        metadata=doc(P256DH_RULE))
    auth = fields.Str(required=True, validate=validate.Length(max=100),
                      metadata=doc(AUTH_RULE))


class NewPushSubscriptionSchema(StrictSchema):
    endpoint = fields.Str(required=True, validate=validate.Length(min=1, max=2000),
                          metadata=doc(ENDPOINT_RULE, format="uri",
                                       example="https://fcm.googleapis.com/fcm/send/c1Kf"))
    keys = fields.Nested(PushKeysSchema, required=True)
    expirationTime = fields.Float(load_default=None, allow_none=True,  # noqa: N815
                                  metadata=doc("As the browser gives it; not used."))


class PushSubscriptionSchema(Schema):
    id = fields.Str(required=True, metadata=doc("The subscription's id (to delete it).",
                                                example="ps_5b0c2e9d41a7f3e8b6d1c0a2"))
    endpoint = fields.Str(required=True)
    created_at = fields.DateTime(required=True)


class PushSubscriptionListSchema(Schema):
    subscriptions = fields.List(fields.Nested(PushSubscriptionSchema), required=True)
