from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_kind import CardKind
from typing import cast

if TYPE_CHECKING:
  from ..models.card_counts import CardCounts





T = TypeVar("T", bound="TunnelAttemptedData")



@_attrs_define
class TunnelAttemptedData:
    """ Cards laid down for a tunnel; they stay in the hand until the tunnel is paid.

        Example:
            {'seat': 0, 'route': 'europe/wien-zurich-1', 'cards': {'red': 2}, 'color': 'red'}

        Attributes:
            seat (int):
            route (str):
            cards (CardCounts): Cards by kind (purple, blue, orange, white, green, yellow, black, red, locomotive): how many
                of each (kinds not listed: none). Example: {'red': 2, 'locomotive': 1}.
            color (CardKind):
     """

    seat: int
    route: str
    cards: CardCounts
    color: CardKind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_counts import CardCounts
        seat = self.seat

        route = self.route

        cards = self.cards.to_dict()

        color = self.color.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "route": route,
            "cards": cards,
            "color": color,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_counts import CardCounts
        d = dict(src_dict)
        seat = d.pop("seat")

        route = d.pop("route")

        cards = CardCounts.from_dict(d.pop("cards"))




        color = CardKind(d.pop("color"))




        tunnel_attempted_data = cls(
            seat=seat,
            route=route,
            cards=cards,
            color=color,
        )


        tunnel_attempted_data.additional_properties = d
        return tunnel_attempted_data

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
