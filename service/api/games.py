"""Games: the lobby, creating a table, seats (bots too), the game as you see it, moves and
actions, the state at any version, and the final score."""

from __future__ import annotations

import re
from typing import Any

from flask import Response, request
from flask.views import MethodView

from domain.commands import command_from_dict
from domain.stand_ins import ReturnToSeat, SeatBot
from domain.table import StartGame, Table, TableCommand, TakeSeat
from domain.violations import RuleViolation
from events import request_hash
from events.accounts import User
from events.outcome import Outcome
from events.repository import turn_deadline
from referee.referee import NewGame
from service.api.common import (
    BEARER,
    PUBLIC_READ,
    Blueprint,
    doc,
    etag,
    game_as_seen,
    idempotency_key,
    if_match,
    json_object,
    json_response,
    not_modified,
    problems,
    query_documented,
    visible_to,
)
from service.auth import current_user, new_id, optional_user
from service.commands_spec import EXAMPLES
from service.problems import Problem
from service.replica_reads import from_replica
from service.schemas import (
    ActionResultSchema,
    BotSeatSchema,
    GameCreatedSchema,
    GameListSchema,
    GameSchema,
    LobbyArgsSchema,
    MovesArgsSchema,
    MovesSchema,
    MyGamesArgsSchema,
    NewGameSchema,
    ScorePendingSchema,
    ScoreSchema,
    TakeSeatSchema,
)
from service.services import services
from service.views import (
    Viewer,
    action_view,
    ended,
    game_view,
    moves_answer,
    row_view,
    score_view,
)

blp = Blueprint("games", __name__, url_prefix="/v1",
                description="Games: lobby, seats, state, moves and actions.")


# -- the lobby and creating games --------------------------------------------------------

@blp.route("/games")
class Games(MethodView):
    @blp.arguments(LobbyArgsSchema(), location="query", error_status_code=400)
    @blp.response(200, GameListSchema)
    @problems(blp, "invalid-request", "rate-limited")
    @doc(blp, security=PUBLIC_READ)
    def get(self, args: dict[str, Any]) -> Any:
        """The lobby: public games with free seats, or in progress to watch; newest first"""
        user = optional_user()
        with from_replica():
            rows = services().store.open_games(args.get("map"), args["limit"],
                                               args["status"])
        return json_response({"games": [row_view(r, user.user_id if user else None)
                                        for r in rows]})

    @blp.arguments(NewGameSchema(), error_status_code=400)
    @blp.response(201, GameCreatedSchema, headers={"Location": {
        "description": "The new game's URL.", "schema": {"type": "string"}}})
    @problems(blp, "invalid-request", "unauthorized", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any]) -> Any:
        """Create a game (and, by default, take its first seat)

        For a private game the answer holds its invite code, shown only now. The game
        starts by itself when its last seat is taken, or earlier by `POST …/start`.
        `bots` seats bots after you (a table they fill starts at once); `stand_in` lets
        bots stand in for players who leave.
        """
        user = current_user()
        s = services()
        limit = body.get("turn_time_limit")
        if limit is not None and limit < s.http.min_turn_time_limit:
            raise Problem("invalid-request", "turn_time_limit is too short.", errors={
                "turn_time_limit": [f"At least {s.http.min_turn_time_limit} seconds."]})
        game_id = new_id("g_")
        join_as = (body.get("name") or user.name) if body["join"] else None
        created = s.referee.create_game(game_id, user.user_id, NewGame(
            map_name=body["map"], seats=body["seats"], private=body["private"],
            turn_time_limit=limit, drop_after_timeouts=body["drop_after_timeouts"],
            join_as=join_as, bots=tuple(body["bots"]),
            stand_in=body["stand_in_level"] if body["stand_in"] else None,
            rated=body["rated"]))
        outcome, invite = created.outcome, created.invite_code
        view = game_view(game_id, outcome.after, Viewer.of(outcome.after, user.user_id),
                         deadline=_deadline(outcome))
        if invite is not None:
            view["invite_code"] = invite
        return json_response(view, 201, version=outcome.last_version,
                             headers={"Location": f"/v1/games/{game_id}"})


