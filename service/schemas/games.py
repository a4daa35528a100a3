"""A game as a viewer sees it, the lobby's and a user's lists of games, and what
creating, joining, importing and scoring a game take and answer."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.cards import KINDS
from domain.maps import MAP_NAMES
from domain.stand_ins import BOT_LEVELS
from domain.table import MAX_TURN_TIME_LIMIT
from service.map_names import KnownMap
from service.schemas.base import (
    END_REASONS,
    PHASES,
    PLAYER_OUT,
    STATUSES,
    StrictSchema,
    card_counts,
    doc,
    name_field,
)


class NewGameSchema(StrictSchema):
    map = fields.Str(required=True, validate=KnownMap(),
                     metadata={"example": "europe"})
    seats = fields.Int(required=True, validate=validate.Range(2, 5),
                       metadata=doc("How many players (within the map's range).", example=4))
    private = fields.Bool(load_default=False, metadata=doc(
        "Private games are not listed in the lobby and need the invite code to join."))
    turn_time_limit = fields.Int(
        load_default=None, allow_none=True, validate=validate.Range(1, MAX_TURN_TIME_LIMIT),
        metadata=doc("Seconds each player has for a turn (and for the setup ticket choice); "
                      "none by default. The server's minimum applies (TTR_MIN_TURN_TIME_LIMIT, "
                      "60 s by default).", example=86400))
    drop_after_timeouts = fields.Int(
        load_default=3, allow_none=True, validate=validate.Range(1, 100),
        metadata=doc("A player whose turns time out this many times in a row leaves the "
                      "game (null: never)."))
    rated = fields.Bool(load_default=True, metadata=doc(
        "The result counts for the players' ratings on this map (bots' too)."))
    join = fields.Bool(load_default=True, metadata=doc("Take the first seat at once."))
    name = name_field("Your name at this table (default: your user name).")
    bots = fields.List(
        fields.Str(validate=validate.OneOf(BOT_LEVELS)), load_default=list,
        validate=validate.Length(max=5), metadata=doc(
            "Bots seated at once after you, by level (easy: one-step, medium: route-focus, "
            "hard: strong, expert: strong with its setup tickets and last turns played "
            "out). A table they fill starts at once.", example=["hard", "hard"]))
    stand_in = fields.Bool(load_default=False, metadata=doc(
        "A player who resigns, or whose turns time out `drop_after_timeouts` times in a "
        "row, does not leave: a bot takes their seat until they come back "
        "(POST …/return)."))
    stand_in_level = fields.Str(load_default="hard", validate=validate.OneOf(BOT_LEVELS),
                                metadata=doc("The level of the stand-in bots."))


class BotSeatSchema(StrictSchema):
    level = fields.Str(required=True, validate=validate.OneOf(BOT_LEVELS),
                       metadata=doc("easy (one-step), medium (route-focus), hard (strong) or "
                                    "expert (strong, with its setup tickets and last "
                                    "turns played out).",
                                    example="hard"))


class TakeSeatSchema(StrictSchema):
    name = name_field("Your name at this table (default: your user name).")
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
    bot = fields.Bool(required=True, metadata=doc("The seat is held by a bot."))
    level = fields.Str(required=True, allow_none=True,
                       metadata={"enum": [*BOT_LEVELS, None], "description": "A bot's level."})
    stands_in_for = fields.Str(required=True, allow_none=True, metadata=doc(
        "The user a stand-in bot holds the seat for (they may come back)."))
    out = fields.Str(allow_none=True, metadata={"enum": [*PLAYER_OUT, None]})
    trains = fields.Int()
    stations_left = fields.Int()
    stations = fields.List(fields.Str())
    routes = fields.List(fields.Str())
    route_points = fields.Int()
    hand_size = fields.Int()
    ticket_count = fields.Int()
    pending_ticket_count = fields.Int()
    timeouts_in_a_row = fields.Int()
    hand = card_counts(description="After the end only.")
    tickets = fields.List(fields.Nested(TicketViewSchema), metadata=doc("After the end only."))
    pending_tickets = fields.List(fields.Nested(TicketViewSchema),
                                  metadata=doc("After the end only."))


class TurnSchema(Schema):
    seat = fields.Int(required=True)
    step = fields.Str(required=True, metadata={"enum": ["start", "second_card", "keep_tickets",
                                                        "tunnel"]})
    number = fields.Int(required=True)


class TunnelSchema(Schema):
    seat = fields.Int(required=True)
    route = fields.Str(required=True)
    cards = card_counts(required=True)
    color = fields.Str(required=True, metadata=doc("The colour played, or `locomotive` for "
                                                    "an all-locomotive payment.",
                                                    enum=list(KINDS)))
    revealed = fields.List(fields.Str(metadata={"enum": list(KINDS)}), required=True)
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
    hand = card_counts(required=True)
    tickets = fields.List(fields.Nested(TicketViewSchema), required=True)
    pending_tickets = fields.List(fields.Nested(TicketViewSchema), required=True)
    pending = fields.Nested(PendingSchema, required=True, allow_none=True)


class StationUseSchema(Schema):
    city = fields.Str(required=True)
    route = fields.Str(required=True, allow_none=True, metadata=doc(
        "The other player's route this station borrows for the tickets (null: none)."))


class TicketResultSchema(Schema):
    id = fields.Str(required=True)
    from_ = fields.Str(required=True, data_key="from")
    to = fields.Str(required=True)
    points = fields.Int(required=True)
    completed = fields.Bool(required=True)


class ScorePartsSchema(Schema):
    routes = fields.Int(required=True)
    tickets = fields.Int(required=True)
    stations = fields.Int(required=True)
    longest_path = fields.Int(required=True)
    globetrotter = fields.Int(required=True)
    total = fields.Int(required=True)


class PlayerScoreSchema(Schema):
    """One player's final score, as the rules compute it (`game_scored`, `Game.score`)."""
    seat = fields.Int(required=True)
    routes = fields.List(fields.Str(), required=True)
    stations = fields.List(fields.Nested(StationUseSchema), required=True)
    tickets = fields.List(fields.Nested(TicketResultSchema), required=True)
    score = fields.Nested(ScorePartsSchema, required=True)
    longest_path_length = fields.Int(required=True)
    longest_path_routes = fields.List(fields.Str(), required=True)
    completed_tickets = fields.Int()
    rank = fields.Int(required=True)
    winner = fields.Bool(required=True)
    out = fields.Bool(metadata=doc("Left the game: ranked after every player still in."))


