"""Bots at a table: the creator seats one while the table waits for players, and a
player a stand-in bot holds the seat for comes back to it. Both are table commands
through the referee, answered with the game as the caller now sees it."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from domain.stand_ins import ReturnToSeat, SeatBot
from service.api.common import BEARER, doc, problems
from service.api.games import blp, perform
from service.auth import current_user
from service.schemas import BotSeatSchema, GameSchema


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