@blp.route("/users/me/games")
class MyGames(MethodView):
    @blp.arguments(MyGamesArgsSchema(), location="query", error_status_code=400)
    @blp.response(200, GameListSchema)
    @problems(blp, "invalid-request", "unauthorized", "rate-limited")
    @doc(blp, security=BEARER)
    def get(self, args: dict[str, Any]) -> Any:
        """Your games, newest activity first (`my_turn=true`: those waiting for you)"""
        user = current_user()
        with from_replica():
            rows = services().store.games_of_user(user.user_id, args.get("status"),
                                                  args["my_turn"], args["limit"])
        return json_response({"games": [row_view(r, user.user_id) for r in rows]})


# -- one game ---------------------------------------------------------------------------------

@blp.route("/games/<game_id>")
class Game(MethodView):
    @blp.response(200, GameSchema, headers={"ETag": {
        "description": "The game's version.", "schema": {"type": "string"}}})
    @blp.alt_response(304, description="Not modified: `If-None-Match` names this version.")
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=PUBLIC_READ, parameters=[{
        "in": "header", "name": "If-None-Match", "required": False,
        "schema": {"type": "string"}, "description": "A version seen before, as an ETag."}])
    def get(self, game_id: str) -> Any:
        """The game as you may see it

        The public state (market, counts of cards and tickets, each player's trains,
        stations, routes and points so far, whose turn, the phase) and, for a seated
        caller only, `you`: their hand, tickets and pending choice. `ETag` is the version.
        """
        s = services()
        user = optional_user()
        table = s.log.load(game_id)
        viewer = visible_to(table, user)
        if not_modified(table.version):
            return Response(status=304, headers={"ETag": etag(table.version)})
        return json_response(game_as_seen(game_id, table, viewer), version=table.version)


@blp.route("/games/<game_id>/players")
class Players(MethodView):
    @blp.arguments(TakeSeatSchema(), error_status_code=400)
    @blp.response(200, GameSchema)
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rule-violation",
              "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Take a seat (a private game needs its invite code)

        The game starts when its last seat is taken.
        """
        user = current_user()
        command = TakeSeat(body.get("name") or user.name, body.get("invite_code"))
        return perform(game_id, user, command)


@blp.route("/games/<game_id>/start")
class Start(MethodView):
    @blp.response(200, GameSchema)
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rule-violation", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, game_id: str) -> Any:
        """Start before every seat is taken (the creator, with at least 2 players)"""
        user = current_user()
        return perform(game_id, user, StartGame())


def perform(game_id: str, user: User, command: TableCommand) -> Any:
    """Run a table command and answer with the game as the caller now sees it.

    Refused at a private table where the caller has no part (no seat, not its
    creator) and did not give its invite code: 404, as for a game that does not exist
    (every GET says so too); the rules' reason would tell that the game exists."""
    try:
        outcome = services().referee.seat(game_id, user.user_id, command)
    except RuleViolation as refused:
        table = services().log.load(game_id)
        invited = isinstance(command, TakeSeat) and refused.code != "invite_required"
        if not invited:
            visible_to(table, user)
        raise
    view = game_view(game_id, outcome.after, Viewer.of(outcome.after, user.user_id),
                     deadline=_deadline(outcome))
    return json_response(view, version=outcome.last_version)


def _deadline(outcome: Outcome) -> Any:
    """The deadline after a command: the one its idempotency record remembered, a new
    turn's, or the one the index already holds."""
    if outcome.remembered is not None:
        return outcome.remembered.deadline
    return turn_deadline(outcome.game_id, outcome.after, outcome.summary, services().store)


# -- moves and actions -------------------------------------------------------------------------

