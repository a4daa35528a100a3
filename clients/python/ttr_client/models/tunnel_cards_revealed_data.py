from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_kind import CardKind
from typing import cast






T = TypeVar("T", bound="TunnelCardsRevealedData")



@_attrs_define
class TunnelCardsRevealedData:
    """ 
        Example:
            {'seat': 0, 'cards': ['red', 'blue', 'locomotive'], 'extra_cards': 2}

        Attributes:
            seat (int):
            cards (list[CardKind]):
            extra_cards (int):
     """

    seat: int
    cards: list[CardKind]
    extra_cards: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)



        extra_cards = self.extra_cards


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "cards": cards,
            "extra_cards": extra_cards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in (_cards):
            cards_item = CardKind(cards_item_data)



            cards.append(cards_item)


        extra_cards = d.pop("extra_cards")

        tunnel_cards_revealed_data = cls(
            seat=seat,
            cards=cards,
            extra_cards=extra_cards,
        )


        tunnel_cards_revealed_data.additional_properties = d
        return tunnel_cards_revealed_data

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
