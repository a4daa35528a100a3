from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.map_name import MapName
from typing import cast

if TYPE_CHECKING:
  from ..models.rules import Rules





T = TypeVar("T", bound="MapSummary")



@_attrs_define
class MapSummary:
    """ 
        Attributes:
            map_ (MapName):
            name (str):
            cities (int):
            routes (int):
            tickets (int):
            rules (Rules):
     """

    map_: MapName
    name: str
    cities: int
    routes: int
    tickets: int
    rules: Rules





    def to_dict(self) -> dict[str, Any]:
        from ..models.rules import Rules
        map_ = self.map_.value

        name = self.name

        cities = self.cities

        routes = self.routes

        tickets = self.tickets

        rules = self.rules.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "map": map_,
            "name": name,
            "cities": cities,
            "routes": routes,
            "tickets": tickets,
            "rules": rules,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules import Rules
        d = dict(src_dict)
        map_ = MapName(d.pop("map"))




        name = d.pop("name")

        cities = d.pop("cities")

        routes = d.pop("routes")

        tickets = d.pop("tickets")

        rules = Rules.from_dict(d.pop("rules"))




        map_summary = cls(
            map_=map_,
            name=name,
            cities=cities,
            routes=routes,
            tickets=tickets,
            rules=rules,
        )

        return map_summary