# How long a state this process read or wrote stays good enough for a moves answer
# at a version the client has seen, in a game it does not follow (the contract's
# `min_version` says so): a bot asking for its moves right after its last action's
# answer costs no read of the log.
MOVES_RECENT_SECONDS = 0.1


def _at_least(game_id: str, min_version: int | None) -> Table:
    """The game's latest state; with `min_version`, the state this process holds if it
    is at least that new and has heard of nothing newer, or, in a game it does not
    follow, knew it to be the latest a moment ago (read-your-writes holds: the client
    has seen no later version than the one it names)."""
    log = services().log
    if min_version is not None:
        held = log.recent(game_id, MOVES_RECENT_SECONDS)
        if held is not None and held.version >= min_version:
            return held
    return log.load(game_id)


# The query bots send on every turn: parsed without webargs (see `_moves_args`). 18 digits
# are always in MovesArgsSchema's range.
_MIN_VERSION_ONLY = re.compile(rb"min_version=(\d{1,18})")
_MOVES_ARGS = MovesArgsSchema()


def _moves_args() -> dict[str, Any]:
    """GET …/moves's query. Speed: webargs cost more than an answer from memory does,
    so the usual query (`min_version` alone, in range) is read at once; any other
    query goes through webargs as the documented schema says, with its errors."""
    query = request.query_string
    if not query:
        return {}
    match = _MIN_VERSION_ONLY.fullmatch(query)
    if match is not None:
        return {"min_version": int(match.group(1))}
    args: dict[str, Any] = blp.ARGUMENTS_PARSER.parse(
        _MOVES_ARGS, location="query", error_status_code=400)
    return args


@blp.route("/games/<game_id>/moves")
class Moves(MethodView):
    @query_documented(blp, _MOVES_ARGS)
    @blp.response(200, MovesSchema)
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=BEARER)
    def get(self, game_id: str) -> Any:
        """Every legal command for you now, exactly as POST …/actions accepts it

        With `min_version` (a version you have seen), the answer may come from the state
        this server process holds, when it has heard of nothing newer or knew it to be
        the latest a tenth of a second ago: no read of the log, so a bot's turn costs
        less. Its `version` says which state it is.
        """
        args = _moves_args()
        user = current_user()
        table = _at_least(game_id, args.get("min_version"))
        viewer = visible_to(table, user)
        return json_response(moves_answer(game_id, table, viewer), version=table.version)


@blp.route("/games/<game_id>/actions")
class Actions(MethodView):
    @blp.response(200, ActionResultSchema, headers={"ETag": {
        "description": "The game's version after the action.", "schema": {"type": "string"}}})
    @problems(blp, "invalid-request", "malformed-command", "unauthorized", "forbidden",
              "not-found", "version-conflict", "precondition-failed", "rule-violation",
              "idempotency-key-reused", "rate-limited", "unavailable")
    @doc(blp, security=BEARER, requestBody={
        "required": True,
        "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Command"}, "examples": EXAMPLES}},
    }, parameters=[
        {"in": "header", "name": "If-Match", "required": False, "schema": {"type": "string"},
         "description": "Act only if the game is still at this version (else 412)."},
        {"in": "header", "name": "Idempotency-Key", "required": False,
         "schema": {"type": "string", "maxLength": 200},
         "description": "A retry with the same key returns the first answer and changes "
                        "nothing."},
        {"in": "header", "name": "Prefer", "required": False, "schema": {"type": "string"},
         "description": "`return=minimal`: answer without `game` (for clients that follow "
                        "the event feed; `to_act`, `phase` and `moves` still come)."},
    ])
    def post(self, game_id: str) -> Any:
        """Send one command: draw, claim, pay or decline a tunnel, tickets, station, pass,
        resign

        The command is decided against the game rebuilt from its events. Against the
        rules: 422 with the rule's `code`, and nothing changes. The answer holds the
        events the command caused (as you may see them), the game as you now see it, and
        your legal moves now (so the second card of a draw, or the tickets to keep, need
        no extra request).
        """
        user = current_user()
        body = json_object()
        command = command_from_dict(body)
        minimal = "return=minimal" in request.headers.get("Prefer", "")
        acted = services().referee.act(
            game_id, user.user_id, command, kind=str(body["type"]),
            request_hash=request_hash({"game": game_id, "command": body, "minimal": minimal}),
            idempotency_key=idempotency_key(), expected_version=if_match())
        # rendered once the events are stored: from the outcome, or on a retry from the
        # first request's outcome read back (what its key's record remembered included)
        outcome = acted.outcome
        if outcome.response is not None:  # a retry of a request an earlier release answered
            return json_response(outcome.response, version=_version_of(outcome))
        deadline = None if minimal else _deadline(outcome)
        return json_response(action_view(outcome, user.user_id, acted.actor, deadline, minimal),
                             version=outcome.last_version)


