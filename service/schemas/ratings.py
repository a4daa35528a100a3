"""Ratings, leaderboards, public profiles, a player's finished games and the post-game
analysis: what their endpoints take and answer (`service.api.ratings`,
`service.api.analysis`)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from domain.maps import MAP_NAMES
from domain.rating_rules import (
    ESTABLISHED_GAMES,
    MIN_OWN_TURNS,
    REASONS,
    REPEAT_WINDOW,
    REPEATS_RATED,
)
from service.map_names import KnownMap
from service.schemas.base import StrictSchema, doc
from service.schemas.games import ScorePartsSchema

MAX_OFFSET = 1_000_000


class LeaderboardArgsSchema(StrictSchema):
    bots = fields.Bool(load_default=False, metadata=doc(
        "The bots' board (bots are rated like players, on a board of their own)."))
    offset = fields.Int(load_default=0, validate=validate.Range(0, MAX_OFFSET))
    limit = fields.Int(load_default=50, validate=validate.Range(1, 100))
    me = fields.Bool(load_default=False, metadata=doc(
        "Add the caller's own entry and rank (`me`; needs a token)."))


class BoardEntrySchema(Schema):
    rank = fields.Int(required=True, metadata=doc("The place on the map's board."))
    user_id = fields.Str(required=True)
    name = fields.Str(required=True)
    bot = fields.Bool(required=True)
    rating = fields.Float(required=True, metadata=doc(
        "The displayed rating: mu − 3·sigma (a skill held with high confidence)."))
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    games = fields.Int(required=True, metadata=doc("Rated games on this map."))
    provisional = fields.Bool(required=True, metadata=doc(
        "Fewer than 5 rated games on this map: the rating is still settling."))


class LeaderboardSchema(Schema):
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    bots = fields.Bool(required=True)
    total = fields.Int(required=True, metadata=doc("Entries on the board."))
    offset = fields.Int(required=True)
    limit = fields.Int(required=True)
    entries = fields.List(fields.Nested(BoardEntrySchema), required=True)
    me = fields.Nested(BoardEntrySchema, allow_none=True, metadata=doc(
        "With `me=true`: the caller's entry (null: not on this board)."))


class MapRatingSchema(BoardEntrySchema):
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    rank = fields.Int(required=True, allow_none=True, metadata=doc(
        "The place on the map's board; null: fewer rated games there than the board "
        "shows (`TTR_LEADERBOARD_MIN_GAMES`), so not on it yet."))


class MapStatsSchema(Schema):
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    games = fields.Int(required=True)
    wins = fields.Int(required=True)
    mean_score = fields.Float(required=True, allow_none=True)
    ticket_completion_rate = fields.Float(required=True, allow_none=True)
    longest_path_bonuses = fields.Int(required=True)


class ClaimedRouteSchema(Schema):
    route = fields.Str(required=True)
    claims = fields.Int(required=True)


class ProfileSchema(Schema):
    id = fields.Str(required=True)
    name = fields.Str(required=True)
    bot = fields.Bool(required=True)
    created_at = fields.DateTime(required=True)
    ratings = fields.List(fields.Nested(MapRatingSchema), required=True)
    games_played = fields.Int(required=True, metadata=doc("Finished games, rated or not."))
    wins = fields.Int(required=True)
    mean_score = fields.Float(required=True, allow_none=True)
    ticket_completion_rate = fields.Float(required=True, allow_none=True, metadata=doc(
        "Kept tickets completed, over kept tickets."))
    longest_path_bonuses = fields.Int(required=True)
    most_claimed_routes = fields.List(fields.Nested(ClaimedRouteSchema), required=True)
    maps = fields.List(fields.Nested(MapStatsSchema), required=True)


class PlayerGamesArgsSchema(StrictSchema):
    map = fields.Str(validate=KnownMap())
    result = fields.Str(validate=validate.OneOf(["won", "lost"]))
    opponent = fields.Str(validate=[validate.Length(min=1, max=200),
                                    validate.Regexp(r"^[^\x00]*$")], metadata=doc(
        "Only games against this user id."))
    before = fields.Int(validate=validate.Range(0, 2**62), metadata=doc(
        "The `next_before` of the previous page."))
    limit = fields.Int(load_default=20, validate=validate.Range(1, 100))


class RatingChangeSchema(Schema):
    user_id = fields.Str(required=True)
    name = fields.Str(required=True)
    seat = fields.Int(required=True)
    rank = fields.Int(required=True)
    winner = fields.Bool(required=True)
    score = fields.Int(required=True)
    rated = fields.Bool(required=True)
    rating_before = fields.Float(required=True)
    rating_after = fields.Float(required=True, allow_none=True)
    change = fields.Float(required=True, allow_none=True)
    games_before = fields.Int(required=True)
    provisional = fields.Bool(required=True, metadata=doc("After this game."))
    unrated_reason = fields.Str(required=True, allow_none=True, metadata=doc(
        "Why the game did not move this player's rating (null: it did): `unrated_table` "
        "(created unrated); `solo`; `early_resignation` or `early_timeout` (a player "
        f"resigned or timed out before playing {MIN_OWN_TURNS} turns: unrated for "
        f"everyone); `repeat_opponents` ({REPEATS_RATED} games rated for both between "
        f"the same two people within {REPEAT_WINDOW.days} day(s) already); `new_opponents` "
        f"(the player has {ESTABLISHED_GAMES} rated games on the map, their opponents "
        "fewer). The rules: docs/ratings.md.", enum=[*REASONS, None]))


class PlayerGameSchema(Schema):
    game_id = fields.Str(required=True)
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    finished_at = fields.DateTime(required=True)
    rank = fields.Int(required=True)
    winner = fields.Bool(required=True)
    score = fields.Int(required=True)
    rated = fields.Bool(required=True)
    change = fields.Float(required=True, allow_none=True)
    players = fields.List(fields.Nested(RatingChangeSchema), required=True)


class PlayerGamesSchema(Schema):
    games = fields.List(fields.Nested(PlayerGameSchema), required=True)
    next_before = fields.Int(required=True, allow_none=True, metadata=doc(
        "Pass as `before` for the next page (null: this is the last)."))


class GameRatingsSchema(Schema):
    game_id = fields.Str(required=True)
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    projected = fields.Bool(required=True, metadata=doc(
        "False until the ratings job has reached this game (moments after its score)."))
    players = fields.List(fields.Nested(RatingChangeSchema), required=True)


class AnalysisTurnSchema(Schema):
    turn = fields.Int(required=True)
    seat = fields.Int(required=True)
    kind = fields.Str(required=True, metadata={"enum": [
        "claim", "station", "tickets", "cards", "tunnel_declined", "pass", "timed_out",
        "left"]})
    route = fields.Str(required=True, allow_none=True)
    points = fields.Int(required=True)
    scores = fields.List(fields.Int(), required=True, metadata=doc(
        "Every player's route points after this turn, in seat order."))


class TicketTimelineSchema(Schema):
    id = fields.Str(required=True)
    from_ = fields.Str(required=True, data_key="from")
    to = fields.Str(required=True)
    points = fields.Int(required=True)
    kept_turn = fields.Int(required=True, metadata=doc("0: the setup choice."))
    completed_turn = fields.Int(required=True, allow_none=True)
    completed = fields.Bool(required=True)


class CardsDrawnSchema(Schema):
    deck = fields.Dict(keys=fields.Str(), values=fields.Int(), required=True)
    face_up = fields.Dict(keys=fields.Str(), values=fields.Int(), required=True)


class LengthCountSchema(Schema):
    length = fields.Int(required=True)
    count = fields.Int(required=True)


class TunnelCountSchema(Schema):
    attempted = fields.Int(required=True)
    paid = fields.Int(required=True)
    declined = fields.Int(required=True)


class AnalysisPlayerSchema(Schema):
    seat = fields.Int(required=True)
    user_id = fields.Str(required=True)
    name = fields.Str(required=True)
    rank = fields.Int(required=True)
    winner = fields.Bool(required=True)
    final = fields.Nested(ScorePartsSchema, required=True)
    tickets = fields.List(fields.Nested(TicketTimelineSchema), required=True)
    cards_drawn = fields.Nested(CardsDrawnSchema, required=True)
    routes_by_length = fields.List(fields.Nested(LengthCountSchema), required=True)
    tunnels = fields.Nested(TunnelCountSchema, required=True)
    turns = fields.Dict(keys=fields.Str(), values=fields.Int(), required=True)


class SwingMoveSchema(Schema):
    turn = fields.Int(required=True)
    seat = fields.Int(required=True)
    route = fields.Str(required=True)
    points = fields.Int(required=True)
    swing = fields.Int(required=True, metadata=doc(
        "The final margin (winner − runner-up) less the margin without this route."))


class SwingSchema(Schema):
    winner = fields.Int(required=True, allow_none=True)
    runner_up = fields.Int(required=True, allow_none=True)
    margin = fields.Int(required=True, allow_none=True)
    moves = fields.List(fields.Nested(SwingMoveSchema), required=True)


class WinChanceTurnSchema(Schema):
    turn = fields.Int(required=True, metadata=doc("The turn that ended here (0: the setup)."))
    version = fields.Int(required=True, metadata=doc(
        "The game's version after that turn: the replay shows the board there."))
    chances = fields.List(fields.Float(), required=True, allow_none=True, metadata=doc(
        "Every player's chance of winning from here, in seat order (they add up to 1); "
        "null: this turn was not analysed (a small budget analyses every k-th turn)."))


class KeyMomentSchema(Schema):
    turn = fields.Int(required=True)
    seat = fields.Int(required=True, metadata=doc("Who chose."))
    version = fields.Int(required=True, metadata=doc(
        "The game's version at the start of the turn: the board the choice was made on."))
    label = fields.Str(required=True, metadata={"enum": ["inaccuracy", "mistake",
                                                         "blunder"]})
    loss = fields.Float(required=True, metadata=doc(
        "The best move's win chance less the chosen move's, for the player who chose."))
    chosen = fields.Dict(keys=fields.Str(), values=fields.Raw(), required=True, metadata=doc(
        "The turn's first command as played (the commands' JSON shape)."))
    chosen_chance = fields.Float(required=True)
    best = fields.Dict(keys=fields.Str(), values=fields.Raw(), required=True, metadata=doc(
        "The best command the analysis found."))
    best_chance = fields.Float(required=True)


class WinChancesSchema(Schema):
    status = fields.Str(required=True, metadata={"enum": ["pending", "ready", "off"], **doc(
        "pending: its job has not stored it yet; off: this server computes none "
        "(TTR_ANALYSIS_BUDGET=0) and none is stored.")})
    budget = fields.Float(metadata=doc("Seconds of CPU it was computed within."))
    playouts = fields.Int(metadata=doc("Playouts per position and per candidate move."))
    every = fields.Int(metadata=doc("Every how many turns a position was analysed."))
    decisions = fields.Int(metadata=doc("The agent decisions the playouts made."))
    turns = fields.List(fields.Nested(WinChanceTurnSchema))
    key_moments = fields.List(fields.Nested(KeyMomentSchema), metadata=doc(
        "The turns whose choice lost the most, largest loss first."))


class AnalysisSchema(Schema):
    game_id = fields.Str(required=True)
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    turn_count = fields.Int(required=True)
    turns = fields.List(fields.Nested(AnalysisTurnSchema), required=True)
    players = fields.List(fields.Nested(AnalysisPlayerSchema), required=True)
    swing = fields.Nested(SwingSchema, required=True)
    win_chances = fields.Nested(WinChancesSchema, required=True, metadata=doc(
        "The computer analysis: each player's win chance after every turn, from playouts "
        "of the strong agent, and the key moments (docs/analysis.md)."))
    ratings = fields.Nested(GameRatingsSchema, required=True)
