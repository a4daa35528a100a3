from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_kind import CardKind
from typing import cast






T = TypeVar("T", bound="MarketResetData")



@_attrs_define
class MarketResetData:
    """ Three or more face-up locomotives: the face-up cards were discarded.

        Example:
            {'discarded': ['locomotive', 'locomotive', 'locomotive', 'red', 'blue']}

        Attributes:
            discarded (list[CardKind]):
     """

    discarded: list[CardKind]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        discarded = []
        for discarded_item_data in self.discarded:
            discarded_item = discarded_item_data.value
            discarded.append(discarded_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "discarded": discarded,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        discarded = []
        _discarded = d.pop("discarded")
        for discarded_item_data in (_discarded):
            discarded_item = CardKind(discarded_item_data)



            discarded.append(discarded_item)


        market_reset_data = cls(
            discarded=discarded,
        )


        market_reset_data.additional_properties = d
        return market_reset_data

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
