from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.map_summary import MapSummary





T = TypeVar("T", bound="MapList")



@_attrs_define
class MapList:
    """ 
        Attributes:
            maps (list[MapSummary]):
     """

    maps: list[MapSummary]





    def to_dict(self) -> dict[str, Any]:
        from ..models.map_summary import MapSummary
        maps = []
        for maps_item_data in self.maps:
            maps_item = maps_item_data.to_dict()
            maps.append(maps_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "maps": maps,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.map_summary import MapSummary
        d = dict(src_dict)
        maps = []
        _maps = d.pop("maps")
        for maps_item_data in (_maps):
            maps_item = MapSummary.from_dict(maps_item_data)



            maps.append(maps_item)


        map_list = cls(
            maps=maps,
        )

        return map_list

