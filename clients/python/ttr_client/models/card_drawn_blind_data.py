from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_kind import CardKind
from ..types import UNSET, Unset






T = TypeVar("T", bound="CardDrawnBlindData")



@_attrs_define
class CardDrawnBlindData:
    """ 
        Example:
            {'seat': 0, 'card': 'orange'}

        Attributes:
            seat (int):
            card (CardKind | Unset):
     """

    seat: int
    card: CardKind | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        card: str | Unset = UNSET
        if not isinstance(self.card, Unset):
            card = self.card.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
        })
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        _card = d.pop("card", UNSET)
        card: CardKind | Unset
        if isinstance(_card,  Unset):
            card = UNSET
        else:
            card = CardKind(_card)




        card_drawn_blind_data = cls(
            seat=seat,
            card=card,
        )


        card_drawn_blind_data.additional_properties = d
        return card_drawn_blind_data

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
