"""Tournaments: the terms of a new one, an entry, and the tournament as it stands."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.stand_ins import BOT_LEVELS
from domain.table import MAX_TURN_TIME_LIMIT
from service.map_names import KnownMap
from service.schemas.base import StrictSchema, doc, name_field
from service.tournaments import MAX_DAYS_PER_TURN, MAX_ROUNDS

STATUSES = ("open", "playing", "finished")


class NewTournamentSchema(StrictSchema):
    name = name_field("The tournament's name.", required=True)
    map = fields.Str(required=True, validate=KnownMap(), metadata=doc(
        "The map every game is played on.", example="europe"))
    players_per_table = fields.Int(load_default=4, validate=validate.Range(2, 5), metadata=doc(
        "Players at each table (when the entrants do not divide evenly, some tables are "
        "one smaller).", example=4))
    rounds = fields.Int(load_default=4, validate=validate.Range(1, MAX_ROUNDS), metadata=doc(
        "How many rounds are played.", example=4))
    rated = fields.Bool(load_default=False, metadata=doc(
        "The games count for the players' ratings on the map."))
    turn_time_limit = fields.Int(
        load_default=None, allow_none=True, validate=validate.Range(1, MAX_TURN_TIME_LIMIT),
        metadata=doc("Live: the seconds each player has for a turn.", example=120))
    days_per_turn = fields.Int(
        load_default=None, allow_none=True, validate=validate.Range(1, MAX_DAYS_PER_TURN),
        metadata=doc("Correspondence: the days each player has for a turn (instead of "
                     "`turn_time_limit`; neither: no limit).", example=2))
    starts_at = fields.AwareDateTime(load_default=None, allow_none=True, metadata=doc(
        "When the first round is paired (default: now); players join until then."))
    invitation_only = fields.Bool(load_default=False, metadata=doc(
        "Only the organiser adds players (by their user id)."))
    bots_allowed = fields.Bool(load_default=True, metadata=doc(
        "The organiser may add bots as entrants."))


class NewEntrantSchema(StrictSchema):
    name = name_field("The entrant's name (default: your user name, or the bot's level).")
    bot_level = fields.Str(load_default=None, allow_none=True,
                           validate=validate.OneOf(BOT_LEVELS), metadata=doc(
                               "Add a bot of this level (the organiser only)."))
    user_id = fields.Str(load_default=None, allow_none=True,
                         validate=validate.Length(min=1, max=64), metadata=doc(
                             "Invite this player (the organiser only; default: you join)."))


class EntrantSchema(Schema):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    bot_level = fields.Str(required=True, allow_none=True)
    withdrawn = fields.Bool(required=True, metadata=doc(
        "Missed a game: not paired again, points kept."))


class RoundTableSchema(Schema):
    game_id = fields.Str(required=True)
    entrants = fields.List(fields.Str(), required=True, metadata=doc("In seat order."))
    scores = fields.Dict(keys=fields.Str(), values=fields.Int(), required=True,
                         allow_none=True, metadata=doc("Final scores, once scored."))


class RoundSchema(Schema):
    round = fields.Int(required=True)
    tables = fields.List(fields.Nested(RoundTableSchema), required=True)


class StandingSchema(Schema):
    entrant = fields.Str(required=True)
    points = fields.Float(required=True, metadata=doc(
        "Placing points: 1 for each player below at the table, ½ for each level."))
    game_score = fields.Int(required=True, metadata=doc("First tie-breaker."))
    opponents_points = fields.Float(required=True, metadata=doc("Second tie-breaker."))
    games = fields.Int(required=True)


class TournamentSchema(Schema):
    id = fields.Str(required=True, metadata=doc("The tournament's id.",
                                                example="t_9b1c2d3e4f5a6b7c"))
    name = fields.Str(required=True)
    organiser = fields.Str(required=True)
    map = fields.Str(required=True)
    players_per_table = fields.Int(required=True)
    rounds = fields.Int(required=True)
    turn_time_limit = fields.Int(required=True, allow_none=True, metadata=doc(
        "Seconds per turn (a correspondence pace's days, in seconds; null: no limit)."))
    rated = fields.Bool(required=True)
    starts_at = fields.Str(required=True, metadata=doc("ISO 8601."))
    invitation_only = fields.Bool(required=True)
    bots_allowed = fields.Bool(required=True)
    status = fields.Str(required=True, validate=validate.OneOf(STATUSES), metadata=doc(
        "open (joining), playing or finished.", enum=list(STATUSES)))
    entrants = fields.List(fields.Nested(EntrantSchema), required=True)
    played_rounds = fields.List(fields.Nested(RoundSchema), required=True)
    standings = fields.List(fields.Nested(StandingSchema), required=True, metadata=doc(
        "Best first (docs/tournaments.md: points, game score, opponents' points)."))


class TournamentListSchema(Schema):
    tournaments = fields.List(fields.Nested(TournamentSchema), required=True)


class TournamentEventSchema(Schema):
    class Meta:
        unknown = "include"  # each type of event has its own fields

    version = fields.Int(required=True)
    type = fields.Str(required=True)


class TournamentLogSchema(Schema):
    events = fields.List(fields.Nested(TournamentEventSchema), required=True)
