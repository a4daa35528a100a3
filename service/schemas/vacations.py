"""Vacations: a player's declared days away, and the allowance left."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.vacations import MAX_VACATION_DAYS
from service.schemas.base import doc


class NewVacationSchema(Schema):
    days = fields.Int(required=True, strict=True,
                      validate=validate.Range(min=1, max=MAX_VACATION_DAYS), metadata=doc(
                          "Whole days away, from the start.", example=7))
    starts_at = fields.AwareDateTime(load_default=None, allow_none=True, metadata=doc(
        "When it starts, with its time zone (absent or null: now). Never in the past."))


class VacationSchema(Schema):
    id = fields.Str(required=True)
    starts_at = fields.DateTime(required=True)
    ends_at = fields.DateTime(required=True, metadata=doc(
        "When it ends: as declared, or when it was ended early."))
    ended_early = fields.Bool(required=True, metadata=doc(
        "Ended before its declared end (by you, or because you acted in a game)."))


class AwaySchema(Schema):
    away = fields.Bool(required=True, metadata=doc(
        "You are away now: the turn deadlines of your correspondence games are paused."))
    allowance = fields.Int(required=True, metadata=doc("Days away per calendar year (UTC)."))
    year = fields.Int(required=True)
    days_left = fields.Int(required=True, metadata=doc("Days away left this year."))
    vacations = fields.List(fields.Nested(VacationSchema), required=True, metadata=doc(
        "Your vacations not over yet, the earliest first."))
