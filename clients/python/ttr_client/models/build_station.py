from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.build_station_type import BuildStationType
from typing import cast

if TYPE_CHECKING:
  from ..models.build_station_cards import BuildStationCards





T = TypeVar("T", bound="BuildStation")



@_attrs_define
class BuildStation:
    """ Build a station in a city (Europe).

        Example:
            {'type': 'build_station', 'city': 'Wien', 'cards': {'blue': 2}}

        Attributes:
            type_ (BuildStationType):
            city (str):
            cards (BuildStationCards): Cards by kind: how many of each (kinds not listed: none).
     """

    type_: BuildStationType
    city: str
    cards: BuildStationCards





    def to_dict(self) -> dict[str, Any]:
        from ..models.build_station_cards import BuildStationCards
        type_ = self.type_.value

        city = self.city

        cards = self.cards.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "city": city,
            "cards": cards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.build_station_cards import BuildStationCards
        d = dict(src_dict)
        type_ = BuildStationType(d.pop("type"))




        city = d.pop("city")

        cards = BuildStationCards.from_dict(d.pop("cards"))




        build_station = cls(
            type_=type_,
            city=city,
            cards=cards,
        )

        return build_station

