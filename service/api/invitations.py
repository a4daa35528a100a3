"""An invitation to a table: what someone given its link may know before they sit down
(who invites them, to which map, how many seats are taken), and nothing more: no
player's cards, no other names, no invite code.

A public table tells anyone. A private one tells its players and its creator, and
anyone who sends its invite code in the `Invite-Code` header (the link carries the
code in its fragment, so it never travels in a URL); anyone else hears 404, as for a
game that does not exist."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView

from domain import Table, invite_matches
from service.api.common import PUBLIC_READ, Blueprint, doc, json_response, problems
from service.auth import optional_user
from service.problems import Problem
from service.schemas import InvitationSchema
from service.services import services

blp = Blueprint("invitations", __name__, url_prefix="/v1/games/<game_id>/invitation",
                description="What an invite link says about its table, before a seat is taken.")

INVITE_CODE = {"in": "header", "name": "Invite-Code", "required": False,
               "schema": {"type": "string"},
               "description": "A private table's invite code (from the invite link)."}


def invitation_view(game_id: str, table: Table) -> dict[str, Any]:
    creator = table.seat_of(table.created_by)
    return {"game_id": game_id, "map": table.map, "status": table.status,
            "inviter": table.seats[creator].name if creator is not None else None,
            "seats": table.capacity, "seats_taken": len(table.seats)}


@blp.route("")
class Invitation(MethodView):
    @blp.response(200, InvitationSchema)
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=PUBLIC_READ, parameters=[INVITE_CODE])
    def get(self, game_id: str) -> Any:
        """Who invites you to which table

        The creator's name at the table, its map and its seats (taken and in all). A
        private table answers only its players, its creator and whoever sends its
        invite code in `Invite-Code`.
        """
        table = services().log.load(game_id)
        if table.private:
            user = optional_user()
            user_id = user.user_id if user is not None else None
            member = user_id == table.created_by or table.seat_of(user_id or "") is not None
            if not member and not invite_matches(table, request.headers.get("Invite-Code")):
                raise Problem("not-found", "There is no such game.")
        return json_response(invitation_view(game_id, table))
