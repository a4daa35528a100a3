"""Playing: the legal moves, an action's answer and the events it records."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.schemas.base import PHASES, STATUSES, StrictSchema, doc
from service.schemas.games import GameSchema


class MovesArgsSchema(StrictSchema):
    min_version = fields.Int(validate=validate.Range(0, 2**62), metadata=doc(
        "A version you have already seen (an action's answer, an event, the number in an "
        "ETag). The "
        "answer is then from a state at least that new (or the latest, if the game has "
        "not reached it), and may come from what this "
        "server process holds in memory, heard to be the latest or known to be so in the "
        "last tenth of a second, instead of a read of "
        "the log: cheaper, though a change made elsewhere in the last tenth of a second "
        "may not be in it yet (an action is always judged on the latest state). Without "
        "it the answer is from the log's latest version."))


class MovesSchema(Schema):
    game_id = fields.Str(required=True)
    version = fields.Int(required=True)
    seat = fields.Int(required=True, allow_none=True)
    moves = fields.List(fields.Dict(), required=True, metadata=doc(
        "Every command the caller may send now, exactly as POST …/actions accepts it "
        "(empty when it is not their move); items are `Command`s."))


class ActorSchema(Schema):
    kind = fields.Str(required=True, metadata={"enum": ["seat", "user", "system"]})
    seat = fields.Int()
    user_id = fields.Str()
    name = fields.Str()


class EventSchema(Schema):
    game_id = fields.Str(required=True)
    version = fields.Int(required=True)
    position = fields.Int(required=True, allow_none=True, metadata=doc(
        "Place in the global feed (increasing, not consecutive); null in an action's answer."))
    type = fields.Str(required=True, metadata={"example": "route_claimed"})
    schema_version = fields.Int(required=True)
    recorded_at = fields.DateTime(required=True)
    actor = fields.Nested(ActorSchema, required=True)
    data = fields.Dict(required=True, metadata=doc(
        "The event's fields as the caller may see them (see the event catalogue)."))
    hidden = fields.List(fields.Str(), required=True, metadata=doc(
        "Fields hidden from the caller (other players' cards, deck orders, the seed)."))


class ActionResultSchema(Schema):
    game_id = fields.Str(required=True)
    version = fields.Int(required=True)
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})
    phase = fields.Str(required=True, allow_none=True, metadata={"enum": [*PHASES, None]})
    to_act = fields.List(fields.Int(), required=True, metadata=doc("Seats that must act now."))
    events = fields.List(fields.Nested(EventSchema), required=True)
    game = fields.Nested(GameSchema, metadata=doc(
        "The game as you now see it (left out with `Prefer: return=minimal`)."))
    moves = fields.List(fields.Dict(), required=True, metadata=doc(
        "Your legal moves after this action (as GET …/moves gives them); items are "
        "`Command`s."))


class HintSchema(Schema):
    game_id = fields.Str(required=True)
    version = fields.Int(required=True, metadata=doc(
        "The version of the game the hint is for (the position you were shown)."))
    recorded_version = fields.Int(required=True, metadata=doc(
        "The version of the `hint_given` event that records the hint in the game's log."))
    seat = fields.Int(required=True)
    command = fields.Dict(required=True, metadata=doc(
        "The hard level's bot's choice for your seat, exactly as POST …/actions accepts it "
        "(a `Command`): send it, or play something else."))
