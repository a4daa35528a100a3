"""Links that stand in for a credential: sign-in codes (one-time, for a new device
token) and shares of a game (read-only, for one game)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from events.accounts import SCOPES
from service.schemas.base import StrictSchema, doc
from service.schemas.users import TokenCreatedSchema, UserSchema
from service.shares import DEFAULT_SECONDS, MAX_SECONDS, MIN_SECONDS
from service.signin import CODE_MINUTES

_SCOPES_DOC = ("The scopes of the token the code becomes: no more than the token that "
               "makes it (left out: the same as that token's).")


class NewSigninCodeSchema(StrictSchema):
    scopes = fields.List(fields.Str(validate=validate.OneOf(SCOPES),
                                    metadata={"enum": list(SCOPES)}),
                         load_default=None, validate=validate.Length(min=1),
                         metadata=doc(_SCOPES_DOC, example=["play", "read"]))


class SigninCodeSchema(Schema):
    code = fields.Str(required=True, metadata=doc(
        f"The one-time code: shown only now, stored hashed; it works once, for "
        f"{CODE_MINUTES} minutes (POST /v1/signin).", example="ttrc_Qm9vZ2x5"))
    link = fields.Str(required=True, metadata=doc(
        "The sign-in link's path on this server, the code in its fragment (which "
        "browsers never send to a server).", example="/signin#code=ttrc_Qm9vZ2x5"))
    scopes = fields.List(fields.Str(), required=True,
                         metadata=doc("The scopes of the token the code becomes."))
    expires_at = fields.DateTime(required=True)


class SigninSchema(StrictSchema):
    code = fields.Str(required=True, validate=validate.Length(min=1, max=200),
                      metadata=doc("A code from POST /v1/signin-codes.",
                                   example="ttrc_Qm9vZ2x5"))


class SignedInSchema(TokenCreatedSchema):
    user = fields.Nested(UserSchema, required=True,
                         metadata=doc("Whose token it is."))


class NewShareSchema(StrictSchema):
    expires_in = fields.Int(load_default=DEFAULT_SECONDS,
                            validate=validate.Range(min=MIN_SECONDS, max=MAX_SECONDS),
                            metadata=doc("Seconds until the share stops working.",
                                         example=DEFAULT_SECONDS))


class ShareSchema(Schema):
    id = fields.Str(required=True, metadata=doc("The share's id (not its capability).",
                                                example="s_9b1c2d3e4f5a6b7c8d9e"))
    game_id = fields.Str(required=True)
    created_at = fields.DateTime(required=True)
    expires_at = fields.DateTime(required=True)


class ShareCreatedSchema(ShareSchema):
    capability = fields.Str(required=True, metadata=doc(
        "The read-only capability: shown only now, stored hashed. Send it as "
        "`Authorization: Share <capability>`.", example="ttrs_Qm9vZ2x5"))
    link = fields.Str(required=True, metadata=doc(
        "The replay page's path on this server, the capability in its fragment.",
        example="/games/g_1/replay#share=ttrs_Qm9vZ2x5"))


class ShareListSchema(Schema):
    shares = fields.List(fields.Nested(ShareSchema), required=True,
                         metadata=doc("Your unexpired shares of the game, oldest first."))
