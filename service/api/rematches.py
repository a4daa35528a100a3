"""Rematch: offer or accept the rematch of a finished game, decline it, see it."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from events.clock import iso
from service import rematch
from service.api.common import BEARER, Blueprint, doc, json_response, problems
from service.auth import current_user
from service.schemas.rematches import RematchSchema
from service.services import services

blp = Blueprint("rematches", __name__, url_prefix="/v1/games",
                description="Rematch: the players of a finished game play again.")


def rematch_view(r: rematch.Rematch) -> dict[str, Any]:
    return {"game_id": r.game_id, "state": r.state,
            "players": [{"name": p.name, "bot": p.bot, "accepted": p.accepted}
                        for p in r.places],
            "accepted": sum(1 for p in r.places if p.accepted),
            "offered_at": None if r.offered_at is None else iso(r.offered_at),
            "expires_at": None if r.expires_at is None else iso(r.expires_at),
            "new_game_id": r.new_game_id}


@blp.route("/<game_id>/rematch")
class GameRematch(MethodView):
    @blp.response(200, RematchSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "forbidden", "not-found",
              "rate-limited")
    @doc(blp, security=BEARER)
    def get(self, game_id: str) -> Any:
        """The rematch of your finished game: who has accepted, until when, its game"""
        s = services()
        return json_response(rematch_view(rematch.look(
            s.referee, current_user(), game_id, s.worker.clock())))

    @blp.response(200, RematchSchema)
    @problems(blp, "invalid-request", "unauthorized", "insufficient-scope", "forbidden",
              "not-found", "rule-violation", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, game_id: str) -> Any:
        """Offer a rematch, or accept the one offered

        Any player of a finished game may offer a rematch with the same seats, map and
        settings (a new seed); the others accept the same way (bots accept at once).
        When all have accepted the new game starts (`new_game_id`), and every player
        hears of it as of any game they sit at. The offer lapses 10 minutes after it is
        made (3 days for a correspondence game) or when a player declines it
        (`rematch_lapsed`); not before the game is over (`rematch_not_over`). Asking
        again changes nothing.
        """
        s = services()
        return json_response(rematch_view(rematch.accept(
            s.referee, current_user(), game_id, s.worker.clock())))

    @blp.response(200, RematchSchema)
    @problems(blp, "unauthorized", "insufficient-scope", "forbidden", "not-found",
              "rule-violation", "rate-limited")
    @doc(blp, security=BEARER)
    def delete(self, game_id: str) -> Any:
        """Decline the rematch offered: it lapses for everyone"""
        s = services()
        return json_response(rematch_view(rematch.decline(
            s.referee, current_user(), game_id, s.worker.clock())))
