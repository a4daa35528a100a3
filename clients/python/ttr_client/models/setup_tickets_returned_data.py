from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SetupTicketsReturnedData")



@_attrs_define
class SetupTicketsReturnedData:
    """ Everyone chose: the returned setup tickets go under the deck, batches in seat order.

        Example:
            {'shuffles': [4, 5], 'count': 2}

        Attributes:
            shuffles (list[int]):
            count (int):
            bottom_order (list[str] | Unset): Hidden from everyone until the game has ended (named in `hidden`).
     """

    shuffles: list[int]
    count: int
    bottom_order: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        shuffles = self.shuffles



        count = self.count

        bottom_order: list[str] | Unset = UNSET
        if not isinstance(self.bottom_order, Unset):
            bottom_order = self.bottom_order




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "shuffles": shuffles,
            "count": count,
        })
        if bottom_order is not UNSET:
            field_dict["bottom_order"] = bottom_order

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        shuffles = cast(list[int], d.pop("shuffles"))


        count = d.pop("count")

        bottom_order = cast(list[str], d.pop("bottom_order", UNSET))


        setup_tickets_returned_data = cls(
            shuffles=shuffles,
            count=count,
            bottom_order=bottom_order,
        )


        setup_tickets_returned_data.additional_properties = d
        return setup_tickets_returned_data

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
