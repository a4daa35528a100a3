from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TurnTimedOutData")



@_attrs_define
class TurnTimedOutData:
    """ The deadline of `seat`'s turn (or setup ticket choice) passed; the system acted. `deadline` is the deadline that
    passed, as the server stated it (an ISO-8601 string, recorded as is); `consecutive` counts this player's time-outs
    in a row, this one included (it starts again when the player acts themselves).

        Example:
            {'seat': 1, 'deadline': '2026-11-23T09:00:00.000000Z', 'consecutive': 1}

        Attributes:
            seat (int):
            deadline (str):
            consecutive (int):
     """

    seat: int
    deadline: str
    consecutive: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        deadline = self.deadline

        consecutive = self.consecutive


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "deadline": deadline,
            "consecutive": consecutive,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        deadline = d.pop("deadline")

        consecutive = d.pop("consecutive")

        turn_timed_out_data = cls(
            seat=seat,
            deadline=deadline,
            consecutive=consecutive,
        )


        turn_timed_out_data.additional_properties = d
        return turn_timed_out_data

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
