from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.map_name import MapName
from typing import cast

if TYPE_CHECKING:
  from ..models.layout import Layout
  from ..models.route import Route
  from ..models.rules import Rules
  from ..models.ticket import Ticket





T = TypeVar("T", bound="Board")



@_attrs_define
class Board:
    """ 
        Attributes:
            map_ (MapName):
            name (str):
            cities (list[str]):
            routes (list[Route]):
            tickets (list[Ticket]):
            rules (Rules):
            rules_version (int):
            layout (Layout | None): Where each city is drawn, as the web client draws the board (null for a map with no
                drawing).
     """

    map_: MapName
    name: str
    cities: list[str]
    routes: list[Route]
    tickets: list[Ticket]
    rules: Rules
    rules_version: int
    layout: Layout | None





    def to_dict(self) -> dict[str, Any]:
        from ..models.layout import Layout
        from ..models.route import Route
        from ..models.rules import Rules
        from ..models.ticket import Ticket
        map_ = self.map_.value

        name = self.name

        cities = self.cities



        routes = []
        for routes_item_data in self.routes:
            routes_item = routes_item_data.to_dict()
            routes.append(routes_item)



        tickets = []
        for tickets_item_data in self.tickets:
            tickets_item = tickets_item_data.to_dict()
            tickets.append(tickets_item)



        rules = self.rules.to_dict()

        rules_version = self.rules_version

        layout: dict[str, Any] | None
        if isinstance(self.layout, Layout):
            layout = self.layout.to_dict()
        else:
            layout = self.layout


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "map": map_,
            "name": name,
            "cities": cities,
            "routes": routes,
            "tickets": tickets,
            "rules": rules,
            "rules_version": rules_version,
            "layout": layout,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.layout import Layout
        from ..models.route import Route
        from ..models.rules import Rules
        from ..models.ticket import Ticket
        d = dict(src_dict)
        map_ = MapName(d.pop("map"))




        name = d.pop("name")

        cities = cast(list[str], d.pop("cities"))


        routes = []
        _routes = d.pop("routes")
        for routes_item_data in (_routes):
            routes_item = Route.from_dict(routes_item_data)



            routes.append(routes_item)


        tickets = []
        _tickets = d.pop("tickets")
        for tickets_item_data in (_tickets):
            tickets_item = Ticket.from_dict(tickets_item_data)



            tickets.append(tickets_item)


        rules = Rules.from_dict(d.pop("rules"))




        rules_version = d.pop("rules_version")

        def _parse_layout(data: object) -> Layout | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                layout_type_0 = Layout.from_dict(data)



                return layout_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Layout | None, data)

        layout = _parse_layout(d.pop("layout"))


        board = cls(
            map_=map_,
            name=name,
            cities=cities,
            routes=routes,
            tickets=tickets,
            rules=rules,
            rules_version=rules_version,
            layout=layout,
        )

        return board

