"""Verifying an export: the verdict, and the first event that does not verify."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.schemas.base import doc


class FirstFailureSchema(Schema):
    version = fields.Int(required=True, allow_none=True)
    type = fields.Str(required=True, allow_none=True)
    reason = fields.Str(required=True, allow_none=True)


class VerdictSchema(Schema):
    ok = fields.Bool(required=True, metadata=doc("Every event follows from the rules."))
    game_id = fields.Str(required=True, allow_none=True)
    events = fields.Int(required=True, metadata=doc("Events in the export."))
    checked = fields.Int(required=True, metadata=doc("Events replayed before the verdict."))
    first_failure = fields.Nested(FirstFailureSchema, required=True, allow_none=True,
                                  metadata=doc("The first event that fails, and why."))
    seed_matches_commitment = fields.Bool(required=True, allow_none=True)
    score_matches = fields.Bool(required=True, allow_none=True, metadata=doc(
        "The `game_scored` event is the rules' score (null: the export has none)."))
    winners = fields.List(fields.Int(), required=True)
