from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="FinalParts")



@_attrs_define
class FinalParts:
    """ 
        Attributes:
            routes (int):
            tickets (int):
            stations (int):
            longest_path (int):
            globetrotter (int):
            total (int):
     """

    routes: int
    tickets: int
    stations: int
    longest_path: int
    globetrotter: int
    total: int





    def to_dict(self) -> dict[str, Any]:
        routes = self.routes

        tickets = self.tickets

        stations = self.stations

        longest_path = self.longest_path

        globetrotter = self.globetrotter

        total = self.total


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "routes": routes,
            "tickets": tickets,
            "stations": stations,
            "longest_path": longest_path,
            "globetrotter": globetrotter,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        routes = d.pop("routes")

        tickets = d.pop("tickets")

        stations = d.pop("stations")

        longest_path = d.pop("longest_path")

        globetrotter = d.pop("globetrotter")

        total = d.pop("total")

        final_parts = cls(
            routes=routes,
            tickets=tickets,
            stations=stations,
            longest_path=longest_path,
            globetrotter=globetrotter,
            total=total,
        )

        return final_parts

