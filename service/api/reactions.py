"""Quick reactions: a seated player says a phrase of the fixed list to the table, and
every stream of the game carries it (a `reaction_sent` event)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service.api.common import BEARER, Blueprint, doc, json_response, problems
from service.auth import current_user
from service.reactions import send_reaction
from service.schemas import NewReactionSchema, SaidReactionSchema
from service.services import services

blp = Blueprint("reactions", __name__, url_prefix="/v1/games/<game_id>/reactions",
                description="Quick reactions: phrases of a fixed list said to the table.")


@blp.route("")
class Reactions(MethodView):
    @blp.arguments(NewReactionSchema(), error_status_code=400)
    @blp.response(200, SaidReactionSchema)
    @problems(blp, "invalid-request", "unauthorized", "forbidden", "insufficient-scope",
              "not-found", "rule-violation", "version-conflict", "rate-limited",
              "unavailable")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Say a quick reaction to the table ("Good game", "Well played", …)

        `reaction` is a code of the fixed list; every reader sees the phrase in their
        own language. By a player holding a seat, from the moment they sit down to the
        end of the game, and after the end a farewell only (`good_game`,
        `well_played`, `thanks`); otherwise 422 naming the rule (`unknown_reaction`,
        `reaction_after_end`), or 403 `not_seated` for a spectator. The game's log
        records it (a `reaction_sent` event, in every stream of the game and in its
        export); it changes nothing in the game. A few in a row, then one every 3
        seconds per player and game: 429 with `Retry-After` beyond that.
        """
        user = current_user()
        outcome = send_reaction(services(), game_id, user.user_id, body["reaction"])
        return json_response({"game_id": game_id, "version": outcome.last_version,
                              "seat": outcome.after.seat_of(user.user_id),
                              "reaction": body["reaction"]}, version=outcome.last_version)
