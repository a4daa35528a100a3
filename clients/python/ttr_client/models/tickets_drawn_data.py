from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TicketsDrawnData")



@_attrs_define
class TicketsDrawnData:
    """ 
        Example:
            {'seat': 0, 'count': 3, 'tickets': ['usa/denver-el-paso', 'usa/boston-miami', 'usa/seattle-new-york']}

        Attributes:
            seat (int):
            count (int):
            tickets (list[str] | Unset): Seen by the acting seat only while the game runs (else named in `hidden`).
     """

    seat: int
    count: int
    tickets: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        count = self.count

        tickets: list[str] | Unset = UNSET
        if not isinstance(self.tickets, Unset):
            tickets = self.tickets




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "count": count,
        })
        if tickets is not UNSET:
            field_dict["tickets"] = tickets

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        count = d.pop("count")

        tickets = cast(list[str], d.pop("tickets", UNSET))


        tickets_drawn_data = cls(
            seat=seat,
            count=count,
            tickets=tickets,
        )


        tickets_drawn_data.additional_properties = d
        return tickets_drawn_data

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
