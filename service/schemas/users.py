"""Users: signing up, what a user looks like to others and to themselves, and their
named tokens."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from events.accounts import SCOPES
from service.schemas.base import StrictSchema, doc, name_field

MAX_EXPIRES_IN = 366 * 24 * 3600  # a year and a day, in seconds


class NewUserSchema(StrictSchema):
    name = name_field("The name other players see.", required=True, example="Alice")


class UserSchema(Schema):
    id = fields.Str(required=True, metadata={"example": "u_3f2a9c1e5b7d4a6c8e0f"})
    name = fields.Str(required=True)
    created_at = fields.DateTime(required=True)


class UserCreatedSchema(UserSchema):
    token = fields.Str(required=True, metadata=doc(
        "The bearer token: shown only now, stored hashed. Send it as "
        "`Authorization: Bearer <token>`. It grants every scope; make narrower ones "
        "with POST /v1/users/me/tokens."))


def _scope() -> fields.Str:
    return fields.Str(validate=validate.OneOf(SCOPES), metadata=doc(
        "`read`: your account, games, events, feeds and exports; `play`: create, join, "
        "start and act in games; `webhooks`: your webhook; `admin`: the account itself "
        "(its tokens, closing it).", enum=list(SCOPES)))


class NewTokenSchema(StrictSchema):
    name = fields.Str(required=True, validate=validate.Length(min=1, max=64),
                      metadata=doc("What the token is for, to tell it apart in the list.",
                                   example="my bot, 2025 key"))
    scopes = fields.List(_scope(), required=True, validate=validate.Length(min=1),
                         metadata=doc("What the token may do: no more than the token "
                                      "that makes it.", example=["play", "read"]))
    expires_in = fields.Int(load_default=None, allow_none=True,
                            validate=validate.Range(min=60, max=MAX_EXPIRES_IN),
                            metadata=doc("Seconds until the token stops working, no "
                                         "longer than the token that makes it has left "
                                         "(none: until revoked, or until that token "
                                         "expires).", example=2_592_000))


class TokenSchema(Schema):
    id = fields.Str(required=True, metadata=doc("The token's id (not the token itself).",
                                                example="t_9b1c2d3e4f5a6b7c8d9e"))
    name = fields.Str(required=True)
    scopes = fields.List(_scope(), required=True)
    created_at = fields.DateTime(required=True)
    last_used_at = fields.DateTime(required=True, allow_none=True, metadata=doc(
        "When the token was last used, to within about a minute; null: never."))
    expires_at = fields.DateTime(required=True, allow_none=True, metadata=doc(
        "When the token stops working; null: never (until revoked)."))


class TokenCreatedSchema(TokenSchema):
    token = fields.Str(required=True, metadata=doc(
        "The bearer token: shown only now, stored hashed."))


class TokenListSchema(Schema):
    tokens = fields.List(fields.Nested(TokenSchema), required=True,
                         metadata=doc("Every token of the account, oldest first."))


class SessionSchema(Schema):
    id = fields.Str(required=True, metadata=doc(
        "The session's token id: it is listed, and revoked, with the account's tokens.",
        example="t_9b1c2d3e4f5a6b7c8d9e"))
    scopes = fields.List(_scope(), required=True, metadata=doc(
        "What the session may do: what the token traded for it grants."))
    expires_at = fields.DateTime(required=True, allow_none=True, metadata=doc(
        "When the session ends unless it is ended before."))
