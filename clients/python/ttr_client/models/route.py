from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.route_color import RouteColor
from typing import cast






T = TypeVar("T", bound="Route")



@_attrs_define
class Route:
    """ 
        Attributes:
            id (str): Stable id used by commands. Example: usa/denver-kansas-city-1.
            a (str):
            b (str):
            length (int):
            color (RouteColor):
            tunnel (bool):
            locomotives (int): Ferry locomotive symbols.
            double_group (int | None):
     """

    id: str
    a: str
    b: str
    length: int
    color: RouteColor
    tunnel: bool
    locomotives: int
    double_group: int | None





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        a = self.a

        b = self.b

        length = self.length

        color = self.color.value

        tunnel = self.tunnel

        locomotives = self.locomotives

        double_group: int | None
        double_group = self.double_group


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "a": a,
            "b": b,
            "length": length,
            "color": color,
            "tunnel": tunnel,
            "locomotives": locomotives,
            "double_group": double_group,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        a = d.pop("a")

        b = d.pop("b")

        length = d.pop("length")

        color = RouteColor(d.pop("color"))




        tunnel = d.pop("tunnel")

        locomotives = d.pop("locomotives")

        def _parse_double_group(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        double_group = _parse_double_group(d.pop("double_group"))


        route = cls(
            id=id,
            a=a,
            b=b,
            length=length,
            color=color,
            tunnel=tunnel,
            locomotives=locomotives,
            double_group=double_group,
        )

        return route