class ScorePlayerSchema(PlayerScoreSchema):
    """A player's line of `GET …/score`: the score, and the player's name and id."""
    user_id = fields.Str(required=True)
    name = fields.Str(required=True)


class ListedPlayerSchema(Schema):
    seat = fields.Int(required=True)
    user_id = fields.Str(required=True)
    name = fields.Str(required=True)
    to_act = fields.Bool(required=True)
    out = fields.Str(required=True, allow_none=True, metadata={"enum": [*PLAYER_OUT, None]})
    bot = fields.Bool(required=True, metadata=doc("The seat is held by a bot."))
    level = fields.Str(required=True, allow_none=True,
                       metadata={"enum": [*BOT_LEVELS, None], "description": "A bot's level."})


class OptionsSchema(Schema):
    turn_time_limit = fields.Int(required=True, allow_none=True)
    drop_after_timeouts = fields.Int(required=True, allow_none=True)
    stand_in = fields.Str(required=True, allow_none=True, metadata={
        "enum": [*BOT_LEVELS, None],
        "description": "The level of the bots that stand in for players who leave "
                       "(null: players leave the game)."})
    rated = fields.Bool(required=True)


class GameSchema(Schema):
    id = fields.Str(required=True)
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})
    version = fields.Int(required=True, metadata=doc("The number of events so far; the ETag."))
    rules_version = fields.Int(required=True)
    seats = fields.Int(required=True)
    private = fields.Bool(required=True)
    created_by = fields.Str(required=True)
    created_at = fields.DateTime(required=True, allow_none=True)
    last_activity = fields.DateTime(required=True, allow_none=True)
    options = fields.Nested(OptionsSchema, required=True)
    seed_commitment = fields.Str(required=True, metadata=doc(
        "SHA-256 of the secret seed that drives every shuffle (see docs/shuffles.md)."))
    seed = fields.Str(required=True, allow_none=True, metadata=doc("Revealed at the end."))
    phase = fields.Str(required=True, allow_none=True, metadata={"enum": [*PHASES, None]})
    to_act = fields.List(fields.Int(), required=True, metadata=doc("Seats that must act now."))
    deadline = fields.DateTime(required=True, allow_none=True, metadata=doc(
        "When the turn (or the setup choice) runs out; null: no limit, or paused while a "
        "seat that must act is away (`away`)."))
    away = fields.List(fields.Int(), required=True, metadata=doc(
        "Seats whose players are on vacation: their turn deadlines are paused "
        "(`deadline_paused`, `deadline_resumed` in the log)."))
    players = fields.List(fields.Nested(PlayerViewSchema), required=True)
    turn = fields.Nested(TurnSchema, required=True, allow_none=True)
    market = fields.List(fields.Str(allow_none=True, metadata={"enum": [*KINDS, None]}),
                         required=True,
                         metadata=doc("The five face-up cards (null: an empty slot)."))
    deck_count = fields.Int(required=True)
    discard_count = fields.Int(required=True)
    ticket_deck_count = fields.Int(required=True)
    tunnel = fields.Nested(TunnelSchema, required=True, allow_none=True)
    final_round = fields.Nested(FinalRoundSchema, required=True, allow_none=True)
    end_reason = fields.Str(required=True, allow_none=True, metadata=doc(
        "Why the game ended (null: it has not).", enum=[*END_REASONS, None]))
    you = fields.Nested(YouSchema, required=True, allow_none=True, metadata=doc(
        "The caller's own hand, tickets and pending choice (null unless seated)."))
    score = fields.List(fields.Nested(PlayerScoreSchema), required=True, allow_none=True,
                        metadata=doc("The final score once computed (see /score)."))
    spectators = fields.Int(validate=validate.Range(min=0), metadata=doc(
        "How many people (signed in, without a seat) watch the game's event stream now; "
        "in `GET /v1/games/{id}` and the stream's `snapshot` only, and not part of the "
        "ETag: the stream sends it again (`spectators`) whenever it changes."))


