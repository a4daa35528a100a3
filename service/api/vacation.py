"""Your days away: declare a vacation, see it and what is left of the year's allowance,
end it early. While you are away, the turn deadlines of your correspondence games
are paused (the other players see it in each game's log)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask.views import MethodView

from events.clock import iso
from events.vacations import Vacation
from referee import vacations
from service.api.common import BEARER, Blueprint, doc, json_response, problems
from service.auth import current_user
from service.schemas.vacations import AwaySchema, NewVacationSchema
from service.services import services

blp = Blueprint("vacation", __name__, url_prefix="/v1/users/me/vacation",
                description="Your days away: correspondence deadlines pause meanwhile.")


def _vacation_view(v: Vacation) -> dict[str, Any]:
    return {"id": v.vacation_id, "starts_at": iso(v.starts_at), "ends_at": iso(v.until),
            "ended_early": v.until < v.ends_at}


def away_view(user_id: str) -> dict[str, Any]:
    s = services()
    now: datetime = s.worker.clock()
    standing = vacations.standing(s.referee, user_id, s.settings.vacation_days)
    return {"away": any(v.away_at(now) for v in standing.vacations),
            "allowance": standing.allowance, "year": standing.year,
            "days_left": standing.days_left,
            "vacations": [_vacation_view(v) for v in standing.vacations]}


@blp.route("")
class MyVacation(MethodView):
    @blp.response(200, AwaySchema)
    @problems(blp, "unauthorized", "insufficient-scope", "rate-limited")
    @doc(blp, security=BEARER)
    def get(self) -> Any:
        """Your vacations ahead and the days away left this year"""
        return json_response(away_view(current_user().user_id))

    @blp.arguments(NewVacationSchema(), error_status_code=400)
    @blp.response(201, AwaySchema)
    @problems(blp, "invalid-request", "unauthorized", "insufficient-scope",
              "rule-violation", "rate-limited")
    @doc(blp, security=BEARER)
    def post(self, body: dict[str, Any]) -> Any:
        """Declare days away

        `days` whole days from `starts_at` (now if absent). While you are away the turn
        deadlines of your correspondence games (a day or more per turn) are paused,
        each with a `deadline_paused` event in the game's log that every player sees;
        when you come back (`deadline_resumed`) a turn you were on gets the time it had
        left, so its deadline moves by the time away. Acting in a game ends the
        vacation there and then. Live games are not paused. Refused with 422 naming the
        rule: `vacation_allowance` (more than the days left of the year it starts in,
        `TTR_VACATION_DAYS` a year), `vacation_overlaps` (another of yours),
        `vacation_in_past`.
        """
        user = current_user()
        s = services()
        vacations.declare(s.referee, user.user_id, body.get("starts_at"), body["days"],
                          s.settings.vacation_days)
        return json_response(away_view(user.user_id), 201)

    @blp.response(200, AwaySchema)
    @problems(blp, "unauthorized", "insufficient-scope", "rule-violation", "rate-limited")
    @doc(blp, security=BEARER)
    def delete(self) -> Any:
        """End your vacation now (or give up the next one)

        Your paused deadlines run again at once; the days not taken go back to the
        year's allowance. 422 `no_vacation` if none is running or ahead.
        """
        user = current_user()
        s = services()
        vacations.end(s.referee, user.user_id)
        return json_response(away_view(user.user_id))
