"""Users: signing up, and what a user looks like to others and to themselves."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.schemas.base import StrictSchema, doc, name_field


class NewUserSchema(StrictSchema):
    name = name_field("The name other players see.", required=True, example="Alice")


class UserSchema(Schema):
    id = fields.Str(required=True, metadata={"example": "u_3f2a9c1e5b7d4a6c8e0f"})
    name = fields.Str(required=True)
    created_at = fields.DateTime(required=True)


class UserCreatedSchema(UserSchema):
    token = fields.Str(required=True, metadata=doc(
        "The bearer token: shown only now, stored hashed. Send it as "
        "`Authorization: Bearer <token>`."))