class GameCreatedSchema(GameSchema):
    invite_code = fields.Str(metadata=doc("Private games: shown only now, to the creator."))


class GameListEntrySchema(Schema):
    id = fields.Str(required=True)
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
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
    players = fields.List(fields.Nested(ListedPlayerSchema), required=True)
    to_act = fields.List(fields.Int(), required=True)
    your_seat = fields.Int(required=True, allow_none=True, metadata=doc(
        "Your seat (null: none). A seat a stand-in bot holds for you until you come back "
        "(`POST …/return`) is yours here, though `players` shows the bot holding it."))
    your_turn = fields.Bool(required=True, metadata=doc(
        "You must act now (never while a stand-in holds your seat)."))


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameListEntrySchema), required=True)


class InvitationSchema(Schema):
    game_id = fields.Str(required=True)
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})
    inviter = fields.Str(required=True, allow_none=True, metadata=doc(
        "The name the table's creator sits under (null: they hold no seat)."))
    seats = fields.Int(required=True)
    seats_taken = fields.Int(required=True)


class LobbyArgsSchema(StrictSchema):
    status = fields.Str(load_default="open", validate=validate.OneOf(["open", "playing"]),
                        metadata=doc("`open`: games with free seats to join; `playing`: "
                                     "games in progress to watch. Never a private game."))
    map = fields.Str(validate=KnownMap())
    limit = fields.Int(load_default=50, validate=validate.Range(1, 200))


class MyGamesArgsSchema(StrictSchema):
    status = fields.Str(validate=validate.OneOf(STATUSES))
    my_turn = fields.Bool(load_default=False)
    limit = fields.Int(load_default=100, validate=validate.Range(1, 500))


class ScoreSchema(Schema):
    game_id = fields.Str(required=True)
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})
    players = fields.List(fields.Nested(ScorePlayerSchema), required=True, metadata=doc(
        "Per seat: routes, stations (with the route each borrows), tickets (from, to, "
        "points, completed), the longest path's length and routes, `score` (its parts "
        "`routes`, `tickets`, `stations`, `longest_path`, `globetrotter` and their "
        "`total`), rank, winner."))
    winners = fields.List(fields.Int(), required=True)


class ScorePendingSchema(Schema):
    game_id = fields.Str(required=True)
    status = fields.Str(required=True, metadata={"enum": list(STATUSES)})
    waiting_for_worker = fields.Bool(required=True, metadata={"description": (
        "No worker has taken jobs from the queue for a while (PostgreSQL and Redis "
        "mode): the score is computed once one starts. Always false in the embedded "
        "mode, where jobs run in the server.")})


class ImportArgsSchema(StrictSchema):
    pass
