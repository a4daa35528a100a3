"""Quick reactions: the phrase a player says to the table, and the answer recording it."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.reactions import FAREWELLS, REACTIONS
from service.schemas.base import StrictSchema, doc


class NewReactionSchema(StrictSchema):
    # Not validated here (the enum is documentation): a code outside the list is refused
    # by the rules, 422 `unknown_reaction`, like any command the rules refuse.
    reaction = fields.Str(required=True, validate=validate.Length(max=64), metadata={
        **doc("The phrase, as its code: each reader sees it in their own language. Once "
              f"the game has ended only {', '.join(sorted(FAREWELLS))}.",
              example="well_played"),
        "enum": list(REACTIONS)})


class SaidReactionSchema(Schema):
    game_id = fields.Str(required=True)
    version = fields.Int(required=True, metadata=doc(
        "The version of the `reaction_sent` event that records it in the game's log."))
    seat = fields.Int(required=True)
    reaction = fields.Str(required=True, metadata={"enum": list(REACTIONS)})
