"""The boards: cities, routes with the ids commands use, tickets, and the rule knobs."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from flask.views import MethodView

from domain.maps import MapEntry, map_entry, map_names
from domain.rules import RULES_VERSION, Rules
from service.api.common import PUBLIC_ANSWER, Blueprint, json_response, problems
from service.problems import Problem
from service.schemas import MapListSchema, MapSchema

blp = Blueprint("maps", __name__, url_prefix="/v1/maps",
                description="The three boards and their rules.")


def rules_view(rules: Rules) -> dict[str, Any]:
    return {
        "min_players": rules.min_players, "max_players": rules.max_players,
        "trains": rules.trains, "stations": rules.stations,
        "route_points": {str(k): v for k, v in sorted(rules.route_points.items())},
        "longest_path_bonus": rules.longest_path_bonus,
        "globetrotter_bonus": rules.globetrotter_bonus,
        "setup_tickets": rules.setup_regular_tickets + rules.setup_long_tickets,
        "setup_keep_at_least": rules.setup_keep_at_least,
        "draw_tickets": rules.draw_tickets, "draw_keep_at_least": rules.draw_keep_at_least,
        "locomotives_on_ordinary_routes": rules.locomotives_on_ordinary_routes,
        "double_routes_min_players": rules.double_routes_min_players,
        "tie_breakers": list(rules.tie_breakers),
    }


@cache  # by entry, not by name: a map registered again under a name is another entry
def map_view(entry: MapEntry) -> dict[str, Any]:
    return {**entry.board.as_dict(), "name": entry.title,
            "rules": rules_view(entry.rules_in(RULES_VERSION)), "rules_version": RULES_VERSION,
            "layout": layout_view(entry.name)}


# where the web client draws each map's cities (made by `python -m tests.replay_fixtures
# layouts`; the replay viewer reads the files themselves)
LAYOUTS = Path(__file__).resolve().parent.parent / "static" / "layouts"


@cache
def layout_view(name: str) -> dict[str, Any] | None:
    """The drawing of the map `name`: its size, each city's place and where its name
    goes (None: a map with no drawing). With the board, so that a client drawing it
    reads one answer, not two."""
    path = LAYOUTS / f"{name}.json"
    if not path.is_file():
        return None
    drawing = json.loads(path.read_text(encoding="utf-8"))
    return {key: drawing[key] for key in ("width", "height", "cities", "labels")}


@blp.route("")
class Maps(MethodView):
    @blp.response(200, MapListSchema)
    @problems(blp, "rate-limited")
    def get(self) -> Any:
        """The maps this server plays"""
        maps = []
        for entry in map(map_entry, map_names()):
            board = entry.board
            maps.append({"map": entry.name, "name": entry.title, "cities": len(board.cities),
                         "routes": len(board.routes), "tickets": len(board.tickets),
                         "rules": rules_view(entry.rules_in(RULES_VERSION))})
        return json_response({"maps": maps}, headers={"Cache-Control": PUBLIC_ANSWER})


@blp.route("/<map_name>")
class Map(MethodView):
    @blp.response(200, MapSchema)
    @problems(blp, "invalid-request", "not-found", "rate-limited")
    def get(self, map_name: str) -> Any:
        """A board: cities, routes (with their ids), tickets and rules"""
        if map_name not in map_names():
            raise Problem("not-found", f"There is no map {map_name!r}; maps: "
                          f"{', '.join(map_names())}.")
        return json_response(map_view(map_entry(map_name)),
                             headers={"Cache-Control": PUBLIC_ANSWER})
