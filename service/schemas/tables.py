"""A table's first read: the game, its events and the caller's moves, at one version."""

from __future__ import annotations

from marshmallow import Schema, fields

from service.schemas.base import doc
from service.schemas.feeds import EventPageSchema
from service.schemas.games import GameSchema
from service.schemas.play import MovesSchema


class TableSchema(Schema):
    game = fields.Nested(GameSchema, required=True, metadata=doc(
        "The game as you may see it, as `GET /v1/games/{game_id}` answers."))
    events = fields.Nested(EventPageSchema, required=True, metadata=doc(
        "Its events as you may see them, from the first, up to the game's version: "
        "as `GET …/events?after=0&limit=5000` answers (a game with more goes on from "
        "`GET …/events?after=` the last one's version)."))
    moves = fields.Nested(MovesSchema, required=True, allow_none=True, metadata=doc(
        "Your legal moves, as `GET …/moves` answers; null when you hold no seat."))
