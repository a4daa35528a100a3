"""Shares of a game: a player makes a read-only link to the game's record for anyone
(`service.shares`), lists the ones they made, revokes one."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from events.clock import iso
from events.shares import Share
from service.api.common import BEARER, Blueprint, doc, json_response, problems, visible_to
from service.auth import current_user
from service.problems import Problem
from service.schemas.links import (
    NewShareSchema,
    ShareCreatedSchema,
    ShareListSchema,
)
from service.services import services
from service.shares import make_share

blp = Blueprint("shares", __name__, url_prefix="/v1/games/<game_id>/shares",
                description="Read-only links to one game's record, for anyone.")


def share_view(share: Share) -> dict[str, Any]:
    return {"id": share.share_id, "game_id": share.game_id,
            "created_at": iso(share.created_at), "expires_at": iso(share.expires_at)}


def _player(game_id: str) -> str:
    """The caller, a player (or the creator) of the game; 404 for a private game they
    have no part in, 403 for a public one."""
    user = current_user()
    table = services().log.load(game_id)
    viewer = visible_to(table, user)
    if viewer.seat is None and user.user_id != table.created_by:
        raise Problem("forbidden", "Only a player of the game shares it.", code="not_seated")
    return user.user_id


@blp.route("")
class Shares(MethodView):
    @blp.arguments(NewShareSchema(), error_status_code=400)
    @blp.response(201, ShareCreatedSchema)
    @problems(blp, "invalid-request", "unauthorized", "forbidden", "insufficient-scope",
              "not-found", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Share the game

        A read-only capability for this game alone, for anyone you give it to: sent as
        `Authorization: Share <capability>`, it reads the game's export and analysis
        (what the replay page shows) as a spectator would, and nothing else, until it
        expires (`expires_in`, 7 days unless asked) or you revoke it. Never send it in
        a query string: the `link` carries it in the fragment.
        """
        s = services()
        user_id = _player(game_id)
        share, capability = make_share(s.store, game_id, user_id, s.worker.clock(),
                                       body["expires_in"])
        return json_response({**share_view(share), "capability": capability,
                              "link": f"/games/{game_id}/replay#share={capability}"}, 201)

    @blp.response(200, ShareListSchema)
    @problems(blp, "unauthorized", "forbidden", "insufficient-scope", "not-found",
              "rate-limited")
    @doc(blp, security=BEARER)
    def get(self, game_id: str) -> Any:
        """List your unexpired shares of the game (never their capabilities)"""
        s = services()
        user_id = _player(game_id)
        now = s.worker.clock()
        return json_response({"shares": [share_view(x) for x in s.store.shares_of(
            game_id, user_id) if not x.expired(now)]})


@blp.route("/<share_id>")
class OneShare(MethodView):
    @blp.response(204)
    @problems(blp, "unauthorized", "forbidden", "insufficient-scope", "not-found",
              "rate-limited")
    @doc(blp, security=BEARER)
    def delete(self, game_id: str, share_id: str) -> Any:
        """Revoke a share

        It stops working at once.
        """
        user_id = _player(game_id)
        if not services().store.revoke_share(user_id, game_id, share_id):
            raise Problem("not-found", "You made no such share of this game.")
        return Response(status=204)
