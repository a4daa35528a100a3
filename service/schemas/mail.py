"""A player's e-mail address and sign-in by e-mail (`service.mail_addresses`)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.mail_addresses import MAX_ADDRESS, SIGNIN_MINUTES, VERIFY_MINUTES
from service.schemas.base import StrictSchema, doc

_CODE = fields.Str(required=True, validate=validate.Length(min=1, max=200),
                   metadata=doc("The code from the link's fragment (`#code=…`).",
                                example="ttrm_Qm9vZ2x5"))


class NewMailAddressSchema(StrictSchema):
    address = fields.Str(required=True, validate=validate.Length(min=3, max=MAX_ADDRESS),
                         metadata=doc("The address to verify and then keep.",
                                      example="ada@example.org"))


class VerificationSentSchema(Schema):
    expires_at = fields.DateTime(required=True, metadata=doc(
        f"The verification link works until then ({VERIFY_MINUTES} minutes)."))


class MailAddressSchema(Schema):
    address = fields.Str(required=True, metadata=doc("Your verified address."))
    verified_at = fields.DateTime(required=True)
    disabled = fields.Bool(required=True, metadata=doc(
        "Mail to it failed for good several times in a row: nothing is sent to it until "
        "you add an address again."))
    disabled_at = fields.DateTime(required=True, allow_none=True)
    failures = fields.Int(required=True, metadata=doc(
        "Sends in a row that the mail server refused for good."))


class MailCodeSchema(StrictSchema):
    code = _CODE


class VerifiedSchema(Schema):
    verified_at = fields.DateTime(required=True)


class SigninMailSchema(StrictSchema):
    address = fields.Str(required=True, validate=validate.Length(min=3, max=MAX_ADDRESS),
                         metadata=doc("The address of your account.",
                                      example="ada@example.org"))


class SigninMailSentSchema(Schema):
    message = fields.Str(required=True, metadata=doc(
        f"The same whether or not the address has an account: if it has, a link that "
        f"works once, for {SIGNIN_MINUTES} minutes, is on its way."))
