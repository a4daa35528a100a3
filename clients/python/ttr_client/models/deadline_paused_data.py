from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DeadlinePausedData")



@_attrs_define
class DeadlinePausedData:
    """ The player at `seat` is away until `until` (ISO-8601): their turn deadlines in this game are paused. `time_left`:
    the seconds their running turn deadline had left when it was paused (None: no deadline of theirs was running).

        Example:
            {'seat': 1, 'until': '2026-12-05T09:00:00.000000Z', 'time_left': 43200}

        Attributes:
            seat (int):
            until (str):
            time_left (int | None | Unset):
     """

    seat: int
    until: str
    time_left: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        until = self.until

        time_left: int | None | Unset
        if isinstance(self.time_left, Unset):
            time_left = UNSET
        else:
            time_left = self.time_left


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "until": until,
        })
        if time_left is not UNSET:
            field_dict["time_left"] = time_left

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        until = d.pop("until")

        def _parse_time_left(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        time_left = _parse_time_left(d.pop("time_left", UNSET))


        deadline_paused_data = cls(
            seat=seat,
            until=until,
            time_left=time_left,
        )


        deadline_paused_data.additional_properties = d
        return deadline_paused_data

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
