from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="RematchPlace")



@_attrs_define
class RematchPlace:
    """ 
        Attributes:
            name (str): The player's name at the table.
            bot (bool): A bot (bots accept at once).
            accepted (bool | None): true: accepted; false: declined; null: not answered yet.
     """

    name: str
    bot: bool
    accepted: bool | None





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot = self.bot

        accepted: bool | None
        accepted = self.accepted


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "bot": bot,
            "accepted": accepted,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        bot = d.pop("bot")

        def _parse_accepted(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        accepted = _parse_accepted(d.pop("accepted"))


        rematch_place = cls(
            name=name,
            bot=bot,
            accepted=accepted,
        )

        return rematch_place

