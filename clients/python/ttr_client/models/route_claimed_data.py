from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.card_counts import CardCounts





T = TypeVar("T", bound="RouteClaimedData")



@_attrs_define
class RouteClaimedData:
    """ 
        Example:
            {'seat': 1, 'route': 'usa/denver-kansas-city-1', 'cards': {'black': 3, 'locomotive': 1}, 'points': 7}

        Attributes:
            seat (int):
            route (str):
            cards (CardCounts): Cards by kind (purple, blue, orange, white, green, yellow, black, red, locomotive): how many
                of each (kinds not listed: none). Example: {'red': 2, 'locomotive': 1}.
            points (int):
     """

    seat: int
    route: str
    cards: CardCounts
    points: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_counts import CardCounts
        seat = self.seat

        route = self.route

        cards = self.cards.to_dict()

        points = self.points


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "route": route,
            "cards": cards,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_counts import CardCounts
        d = dict(src_dict)
        seat = d.pop("seat")

        route = d.pop("route")

        cards = CardCounts.from_dict(d.pop("cards"))




        points = d.pop("points")

        route_claimed_data = cls(
            seat=seat,
            route=route,
            cards=cards,
            points=points,
        )


        route_claimed_data.additional_properties = d
        return route_claimed_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