def _version_of(outcome: Outcome) -> int:
    response = outcome.response or {}
    version = response.get("version")
    return version if isinstance(version, int) else outcome.after.version


# -- time travel and the score -----------------------------------------------------------------

@blp.route("/games/<game_id>/states/<int:version>")
class State(MethodView):
    @blp.response(200, GameSchema)
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=PUBLIC_READ)
    def get(self, game_id: str, version: int) -> Any:
        """The game at any version: the public view during play, everything after the end"""
        s = services()
        user = optional_user()
        latest = s.log.load(game_id)
        visible_to(latest, user)
        if not 1 <= version <= latest.version:
            raise Problem("not-found", f"Versions of this game are 1..{latest.version}.")
        table = s.log.state_at(game_id, version)
        view = game_view(game_id, table, Viewer(None, None), everything=ended(latest))
        return json_response(view, version=version)


@blp.route("/games/<game_id>/score")
class Score(MethodView):
    @blp.response(200, ScoreSchema)
    @blp.alt_response(202, schema=ScorePendingSchema, description=(
        "The game has ended and its score is being computed: retry after `Retry-After`."),
        headers={"Retry-After": {"schema": {"type": "integer"}}})
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=PUBLIC_READ)
    def get(self, game_id: str) -> Any:
        """The final score: per player the routes, tickets, stations, longest path, bonuses,
        total, rank and winner"""
        s = services()
        table = s.log.load(game_id)
        visible_to(table, optional_user())
        if table.status == "scoring":
            seen = s.workers.seen()
            return json_response({"game_id": game_id, "status": table.status,
                                  "waiting_for_worker": bool(seen and seen.absent_for)},
                                 202, headers={"Retry-After": "1"})
        if table.score is None:
            raise Problem("not-found", "The game has not ended: there is no score yet.")
        return json_response(score_view(game_id, table), version=table.version)


# -- bots at the table ---------------------------------------------------------------------
# The creator seats one while the table waits for players, and a player a stand-in bot
# holds the seat for comes back to it: table commands like taking a seat.

@blp.route("/games/<game_id>/bots")
class Bots(MethodView):
    @blp.arguments(BotSeatSchema(), error_status_code=400)
    @blp.response(200, GameSchema)
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rule-violation",
              "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Seat a bot (the table's creator, while it waits for players)

        The bot is a user of its own (`bot: true` and its `level` in every view); it
        plays its turns by itself, through the same path as any player's commands. The
        game starts when its last seat is taken.
        """
        return perform(game_id, current_user(), SeatBot(body["level"]))


@blp.route("/games/<game_id>/return")
class Return(MethodView):
    @blp.response(200, GameSchema)
    @problems(blp, "unauthorized", "not-found", "rule-violation", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, game_id: str) -> Any:
        """Come back to your seat (a game with stand-ins, where a bot took it over)

        The bot leaves the seat to you from this moment, in whatever step of the turn it
        stands.
        """
        return perform(game_id, current_user(), ReturnToSeat())
