"""The maps: their routes, tickets and rule knobs, in full or as a summary."""

from __future__ import annotations

from marshmallow import Schema, fields

from domain.cards import KINDS
from domain.maps import MAP_NAMES
from service.schemas.base import doc


class RouteSchema(Schema):
    id = fields.Str(required=True, metadata=doc("Stable id used by commands.",
                                                 example="usa/denver-kansas-city-1"))
    a = fields.Str(required=True)
    b = fields.Str(required=True)
    length = fields.Int(required=True)
    color = fields.Str(required=True, metadata={"enum": [*KINDS[:-1], "gray"]})
    tunnel = fields.Bool(required=True)
    locomotives = fields.Int(required=True, metadata=doc("Ferry locomotive symbols."))
    double_group = fields.Int(required=True, allow_none=True)


class TicketSchema(Schema):
    id = fields.Str(required=True, metadata={"example": "usa/denver-el-paso"})
    a = fields.Str(required=True)
    b = fields.Str(required=True)
    points = fields.Int(required=True)
    long = fields.Bool(required=True)


class RulesSchema(Schema):
    min_players = fields.Int(required=True)
    max_players = fields.Int(required=True)
    trains = fields.Int(required=True)
    stations = fields.Int(required=True)
    route_points = fields.Dict(keys=fields.Str(), values=fields.Int(), required=True)
    longest_path_bonus = fields.Int(required=True)
    globetrotter_bonus = fields.Int(required=True)
    setup_tickets = fields.Int(required=True)
    setup_keep_at_least = fields.Int(required=True)
    draw_tickets = fields.Int(required=True)
    draw_keep_at_least = fields.Int(required=True)
    locomotives_on_ordinary_routes = fields.Bool(required=True)
    double_routes_min_players = fields.Int(required=True)
    tie_breakers = fields.List(fields.Str(), required=True)


class MapSummarySchema(Schema):
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    name = fields.Str(required=True)
    cities = fields.Int(required=True)
    routes = fields.Int(required=True)
    tickets = fields.Int(required=True)
    rules = fields.Nested(RulesSchema, required=True)


class MapListSchema(Schema):
    maps = fields.List(fields.Nested(MapSummarySchema), required=True)


LABEL_PLACES = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]


class LayoutSchema(Schema):
    width = fields.Int(required=True, metadata=doc("The drawing's width, in its own units."))
    height = fields.Int(required=True)
    cities = fields.Dict(keys=fields.Str(), values=fields.List(fields.Float()), required=True,
                         metadata=doc("Each city's [x, y], from the drawing's top left corner."))
    labels = fields.Dict(keys=fields.Str(), values=fields.Str(metadata={"enum": LABEL_PLACES}),
                         required=True, metadata=doc(
        "Where each city's name goes beside its dot: a compass point (`e`: east, to its "
        "right)."))


class MapSchema(Schema):
    map = fields.Str(required=True, metadata={"enum": list(MAP_NAMES)})
    name = fields.Str(required=True)
    cities = fields.List(fields.Str(), required=True)
    routes = fields.List(fields.Nested(RouteSchema), required=True)
    tickets = fields.List(fields.Nested(TicketSchema), required=True)
    rules = fields.Nested(RulesSchema, required=True)
    rules_version = fields.Int(required=True)
    layout = fields.Nested(LayoutSchema, required=True, allow_none=True, metadata=doc(
        "Where each city is drawn, as the web client draws the board (null for a map "
        "with no drawing)."))
