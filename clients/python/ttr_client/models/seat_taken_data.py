from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_level import BotLevel
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SeatTakenData")



@_attrs_define
class SeatTakenData:
    """ 
        Example:
            {'seat': 1, 'user_id': 'u_3f2a9c1e5b7d4a6c8e0f', 'name': 'Alice'}

        Attributes:
            seat (int):
            user_id (str):
            name (str):
            bot (BotLevel | None | Unset):
     """

    seat: int
    user_id: str
    name: str
    bot: BotLevel | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        user_id = self.user_id

        name = self.name

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        elif isinstance(self.bot, BotLevel):
            bot = self.bot.value
        else:
            bot = self.bot


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "user_id": user_id,
            "name": name,
        })
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        user_id = d.pop("user_id")

        name = d.pop("name")

        def _parse_bot(data: object) -> BotLevel | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_0 = BotLevel(data)



                return bot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))


        seat_taken_data = cls(
            seat=seat,
            user_id=user_id,
            name=name,
            bot=bot,
        )


        seat_taken_data.additional_properties = d
        return seat_taken_data

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
