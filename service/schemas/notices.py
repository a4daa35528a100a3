"""What a player wants to be told, and how (`service.notice_settings`)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from referee.notice_choice import CHANNELS, KINDS, MAIL_AFTER_MINUTES, MAX_DIGEST_HOURS
from service.schemas.base import StrictSchema, doc

_HH_MM = validate.Regexp(r"^([01][0-9]|2[0-3]):[0-5][0-9]$", error="HH:MM, 00:00 to 23:59.")
_CHANNELS_DOC = (f"Per kind of notice ({', '.join(KINDS)}): how you are told: "
                 f"{', '.join(CHANNELS)}.")


class QuietHoursSchema(StrictSchema):
    start = fields.Str(required=True, validate=_HH_MM, metadata=doc("", example="22:00"))
    end = fields.Str(required=True, validate=_HH_MM, metadata=doc("", example="07:30"))


ChannelsSchema = StrictSchema.from_dict(
    {kind: fields.Str(validate=validate.OneOf(CHANNELS), metadata={"enum": list(CHANNELS)})
     for kind in KINDS}, name="NoticeChannels")


class NewNoticeSettingsSchema(StrictSchema):
    channels = fields.Nested(ChannelsSchema, load_default=dict, metadata=doc(
        _CHANNELS_DOC + " A kind left out keeps its default.",
        example={"your_turn": "push", "game_scored": "none"}))
    mail_after_minutes = fields.Int(load_default=MAIL_AFTER_MINUTES,
                                    validate=validate.Range(min=0, max=7 * 24 * 60),
                                    metadata=doc("A your-turn mail waits this long, and "
                                                 "goes only if the turn is still waiting."))
    digest_hours = fields.Int(load_default=0, validate=validate.Range(min=0,
                                                                      max=MAX_DIGEST_HOURS),
                              metadata=doc("0: a mail per notice; else at most one mail "
                                           "per so many hours, gathering every game "
                                           "waiting for you."))
    quiet_hours = fields.Nested(QuietHoursSchema, load_default=None, allow_none=True,
                                metadata=doc("Nothing is sent between start and end (in "
                                             "your time zone); it waits for the end."))
    time_zone = fields.Str(load_default="UTC", validate=validate.Length(min=1, max=64),
                           metadata=doc("An IANA time zone.", example="Europe/Paris"))


class MailStateSchema(Schema):
    address = fields.Bool(required=True, metadata=doc("You have a verified address."))
    disabled = fields.Bool(required=True, metadata=doc(
        "Mail to it failed for good several times in a row: nothing is mailed until you "
        "add an address again."))


class NoticeSettingsSchema(Schema):
    channels = fields.Dict(keys=fields.Str(), values=fields.Str(), required=True,
                           metadata=doc(_CHANNELS_DOC + " (A correspondence game's; in a "
                                        "live game the your-turn and deadline notices you "
                                        "did not choose are not sent.)"))
    chosen = fields.List(fields.Str(), required=True,
                         metadata=doc("The kinds you chose; the others are defaults."))
    mail_after_minutes = fields.Int(required=True)
    digest_hours = fields.Int(required=True)
    quiet_hours = fields.Nested(QuietHoursSchema, required=True, allow_none=True)
    time_zone = fields.Str(required=True)
    mail = fields.Nested(MailStateSchema, required=True)
