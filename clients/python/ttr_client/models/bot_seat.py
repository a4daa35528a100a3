from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_level import BotLevel






T = TypeVar("T", bound="BotSeat")



@_attrs_define
class BotSeat:
    """ 
        Attributes:
            level (BotLevel):
     """

    level: BotLevel





    def to_dict(self) -> dict[str, Any]:
        level = self.level.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "level": level,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = BotLevel(d.pop("level"))




        bot_seat = cls(
            level=level,
        )

        return bot_seat

