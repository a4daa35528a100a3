"""Rematch: where the rematch of a finished game stands."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.rematch import DECLINED, LAPSED, NONE, OFFERED, STARTED
from service.schemas.base import doc

REMATCH_STATES = (NONE, OFFERED, STARTED, LAPSED, DECLINED)


class RematchPlaceSchema(Schema):
    name = fields.Str(required=True, metadata=doc("The player's name at the table."))
    bot = fields.Bool(required=True, metadata=doc("A bot (bots accept at once)."))
    accepted = fields.Bool(required=True, allow_none=True, metadata=doc(
        "true: accepted; false: declined; null: not answered yet."))


class RematchSchema(Schema):
    game_id = fields.Str(required=True, metadata=doc("The finished game."))
    state = fields.Str(required=True, validate=validate.OneOf(REMATCH_STATES), metadata=doc(
        "none (not offered), offered (waiting for every player to accept), started "
        "(`new_game_id` is the new game), lapsed (too late) or declined (by a player).",
        enum=list(REMATCH_STATES)))
    players = fields.List(fields.Nested(RematchPlaceSchema), required=True, metadata=doc(
        "The seats of the rematch, in the finished game's order."))
    accepted = fields.Int(required=True, metadata=doc("How many have accepted, bots too."))
    offered_at = fields.DateTime(required=True, allow_none=True)
    expires_at = fields.DateTime(required=True, allow_none=True, metadata=doc(
        "When the offer lapses (10 minutes after it is made for a live game, 3 days "
        "for a correspondence one)."))
    new_game_id = fields.Str(required=True, allow_none=True, metadata=doc(
        "The new game, once every player has accepted (it has started)."))
