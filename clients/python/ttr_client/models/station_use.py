from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="StationUse")



@_attrs_define
class StationUse:
    """ 
        Attributes:
            city (str):
            route (None | str): The other player's route this station borrows for the tickets (null: none).
     """

    city: str
    route: None | str





    def to_dict(self) -> dict[str, Any]:
        city = self.city

        route: None | str
        route = self.route


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "city": city,
            "route": route,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        city = d.pop("city")

        def _parse_route(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        route = _parse_route(d.pop("route"))


        station_use = cls(
            city=city,
            route=route,
        )

        return station_use

