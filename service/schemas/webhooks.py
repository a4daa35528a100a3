"""Webhooks: registering one, and the deliveries with their attempts."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from referee.notices import KINDS
from service.schemas.base import StrictSchema, doc

WEBHOOK_KINDS = KINDS  # the referee decides the kinds; the contract names them
DELIVERY_STATUSES = ("pending", "delivered", "failed")


class NewWebhookSchema(StrictSchema):
    url = fields.Url(required=True, schemes={"http", "https"}, require_tld=False,
                     validate=validate.Length(max=2000), metadata=doc(
                         "Where every event for you is POSTed (http or https; a public "
                         "address).", example="https://bot.example.com/ttr", format="uri",
                         pattern="^[Hh][Tt][Tt][Pp][Ss]?://"))
    secret = fields.Str(required=True, load_only=True, validate=validate.Length(16, 200),
                        metadata=doc("The key of the signatures (`X-TTR-Signature`): 16 "
                                      "to 200 characters; never shown again."))


class WebhookSchema(Schema):
    url = fields.Str(required=True)
    created_at = fields.DateTime(required=True)
    updated_at = fields.DateTime(required=True)


class AttemptSchema(Schema):
    number = fields.Int(required=True, metadata=doc("1 for the first attempt, and so on."))
    at = fields.DateTime(required=True, metadata=doc("When it was sent."))
    status_code = fields.Int(required=True, allow_none=True, metadata=doc(
        "The receiver's HTTP status; null when it gave none (see `error`)."))
    error = fields.Str(required=True, allow_none=True, metadata=doc(
        "What went wrong without a status: a timeout, a refused connection, …"))
    duration_ms = fields.Int(required=True)


class DeliverySchema(Schema):
    id = fields.Str(required=True, metadata=doc(
        "The delivery's id: the body's `id` and the `X-TTR-Delivery` header, the same on "
        "every attempt.", example="d_4f1c2a9e0b7d5c3a1e8f6b2d"))
    kind = fields.Str(required=True, metadata={"enum": list(WEBHOOK_KINDS)})
    game_id = fields.Str(required=True, allow_none=True, metadata=doc("Null for a ping."))
    version = fields.Int(required=True, allow_none=True, metadata=doc(
        "The game's version the event is about; null for a ping."))
    status = fields.Str(required=True, metadata={"enum": list(DELIVERY_STATUSES)})
    created_at = fields.DateTime(required=True)
    next_attempt_at = fields.DateTime(required=True, allow_none=True, metadata=doc(
        "When the next attempt is due (pending deliveries); null once delivered or failed."))
    attempts = fields.List(fields.Nested(AttemptSchema), required=True, metadata=doc(
        "Every attempt so far, oldest first."))


class DeliveryListSchema(Schema):
    deliveries = fields.List(fields.Nested(DeliverySchema), required=True)


class DeliveriesArgsSchema(StrictSchema):
    limit = fields.Int(load_default=50, validate=validate.Range(1, 200))
