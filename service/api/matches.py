"""Quick match: ask for a game, see whether it has found one, cancel."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from events.clock import iso
from events.matches import MatchRequest
from service import quick_match
from service.api.common import BEARER, Blueprint, doc, json_response, problems
from service.auth import current_user
from service.schemas.matches import MatchSchema, NewMatchSchema
from service.services import services

blp = Blueprint("matches", __name__, url_prefix="/v1/matches",
                description="Quick match: the server finds your opponents.")


def match_view(request: MatchRequest) -> dict[str, Any]:
    return {"id": request.request_id, "state": request.state, "game_id": request.game_id,
            "map": request.map_name, "game_map": request.table_map,
            "min_players": request.min_players, "max_players": request.max_players,
            "rated": request.rated, "turn_time_limit": request.turn_time_limit,
            "bot_level": request.bot_level,
            "bots_at": None if request.bots_at is None else iso(request.bots_at),
            "created_at": iso(request.created_at)}


@blp.route("")
class Matches(MethodView):
    @blp.arguments(NewMatchSchema(), error_status_code=400)
    @blp.response(201, MatchSchema, headers={"Location": {
        "description": "The request's URL.", "schema": {"type": "string"}}})
    @problems(blp, "invalid-request", "unauthorized", "insufficient-scope", "match-waiting",
              "rule-violation", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any]) -> Any:
        """Ask for a game (quick match)

        The server seats you with players who asked for the same game (map or any,
        players, rated or not, pace), preferring close ratings and widening the range
        the longer you wait. When a table is full its game starts: the request is
        `matched` with its `game_id`, and the game's events reach you as any game's
        do (your feed, its stream, your webhook). With `bots_after`, bots take the
        seats still empty after that wait. One waiting request at a time.
        """
        s = services()
        request = quick_match.ask(s.referee, current_user(), body, s.worker.clock(),
                                  s.http.min_turn_time_limit)
        return json_response(match_view(request), 201,
                             headers={"Location": f"/v1/matches/{request.request_id}"})


@blp.route("/<request_id>")
class OneMatch(MethodView):
    @blp.response(200, MatchSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "not-found", "rate-limited")
    @doc(blp, security=BEARER)
    def get(self, request_id: str) -> Any:
        """Your quick-match request: waiting, or matched with its game"""
        return json_response(match_view(quick_match.look(
            services().referee, current_user(), request_id)))

    @blp.response(200, MatchSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "not-found", "rate-limited")
    @doc(blp, security=BEARER)
    def delete(self, request_id: str) -> Any:
        """Cancel your request

        A waiting request is cancelled; a matched one stays matched (its game has
        started: leave it as any game).
        """
        return json_response(match_view(quick_match.cancel(
            services().store, current_user(), request_id)))
