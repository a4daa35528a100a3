"""The event feeds of a game and of a user: their pages and their arguments."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.schemas.base import StrictSchema, doc
from service.schemas.play import EventSchema


class EventPageSchema(Schema):
    game_id = fields.Str(required=True)
    version = fields.Int(required=True, metadata=doc("The game's version when read."))
    events = fields.List(fields.Nested(EventSchema), required=True)


class UserEventPageSchema(Schema):
    position = fields.Int(required=True, metadata=doc("Resume with `after=` this."))
    events = fields.List(fields.Nested(EventSchema), required=True)


# The largest version or global position a feed can be asked to start after: the
# stores' integers are 64-bit, and positions are made well below that (`txid × 4096`).
MAX_POSITION = 2**62


class EventsArgsSchema(StrictSchema):
    after = fields.Int(load_default=0, validate=validate.Range(0, MAX_POSITION))
    wait = fields.Float(load_default=0.0, validate=validate.Range(0, 3600), metadata=doc(
        "Long-poll: hold the request up to this many seconds (capped by the server, 60 by "
        "default) until there is an event after `after`."))
    limit = fields.Int(load_default=500, validate=validate.Range(1, 5000))


class GameEventsArgsSchema(EventsArgsSchema):
    snapshots = fields.Str(load_default="start", validate=validate.OneOf(["start", "each"]),
                           metadata=doc(
        "Streams only. `start`: one `snapshot`, first. `each`: after every burst of events "
        "too, a `snapshot` (the game as you now see it) and, if you hold a seat, a `moves` "
        "message (your legal moves then, as `GET …/moves` answers), in the same write as "
        "the events: a page following the game need not ask for either after a change."))
