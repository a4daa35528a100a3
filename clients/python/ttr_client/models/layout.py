from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.layout_cities import LayoutCities
  from ..models.layout_labels import LayoutLabels





T = TypeVar("T", bound="Layout")



@_attrs_define
class Layout:
    """ 
        Attributes:
            width (int): The drawing's width, in its own units.
            height (int):
            cities (LayoutCities): Each city's [x, y], from the drawing's top left corner.
            labels (LayoutLabels): Where each city's name goes beside its dot: a compass point (`e`: east, to its right).
     """

    width: int
    height: int
    cities: LayoutCities
    labels: LayoutLabels





    def to_dict(self) -> dict[str, Any]:
        from ..models.layout_cities import LayoutCities
        from ..models.layout_labels import LayoutLabels
        width = self.width

        height = self.height

        cities = self.cities.to_dict()

        labels = self.labels.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "width": width,
            "height": height,
            "cities": cities,
            "labels": labels,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.layout_cities import LayoutCities
        from ..models.layout_labels import LayoutLabels
        d = dict(src_dict)
        width = d.pop("width")

        height = d.pop("height")

        cities = LayoutCities.from_dict(d.pop("cities"))




        labels = LayoutLabels.from_dict(d.pop("labels"))




        layout = cls(
            width=width,
            height=height,
            cities=cities,
            labels=labels,
        )

        return layout

