from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_level import BotLevel
from ..models.player_out import PlayerOut
from typing import cast






T = TypeVar("T", bound="ListedPlayer")



@_attrs_define
class ListedPlayer:
    """ 
        Attributes:
            seat (int):
            user_id (str):
            name (str):
            to_act (bool):
            out (None | PlayerOut):
            bot (bool): The seat is held by a bot.
            level (BotLevel | None): A bot's level.
     """

    seat: int
    user_id: str
    name: str
    to_act: bool
    out: None | PlayerOut
    bot: bool
    level: BotLevel | None





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        user_id = self.user_id

        name = self.name

        to_act = self.to_act

        out: None | str
        if isinstance(self.out, PlayerOut):
            out = self.out.value
        else:
            out = self.out

        bot = self.bot

        level: None | str
        if isinstance(self.level, BotLevel):
            level = self.level.value
        else:
            level = self.level


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "user_id": user_id,
            "name": name,
            "to_act": to_act,
            "out": out,
            "bot": bot,
            "level": level,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        user_id = d.pop("user_id")

        name = d.pop("name")

        to_act = d.pop("to_act")

        def _parse_out(data: object) -> None | PlayerOut:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                out_type_0 = PlayerOut(data)



                return out_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerOut, data)

        out = _parse_out(d.pop("out"))


        bot = d.pop("bot")

        def _parse_level(data: object) -> BotLevel | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                level_type_0 = BotLevel(data)



                return level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None, data)

        level = _parse_level(d.pop("level"))


        listed_player = cls(
            seat=seat,
            user_id=user_id,
            name=name,
            to_act=to_act,
            out=out,
            bot=bot,
            level=level,
        )

        return listed_player

