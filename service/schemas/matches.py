"""Quick match: what a player asks for, and the request as it stands."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.stand_ins import BOT_LEVELS
from domain.table import MAX_TURN_TIME_LIMIT
from service.map_names import KnownMap
from service.quick_match import MAX_BOT_WAIT, MAX_DAYS_PER_TURN, STATES
from service.schemas.base import StrictSchema, doc, name_field


class NewMatchSchema(StrictSchema):
    map = fields.Str(load_default=None, allow_none=True, validate=KnownMap(), metadata=doc(
        "The map to play (left out or null: any map).", example="europe"))
    min_players = fields.Int(load_default=2, validate=validate.Range(2, 5), metadata=doc(
        "The fewest players you will play with, you included.", example=2))
    max_players = fields.Int(load_default=None, allow_none=True,
                             validate=validate.Range(2, 5), metadata=doc(
                                 "The most players (default: `min_players`).", example=3))
    rated = fields.Bool(load_default=True, metadata=doc(
        "A rated game: the result counts for the players' ratings on its map."))
    turn_time_limit = fields.Int(
        load_default=None, allow_none=True, validate=validate.Range(1, MAX_TURN_TIME_LIMIT),
        metadata=doc("A live game: the seconds each player has for a turn (the server's "
                     "minimum applies, TTR_MIN_TURN_TIME_LIMIT).", example=120))
    days_per_turn = fields.Int(
        load_default=None, allow_none=True, validate=validate.Range(1, MAX_DAYS_PER_TURN),
        metadata=doc("A correspondence game: the days each player has for a turn "
                     "(instead of `turn_time_limit`; neither: no limit).", example=2))
    name = name_field("Your name at the table (default: your user name).")
    bots_after = fields.Int(
        load_default=None, allow_none=True, validate=validate.Range(0, MAX_BOT_WAIT),
        metadata=doc("Seconds to wait for people; then bots of `bot_level` take the "
                     "seats still empty (null: wait for people only).", example=30))
    bot_level = fields.Str(load_default="medium", validate=validate.OneOf(BOT_LEVELS),
                           metadata=doc("The level of the bots that fill the table."))


class MatchSchema(Schema):
    id = fields.Str(required=True, metadata=doc("The request's id.",
                                                example="q_9b1c2d3e4f5a6b7c"))
    state = fields.Str(required=True, validate=validate.OneOf(STATES), metadata=doc(
        "waiting (for players), matched (`game_id` is your game) or cancelled.",
        enum=list(STATES)))
    game_id = fields.Str(required=True, allow_none=True, metadata=doc(
        "The game you sit at, once matched (it has started)."))
    map = fields.Str(required=True, allow_none=True, metadata=doc(
        "The map asked for (null: any); once matched, the game's map is `game_map`."))
    game_map = fields.Str(required=True, allow_none=True)
    min_players = fields.Int(required=True)
    max_players = fields.Int(required=True)
    rated = fields.Bool(required=True)
    turn_time_limit = fields.Int(required=True, allow_none=True, metadata=doc(
        "Seconds per turn (a correspondence game's days, in seconds; null: no limit)."))
    bot_level = fields.Str(required=True, allow_none=True)
    bots_at = fields.DateTime(required=True, allow_none=True, metadata=doc(
        "When bots take the seats still empty (null: never)."))
    created_at = fields.DateTime(required=True)
