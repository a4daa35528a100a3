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





T = TypeVar("T", bound="Tunnel")



@_attrs_define
class Tunnel:
    """ 
        Attributes:
            seat (int):
            route (str):
            cards (CardCounts): Cards by kind (purple, blue, orange, white, green, yellow, black, red, locomotive): how many
                of each (kinds not listed: none). Example: {'red': 2, 'locomotive': 1}.
            color (CardKind):
            revealed (list[CardKind]):
            extra_cards (int):
     """

    seat: int
    route: str
    cards: CardCounts
    color: CardKind
    revealed: list[CardKind]
    extra_cards: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_counts import CardCounts
        seat = self.seat

        route = self.route

        cards = self.cards.to_dict()

        color = self.color.value

        revealed = []
        for revealed_item_data in self.revealed:
            revealed_item = revealed_item_data.value
            revealed.append(revealed_item)



        extra_cards = self.extra_cards


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "route": route,
            "cards": cards,
            "color": color,
            "revealed": revealed,
            "extra_cards": extra_cards,
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




        revealed = []
        _revealed = d.pop("revealed")
        for revealed_item_data in (_revealed):
            revealed_item = CardKind(revealed_item_data)



            revealed.append(revealed_item)


        extra_cards = d.pop("extra_cards")

        tunnel = cls(
            seat=seat,
            route=route,
            cards=cards,
            color=color,
            revealed=revealed,
            extra_cards=extra_cards,
        )

        return tunnel

