from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TicketsKeptData")



@_attrs_define
class TicketsKeptData:
    """ 
        Example:
            {'seat': 0, 'kept': ['usa/denver-el-paso'], 'returned': ['usa/boston-miami', 'usa/seattle-new-york'],
                'kept_count': 1, 'returned_count': 2, 'returned_to': 'bottom', 'shuffle': None}

        Attributes:
            seat (int):
            kept_count (int):
            returned_count (int):
            returned_to (str):
            shuffle (int | None):
            kept (list[str] | Unset): Seen by the acting seat only while the game runs (else named in `hidden`).
            returned (list[str] | Unset): Seen by the acting seat only while the game runs (else named in `hidden`).
            bottom_order (list[str] | Unset): Hidden from everyone until the game has ended (named in `hidden`).
     """

    seat: int
    kept_count: int
    returned_count: int
    returned_to: str
    shuffle: int | None
    kept: list[str] | Unset = UNSET
    returned: list[str] | Unset = UNSET
    bottom_order: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        kept_count = self.kept_count

        returned_count = self.returned_count

        returned_to = self.returned_to

        shuffle: int | None
        shuffle = self.shuffle

        kept: list[str] | Unset = UNSET
        if not isinstance(self.kept, Unset):
            kept = self.kept



        returned: list[str] | Unset = UNSET
        if not isinstance(self.returned, Unset):
            returned = self.returned



        bottom_order: list[str] | Unset = UNSET
        if not isinstance(self.bottom_order, Unset):
            bottom_order = self.bottom_order




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "kept_count": kept_count,
            "returned_count": returned_count,
            "returned_to": returned_to,
            "shuffle": shuffle,
        })
        if kept is not UNSET:
            field_dict["kept"] = kept
        if returned is not UNSET:
            field_dict["returned"] = returned
        if bottom_order is not UNSET:
            field_dict["bottom_order"] = bottom_order

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        kept_count = d.pop("kept_count")

        returned_count = d.pop("returned_count")

        returned_to = d.pop("returned_to")

        def _parse_shuffle(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        shuffle = _parse_shuffle(d.pop("shuffle"))


        kept = cast(list[str], d.pop("kept", UNSET))


        returned = cast(list[str], d.pop("returned", UNSET))


        bottom_order = cast(list[str], d.pop("bottom_order", UNSET))


        tickets_kept_data = cls(
            seat=seat,
            kept_count=kept_count,
            returned_count=returned_count,
            returned_to=returned_to,
            shuffle=shuffle,
            kept=kept,
            returned=returned,
            bottom_order=bottom_order,
        )


        tickets_kept_data.additional_properties = d
        return tickets_kept_data

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
