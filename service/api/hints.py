"""Hints for learners: in an unrated game, a player asks what the hard level's bot would
play at their seat (thought out from that seat's view alone, away from the web process),
and the game's log records that they were given a hint."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from referee.hints import HintsUnavailable
from service.api.common import BEARER, Blueprint, doc, json_response, problems
from service.auth import current_user
from service.problems import Problem
from service.schemas import HintSchema
from service.services import services

blp = Blueprint("hints", __name__, url_prefix="/v1/games/<game_id>/hints",
                description="Hints for learners in unrated games.")


@blp.route("")
class Hints(MethodView):
    @blp.response(200, HintSchema)
    @problems(blp, "unauthorized", "forbidden", "insufficient-scope", "not-found",
              "rule-violation", "precondition-failed", "version-conflict", "unavailable",
              "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, game_id: str) -> Any:
        """Ask for a hint: the hard level's bot's move for your seat

        Only in an unrated game, to a player whose seat has a decision to make (their
        turn, or their tickets at the start); otherwise 422 naming the rule
        (`hints_rated`, `not_your_turn`, `game_over`, …), or 403 `not_seated` for a
        spectator. That bot sees only your seat's view, as every bot does. The
        game's log records that you were given a hint (a `hint_given` event, in its
        export too); the suggestion itself is not recorded, and it is not played:
        send it to POST …/actions if you follow it. If the game moved on while the hint
        was thought out, 412: ask again.
        """
        user = current_user()
        try:
            hint = services().hints.hint(game_id, user.user_id)
        except HintsUnavailable as lost:
            raise Problem("unavailable", "No hint could be thought out just now; nothing "
                          "was recorded. Try again.", headers={"Retry-After": "2"}) from lost
        return json_response({
            "game_id": game_id, "version": hint.version,
            "recorded_version": hint.outcome.last_version, "seat": hint.seat,
            "command": hint.command.as_dict()})
