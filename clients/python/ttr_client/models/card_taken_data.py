from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_kind import CardKind






T = TypeVar("T", bound="CardTakenData")



@_attrs_define
class CardTakenData:
    """ A face-up card taken from the market.

        Example:
            {'seat': 0, 'slot': 2, 'card': 'yellow'}

        Attributes:
            seat (int):
            slot (int):
            card (CardKind):
     """

    seat: int
    slot: int
    card: CardKind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        slot = self.slot

        card = self.card.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "slot": slot,
            "card": card,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        slot = d.pop("slot")

        card = CardKind(d.pop("card"))




        card_taken_data = cls(
            seat=seat,
            slot=slot,
            card=card,
        )


        card_taken_data.additional_properties = d
        return card_taken_data

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
