"""The request and response shapes, as marshmallow schemas: they validate what clients
send and generate the schemas of `openapi.yaml`.

Responses are built as plain dicts by `service.views` (the hot paths skip a second
serialisation); the tests hold every response to these schemas through the spec.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from domain.cards import KINDS
from domain.maps import MAP_NAMES
from domain.table import MAX_TURN_TIME_LIMIT
from service.map_names import KnownMap

STATUSES = ("open", "playing", "scoring", "finished")


def _doc(description: str, **more: Any) -> dict[str, Any]:
    return {"description": description, **more}


class StrictSchema(Schema):
    class Meta:
        # unknown fields are an error, so a typo never silently does nothing
        unknown = "raise"


# -- problems ------------------------------------------------------------------------

class ProblemSchema(Schema):
    type = fields.Str(required=True, metadata=_doc("Stable URI reference of the kind of "
                                                   "problem, e.g. `/problems/rule-violation`."))
    title = fields.Str(required=True)
    status = fields.Int(required=True)
    detail = fields.Str()
    instance = fields.Str()
    code = fields.Str(metadata=_doc("The rule's stable code (rule violations, forbidden "
                                    "and malformed commands)."))
    rule = fields.Str(metadata=_doc("What the rule forbids, in words."))
    errors = fields.Dict(metadata=_doc("Invalid fields and what is wrong with each."))
    current_version = fields.Int(metadata=_doc("The game's latest version (409, 412)."))
    first_failure = fields.Dict(metadata=_doc(
        "An import that does not verify: the first event that fails (`version`, `type`, "
        "`reason`)."))


# -- users ---------------------------------------------------------------------------

class NewUserSchema(StrictSchema):
    name = fields.Str(required=True, validate=validate.Length(min=1, max=64),
                      metadata=_doc("The name other players see.", example="Alice"))


class UserSchema(Schema):
    id = fields.Str(required=True, metadata={"example": "u_3f2a9c1e5b7d4a6c8e0f"})
    name = fields.Str(required=True)
    created_at = fields.DateTime(required=True)


class UserCreatedSchema(UserSchema):
    token = fields.Str(required=True, metadata=_doc(
        "The bearer token: shown only now, stored hashed. Send it as "
        "`Authorization: Bearer <token>`."))


# -- maps ----------------------------------------------------------------------------

class RouteSchema(Schema):
    id = fields.Str(required=True, metadata=_doc("Stable id used by commands.",
                                                 example="usa/denver-kansas-city-1"))
    a = fields.Str(required=True)
    b = fields.Str(required=True)
    length = fields.Int(required=True)
    color = fields.Str(required=True, metadata={"enum": [*KINDS[:-1], "gray"]})
    tunnel = fields.Bool(required=True)
    locomotives = fields.Int(required=True, metadata=_doc("Ferry locomotive symbols."))
    double_group = fields.Int(required=True, allow_none=True)


class TicketSchema(Schema):
    id = fields.Str(required=True, metadata={"example": "usa/denver-el-paso"})
    a = fields.Str(required=True)
    b = fields.Str(required=True)
    points = fields.Int(required=True)
    long = fields.Bool(required=True)


class RulesSchema(Schema):
    min_players = fields.Int(required=True)
    max_players = fields.Int(required=True)
    trains = fields.Int(required=True)
    stations = fields.Int(required=True)
    route_points = fields.Dict(keys=fields.Str(), values=fields.Int(), required=True)
    longest_path_bonus = fields.Int(required=True)
    globetrotter_bonus = fields.Int(required=True)
    setup_tickets = fields.Int(required=True)
    setup_keep_at_least = fields.Int(required=True)
    draw_tickets = fields.Int(required=True)
    draw_keep_at_least = fields.Int(required=True)
    locomotives_on_ordinary_routes = fields.Bool(required=True)
    double_routes_min_players = fields.Int(required=True)
    tie_breakers = fields.List(fields.Str(), required=True)


class MapSummarySchema(Schema):
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    name = fields.Str(required=True)
    cities = fields.Int(required=True)
    routes = fields.Int(required=True)
    tickets = fields.Int(required=True)
    rules = fields.Nested(RulesSchema, required=True)


class MapListSchema(Schema):
    maps = fields.List(fields.Nested(MapSummarySchema), required=True)


class MapSchema(Schema):
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    name = fields.Str(required=True)
    cities = fields.List(fields.Str(), required=True)
    routes = fields.List(fields.Nested(RouteSchema), required=True)
    tickets = fields.List(fields.Nested(TicketSchema), required=True)
    rules = fields.Nested(RulesSchema, required=True)
    rules_version = fields.Int(required=True)


# -- games ---------------------------------------------------------------------------

class NewGameSchema(StrictSchema):
    map = fields.Str(required=True, validate=KnownMap(),
                     metadata={"example": "europe"})
    seats = fields.Int(required=True, validate=validate.Range(2, 5),
                       metadata=_doc("How many players (within the map's range).", example=4))
    private = fields.Bool(load_default=False, metadata=_doc(
        "Private games are not listed in the lobby and need the invite code to join."))
    turn_time_limit = fields.Int(
        load_default=None, allow_none=True, validate=validate.Range(1, MAX_TURN_TIME_LIMIT),
        metadata=_doc("Seconds each player has for a turn (and for the setup ticket choice); "
                      "none by default. The server's minimum applies (TTR_MIN_TURN_TIME_LIMIT, "
                      "60 s by default).", example=86400))
    drop_after_timeouts = fields.Int(
        load_default=3, allow_none=True, validate=validate.Range(1, 100),
        metadata=_doc("A player whose turns time out this many times in a row leaves the "
                      "game (null: never)."))
    join = fields.Bool(load_default=True, metadata=_doc("Take the first seat at once."))
    name = fields.Str(validate=validate.Length(min=1, max=64),
                      metadata=_doc("Your name at this table (default: your user name)."))


class TakeSeatSchema(StrictSchema):
    name = fields.Str(validate=validate.Length(min=1, max=64))
    invite_code = fields.Str(validate=validate.Length(max=200))


class TicketViewSchema(Schema):
    id = fields.Str(required=True)
    from_ = fields.Str(required=True, data_key="from")
    to = fields.Str(required=True)
    points = fields.Int(required=True)


CardMap = fields.Dict(keys=fields.Str(validate=validate.OneOf(KINDS)), values=fields.Int())


class PlayerViewSchema(Schema):
    seat = fields.Int(required=True)
    user_id = fields.Str(required=True)
    name = fields.Str(required=True)
    to_act = fields.Bool(required=True)
    out = fields.Str(allow_none=True, metadata={"enum": ["resigned", "dropped", None]})
    trains = fields.Int()
    stations_left = fields.Int()
    stations = fields.List(fields.Str())
    routes = fields.List(fields.Str())
    route_points = fields.Int()
    hand_size = fields.Int()
    ticket_count = fields.Int()
    pending_ticket_count = fields.Int()
    timeouts_in_a_row = fields.Int()
    hand = fields.Dict(keys=fields.Str(), values=fields.Int(),
                       metadata=_doc("After the end only."))
    tickets = fields.List(fields.Nested(TicketViewSchema), metadata=_doc("After the end only."))
    pending_tickets = fields.List(fields.Nested(TicketViewSchema),
                                  metadata=_doc("After the end only."))


class TurnSchema(Schema):
    seat = fields.Int(required=True)
    step = fields.Str(required=True, metadata={"enum": ["start", "second_card", "keep_tickets",
                                                        "tunnel"]})
    number = fields.Int(required=True)


class TunnelSchema(Schema):
    seat = fields.Int(required=True)
    route = fields.Str(required=True)
    cards = fields.Dict(keys=fields.Str(), values=fields.Int(), required=True)
    color = fields.Str(required=True)
    revealed = fields.List(fields.Str(), required=True)
    extra_cards = fields.Int(required=True)


class FinalRoundSchema(Schema):
    started_by = fields.Int(required=True)
    turns_owed = fields.List(fields.Int(), required=True)


class PendingSchema(Schema):
    kind = fields.Str(required=True, metadata={"enum": ["keep_tickets", "tunnel",
                                                        "second_card"]})
    keep_at_least = fields.Int()


class YouSchema(Schema):
    seat = fields.Int(required=True)
    hand = fields.Dict(keys=fields.Str(), values=fields.Int(), required=True)
    tickets = fields.List(fields.Nested(TicketViewSchema), required=True)
    pending_tickets = fields.List(fields.Nested(TicketViewSchema), required=True)
    pending = fields.Nested(PendingSchema, required=True, allow_none=True)


class OptionsSchema(Schema):
    turn_time_limit = fields.Int(required=True, allow_none=True)
    drop_after_timeouts = fields.Int(required=True, allow_none=True)


class GameSchema(Schema):
    id = fields.Str(required=True)
    map = fields.Str(required=True)
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})
    version = fields.Int(required=True, metadata=_doc("The number of events so far; the ETag."))
    rules_version = fields.Int(required=True)
    seats = fields.Int(required=True)
    private = fields.Bool(required=True)
    created_by = fields.Str(required=True)
    created_at = fields.DateTime(required=True, allow_none=True)
    last_activity = fields.DateTime(required=True, allow_none=True)
    options = fields.Nested(OptionsSchema, required=True)
    seed_commitment = fields.Str(required=True, metadata=_doc(
        "SHA-256 of the secret seed that drives every shuffle (see docs/shuffles.md)."))
    seed = fields.Str(required=True, allow_none=True, metadata=_doc("Revealed at the end."))
    phase = fields.Str(required=True, allow_none=True,
                       metadata={"enum": ["setup", "playing", "ended", None]})
    to_act = fields.List(fields.Int(), required=True, metadata=_doc("Seats that must act now."))
    deadline = fields.DateTime(required=True, allow_none=True)
    players = fields.List(fields.Nested(PlayerViewSchema), required=True)
    turn = fields.Nested(TurnSchema, required=True, allow_none=True)
    market = fields.List(fields.Str(allow_none=True), required=True)
    deck_count = fields.Int(required=True)
    discard_count = fields.Int(required=True)
    ticket_deck_count = fields.Int(required=True)
    tunnel = fields.Nested(TunnelSchema, required=True, allow_none=True)
    final_round = fields.Nested(FinalRoundSchema, required=True, allow_none=True)
    end_reason = fields.Str(required=True, allow_none=True)
    you = fields.Nested(YouSchema, required=True, allow_none=True, metadata=_doc(
        "The caller's own hand, tickets and pending choice (null unless seated)."))
    score = fields.List(fields.Dict(), required=True, allow_none=True,
                        metadata=_doc("The final score once computed (see /score)."))


class GameCreatedSchema(GameSchema):
    invite_code = fields.Str(metadata=_doc("Private games: shown only now, to the creator."))


class GameListEntrySchema(Schema):
    id = fields.Str(required=True)
    map = fields.Str(required=True)
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})
    private = fields.Bool(required=True)
    seats = fields.Int(required=True)
    seats_taken = fields.Int(required=True)
    created_by = fields.Str(required=True)
    created_at = fields.DateTime(required=True)
    last_activity = fields.DateTime(required=True)
    version = fields.Int(required=True)
    turn_time_limit = fields.Int(required=True, allow_none=True)
    deadline = fields.DateTime(required=True, allow_none=True)
    players = fields.List(fields.Dict(), required=True)
    to_act = fields.List(fields.Int(), required=True)
    your_seat = fields.Int(required=True, allow_none=True)
    your_turn = fields.Bool(required=True)


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameListEntrySchema), required=True)


class LobbyArgsSchema(StrictSchema):
    status = fields.Str(load_default="open", validate=validate.OneOf(["open"]))
    map = fields.Str(validate=KnownMap())
    limit = fields.Int(load_default=50, validate=validate.Range(1, 200))


class MyGamesArgsSchema(StrictSchema):
    status = fields.Str(validate=validate.OneOf(STATUSES))
    my_turn = fields.Bool(load_default=False)
    limit = fields.Int(load_default=100, validate=validate.Range(1, 500))


class MovesArgsSchema(StrictSchema):
    min_version = fields.Int(validate=validate.Range(0, 2**62), metadata=_doc(
        "A version you have already seen (an action's answer, an event, the number in an "
        "ETag). The "
        "answer is then from a state at least that new (or the latest, if the game has "
        "not reached it), and may come from what this "
        "server process holds in memory, heard to be the latest, instead of a read of "
        "the log: cheaper, though a change made elsewhere in the last few milliseconds "
        "may not be in it yet (an action is always judged on the latest state). Without "
        "it the answer is from the log's latest version."))


class MovesSchema(Schema):
    game_id = fields.Str(required=True)
    version = fields.Int(required=True)
    seat = fields.Int(required=True, allow_none=True)
    moves = fields.List(fields.Dict(), required=True, metadata=_doc(
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
    position = fields.Int(required=True, allow_none=True, metadata=_doc(
        "Place in the global feed (increasing, not consecutive); null in an action's answer."))
    type = fields.Str(required=True, metadata={"example": "route_claimed"})
    schema_version = fields.Int(required=True)
    recorded_at = fields.DateTime(required=True)
    actor = fields.Nested(ActorSchema, required=True)
    data = fields.Dict(required=True, metadata=_doc(
        "The event's fields as the caller may see them (see the event catalogue)."))
    hidden = fields.List(fields.Str(), required=True, metadata=_doc(
        "Fields hidden from the caller (other players' cards, deck orders, the seed)."))


class ActionResultSchema(Schema):
    game_id = fields.Str(required=True)
    version = fields.Int(required=True)
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})
    phase = fields.Str(required=True, allow_none=True,
                       metadata={"enum": ["setup", "playing", "ended", None]})
    to_act = fields.List(fields.Int(), required=True, metadata=_doc("Seats that must act now."))
    events = fields.List(fields.Nested(EventSchema), required=True)
    game = fields.Nested(GameSchema, metadata=_doc(
        "The game as you now see it (left out with `Prefer: return=minimal`)."))
    moves = fields.List(fields.Dict(), required=True, metadata=_doc(
        "Your legal moves after this action (as GET …/moves gives them); items are "
        "`Command`s."))


class EventPageSchema(Schema):
    game_id = fields.Str(required=True)
    version = fields.Int(required=True, metadata=_doc("The game's version when read."))
    events = fields.List(fields.Nested(EventSchema), required=True)


class UserEventPageSchema(Schema):
    position = fields.Int(required=True, metadata=_doc("Resume with `after=` this."))
    events = fields.List(fields.Nested(EventSchema), required=True)


# The largest version or global position a feed can be asked to start after: the
# stores' integers are 64-bit, and positions are made well below that (`txid × 4096`).
MAX_POSITION = 2**62


class EventsArgsSchema(StrictSchema):
    after = fields.Int(load_default=0, validate=validate.Range(0, MAX_POSITION))
    wait = fields.Float(load_default=0.0, validate=validate.Range(0, 3600), metadata=_doc(
        "Long-poll: hold the request up to this many seconds (capped by the server, 60 by "
        "default) until there is an event after `after`."))
    limit = fields.Int(load_default=500, validate=validate.Range(1, 5000))


class ScoreSchema(Schema):
    game_id = fields.Str(required=True)
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})
    players = fields.List(fields.Dict(), required=True, metadata=_doc(
        "Per seat: routes, stations (with the route each borrows), tickets (from, to, "
        "points, completed), the longest path's length and routes, `score` (its parts "
        "`routes`, `tickets`, `stations`, `longest_path`, `globetrotter` and their "
        "`total`), rank, winner."))
    winners = fields.List(fields.Int(), required=True)


class ScorePendingSchema(Schema):
    game_id = fields.Str(required=True)
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})


class ImportArgsSchema(StrictSchema):
    pass


# -- webhooks ------------------------------------------------------------------------

WEBHOOK_KINDS = ("your_turn", "game_started", "game_ended", "game_scored", "player_timed_out",
                 "player_left", "ping")
DELIVERY_STATUSES = ("pending", "delivered", "failed")


class NewWebhookSchema(StrictSchema):
    url = fields.Url(required=True, schemes={"http", "https"}, require_tld=False,
                     validate=validate.Length(max=2000), metadata=_doc(
                         "Where every event for you is POSTed (http or https; a public "
                         "address).", example="https://bot.example.com/ttr", format="uri",
                         pattern="^[Hh][Tt][Tt][Pp][Ss]?://"))
    secret = fields.Str(required=True, load_only=True, validate=validate.Length(16, 200),
                        metadata=_doc("The key of the signatures (`X-TTR-Signature`): 16 "
                                      "to 200 characters; never shown again."))


class WebhookSchema(Schema):
    url = fields.Str(required=True)
    created_at = fields.DateTime(required=True)
    updated_at = fields.DateTime(required=True)


class AttemptSchema(Schema):
    number = fields.Int(required=True, metadata=_doc("1 for the first attempt, and so on."))
    at = fields.DateTime(required=True, metadata=_doc("When it was sent."))
    status_code = fields.Int(required=True, allow_none=True, metadata=_doc(
        "The receiver's HTTP status; null when it gave none (see `error`)."))
    error = fields.Str(required=True, allow_none=True, metadata=_doc(
        "What went wrong without a status: a timeout, a refused connection, …"))
    duration_ms = fields.Int(required=True)


class DeliverySchema(Schema):
    id = fields.Str(required=True, metadata=_doc(
        "The delivery's id: the body's `id` and the `X-TTR-Delivery` header, the same on "
        "every attempt.", example="d_4f1c2a9e0b7d5c3a1e8f6b2d"))
    kind = fields.Str(required=True, metadata={"enum": list(WEBHOOK_KINDS)})
    game_id = fields.Str(required=True, allow_none=True, metadata=_doc("Null for a ping."))
    version = fields.Int(required=True, allow_none=True, metadata=_doc(
        "The game's version the event is about; null for a ping."))
    status = fields.Str(required=True, metadata={"enum": list(DELIVERY_STATUSES)})
    created_at = fields.DateTime(required=True)
    next_attempt_at = fields.DateTime(required=True, allow_none=True, metadata=_doc(
        "When the next attempt is due (pending deliveries); null once delivered or failed."))
    attempts = fields.List(fields.Nested(AttemptSchema), required=True, metadata=_doc(
        "Every attempt so far, oldest first."))


class DeliveryListSchema(Schema):
    deliveries = fields.List(fields.Nested(DeliverySchema), required=True)


class DeliveriesArgsSchema(StrictSchema):
    limit = fields.Int(load_default=50, validate=validate.Range(1, 200))
