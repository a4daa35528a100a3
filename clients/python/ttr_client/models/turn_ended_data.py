from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TurnEndedData")



@_attrs_define
class TurnEndedData:
    """ The turn of `seat` is over; `next_seat` plays next, passing over `skipped`: the seats between them (in seat order)
    of the players who have left the game.

        Example:
            {'seat': 0, 'next_seat': 1, 'skipped': []}

        Attributes:
            seat (int):
            next_seat (int):
            skipped (list[int] | Unset):
     """

    seat: int
    next_seat: int
    skipped: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        next_seat = self.next_seat

        skipped: list[int] | Unset = UNSET
        if not isinstance(self.skipped, Unset):
            skipped = self.skipped




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "next_seat": next_seat,
        })
        if skipped is not UNSET:
            field_dict["skipped"] = skipped

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        next_seat = d.pop("next_seat")

        skipped = cast(list[int], d.pop("skipped", UNSET))


        turn_ended_data = cls(
            seat=seat,
            next_seat=next_seat,
            skipped=skipped,
        )


        turn_ended_data.additional_properties = d
        return turn_ended_data

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
