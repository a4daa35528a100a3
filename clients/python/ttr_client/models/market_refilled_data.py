from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_kind import CardKind
from typing import cast






T = TypeVar("T", bound="MarketRefilledData")



@_attrs_define
class MarketRefilledData:
    """ Cards turned from the top of the deck into empty face-up slots.

        Example:
            {'slots': [2], 'cards': ['yellow']}

        Attributes:
            slots (list[int]):
            cards (list[CardKind]):
     """

    slots: list[int]
    cards: list[CardKind]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        slots = self.slots



        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "slots": slots,
            "cards": cards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slots = cast(list[int], d.pop("slots"))


        cards = []
        _cards = d.pop("cards")
        for cards_item_data in (_cards):
            cards_item = CardKind(cards_item_data)



            cards.append(cards_item)


        market_refilled_data = cls(
            slots=slots,
            cards=cards,
        )


        market_refilled_data.additional_properties = d
        return market_refilled_data

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
