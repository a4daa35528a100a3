from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.rules_route_points import RulesRoutePoints





T = TypeVar("T", bound="Rules")



@_attrs_define
class Rules:
    """ 
        Attributes:
            min_players (int):
            max_players (int):
            trains (int):
            stations (int):
            route_points (RulesRoutePoints):
            longest_path_bonus (int):
            globetrotter_bonus (int):
            setup_tickets (int):
            setup_keep_at_least (int):
            draw_tickets (int):
            draw_keep_at_least (int):
            locomotives_on_ordinary_routes (bool):
            double_routes_min_players (int):
            tie_breakers (list[str]):
     """

    min_players: int
    max_players: int
    trains: int
    stations: int
    route_points: RulesRoutePoints
    longest_path_bonus: int
    globetrotter_bonus: int
    setup_tickets: int
    setup_keep_at_least: int
    draw_tickets: int
    draw_keep_at_least: int
    locomotives_on_ordinary_routes: bool
    double_routes_min_players: int
    tie_breakers: list[str]





    def to_dict(self) -> dict[str, Any]:
        from ..models.rules_route_points import RulesRoutePoints
        min_players = self.min_players

        max_players = self.max_players

        trains = self.trains

        stations = self.stations

        route_points = self.route_points.to_dict()

        longest_path_bonus = self.longest_path_bonus

        globetrotter_bonus = self.globetrotter_bonus

        setup_tickets = self.setup_tickets

        setup_keep_at_least = self.setup_keep_at_least

        draw_tickets = self.draw_tickets

        draw_keep_at_least = self.draw_keep_at_least

        locomotives_on_ordinary_routes = self.locomotives_on_ordinary_routes

        double_routes_min_players = self.double_routes_min_players

        tie_breakers = self.tie_breakers




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "min_players": min_players,
            "max_players": max_players,
            "trains": trains,
            "stations": stations,
            "route_points": route_points,
            "longest_path_bonus": longest_path_bonus,
            "globetrotter_bonus": globetrotter_bonus,
            "setup_tickets": setup_tickets,
            "setup_keep_at_least": setup_keep_at_least,
            "draw_tickets": draw_tickets,
            "draw_keep_at_least": draw_keep_at_least,
            "locomotives_on_ordinary_routes": locomotives_on_ordinary_routes,
            "double_routes_min_players": double_routes_min_players,
            "tie_breakers": tie_breakers,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_route_points import RulesRoutePoints
        d = dict(src_dict)
        min_players = d.pop("min_players")

        max_players = d.pop("max_players")

        trains = d.pop("trains")

        stations = d.pop("stations")

        route_points = RulesRoutePoints.from_dict(d.pop("route_points"))




        longest_path_bonus = d.pop("longest_path_bonus")

        globetrotter_bonus = d.pop("globetrotter_bonus")

        setup_tickets = d.pop("setup_tickets")

        setup_keep_at_least = d.pop("setup_keep_at_least")

        draw_tickets = d.pop("draw_tickets")

        draw_keep_at_least = d.pop("draw_keep_at_least")

        locomotives_on_ordinary_routes = d.pop("locomotives_on_ordinary_routes")

        double_routes_min_players = d.pop("double_routes_min_players")

        tie_breakers = cast(list[str], d.pop("tie_breakers"))


        rules = cls(
            min_players=min_players,
            max_players=max_players,
            trains=trains,
            stations=stations,
            route_points=route_points,
            longest_path_bonus=longest_path_bonus,
            globetrotter_bonus=globetrotter_bonus,
            setup_tickets=setup_tickets,
            setup_keep_at_least=setup_keep_at_least,
            draw_tickets=draw_tickets,
            draw_keep_at_least=draw_keep_at_least,
            locomotives_on_ordinary_routes=locomotives_on_ordinary_routes,
            double_routes_min_players=double_routes_min_players,
            tie_breakers=tie_breakers,
        )

        return rules

