from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Entrant")



@_attrs_define
class Entrant:
    """ 
        Attributes:
            id (str):
            name (str):
            bot_level (None | str):
            withdrawn (bool): Missed a game: not paired again, points kept.
     """

    id: str
    name: str
    bot_level: None | str
    withdrawn: bool





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        bot_level: None | str
        bot_level = self.bot_level

        withdrawn = self.withdrawn


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "bot_level": bot_level,
            "withdrawn": withdrawn,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        def _parse_bot_level(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot_level = _parse_bot_level(d.pop("bot_level"))


        withdrawn = d.pop("withdrawn")

        entrant = cls(
            id=id,
            name=name,
            bot_level=bot_level,
            withdrawn=withdrawn,
        )

        return entrant

