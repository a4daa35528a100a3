"""Tournaments: create one, join it, see it with its standings, read its log."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service import tournaments
from service.api.common import BEARER, Blueprint, doc, json_response, problems
from service.auth import current_user
from service.schemas.tournaments import (
    NewEntrantSchema,
    NewTournamentSchema,
    TournamentListSchema,
    TournamentLogSchema,
    TournamentSchema,
)
from service.services import services

blp = Blueprint("tournaments", __name__, url_prefix="/v1/tournaments",
                description="Tournaments: Swiss rounds of games, with standings.")


@blp.route("")
class Tournaments(MethodView):
    @blp.arguments(NewTournamentSchema(), error_status_code=400)
    @blp.response(201, TournamentSchema, headers={"Location": {
        "description": "The tournament's URL.", "schema": {"type": "string"}}})
    @problems(blp, "invalid-request", "unauthorized", "insufficient-scope", "rule-violation",
              "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any]) -> Any:
        """Organise a tournament

        Players (and, if allowed, bots the organiser adds) join until `starts_at`;
        then each round the server seats them Swiss-style, creates the games, and
        pairs the next round when every game has ended (docs/tournaments.md).
        """
        s = services()
        tournament_id, state = tournaments.create(
            s.referee, current_user(), body, s.worker.clock(), s.http.min_turn_time_limit)
        return json_response(tournaments.view(tournament_id, state), 201,
                             headers={"Location": f"/v1/tournaments/{tournament_id}"})

    @blp.response(200, TournamentListSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "rate-limited")
    @doc(blp, security=BEARER)
    def get(self) -> Any:
        """The latest tournaments, newest first"""
        current_user()
        return json_response({"tournaments": tournaments.listing(services().referee, 50)})


@blp.route("/<tournament_id>")
class OneTournament(MethodView):
    @blp.response(200, TournamentSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "not-found", "rate-limited")
    @doc(blp, security=BEARER)
    def get(self, tournament_id: str) -> Any:
        """A tournament: its entrants, rounds and standings"""
        current_user()
        return json_response(tournaments.view(
            tournament_id, tournaments.look(services().referee, tournament_id)))


@blp.route("/<tournament_id>/entrants")
class Entrants(MethodView):
    @blp.arguments(NewEntrantSchema(), error_status_code=400)
    @blp.response(201, TournamentSchema)
    @problems(blp, "invalid-request", "unauthorized", "insufficient-scope", "not-found",
              "rule-violation", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any], tournament_id: str) -> Any:
        """Join a tournament (or, as its organiser, add a bot or invite a player)"""
        return json_response(tournaments.view(tournament_id, tournaments.join(
            services().referee, current_user(), tournament_id, body)), 201)


@blp.route("/<tournament_id>/entrants/<entrant_id>")
class OneEntrant(MethodView):
    @blp.response(200, TournamentSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "not-found", "rule-violation",
              "rate-limited")
    @doc(blp, security=BEARER)
    def delete(self, tournament_id: str, entrant_id: str) -> Any:
        """Leave a tournament before its start (`me`), or, as its organiser, take out an
        entrant"""
        return json_response(tournaments.view(tournament_id, tournaments.leave(
            services().referee, current_user(), tournament_id, entrant_id)))


@blp.route("/<tournament_id>/start")
class Start(MethodView):
    @blp.response(200, TournamentSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "not-found", "rule-violation",
              "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, tournament_id: str) -> Any:
        """Start a tournament now, before its start time (its organiser only)

        The first round is paired at once; with fewer than two entrants the tournament
        finishes unplayed, as it would at its start time.
        """
        s = services()
        return json_response(tournaments.view(tournament_id, tournaments.start_now(
            s.referee, current_user(), tournament_id, s.worker.clock())))


@blp.route("/<tournament_id>/log")
class Log(MethodView):
    @blp.response(200, TournamentLogSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "not-found", "rate-limited")
    @doc(blp, security=BEARER)
    def get(self, tournament_id: str) -> Any:
        """A tournament's event log, from which its standings can be rebuilt"""
        current_user()
        return json_response({"events": tournaments.log_of(services().referee, tournament_id)})
