from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_level import BotLevel
from ..models.stand_in_reason import StandInReason






T = TypeVar("T", bound="StandInSeatedData")



@_attrs_define
class StandInSeatedData:
    """ A bot of `level` took over `seat` from `replaced`, who `reason`: resigned or timed_out (their turns timed out as
    often in a row as the game allows).

        Example:
            {'seat': 1, 'user_id': 'bot-hard-1', 'name': 'Hard bot', 'level': 'hard', 'replaced': 'u_3f2a9c1e5b7d4a6c8e0f',
                'reason': 'timed_out'}

        Attributes:
            seat (int):
            user_id (str):
            name (str):
            level (BotLevel):
            replaced (str):
            reason (StandInReason):
     """

    seat: int
    user_id: str
    name: str
    level: BotLevel
    replaced: str
    reason: StandInReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        user_id = self.user_id

        name = self.name

        level = self.level.value

        replaced = self.replaced

        reason = self.reason.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "user_id": user_id,
            "name": name,
            "level": level,
            "replaced": replaced,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        user_id = d.pop("user_id")

        name = d.pop("name")

        level = BotLevel(d.pop("level"))




        replaced = d.pop("replaced")

        reason = StandInReason(d.pop("reason"))




        stand_in_seated_data = cls(
            seat=seat,
            user_id=user_id,
            name=name,
            level=level,
            replaced=replaced,
            reason=reason,
        )


        stand_in_seated_data.additional_properties = d
        return stand_in_seated_data

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
