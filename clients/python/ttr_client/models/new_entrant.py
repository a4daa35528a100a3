from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_level import BotLevel
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NewEntrant")



@_attrs_define
class NewEntrant:
    """ 
        Attributes:
            name (str | Unset): The entrant's name (default: your user name, or the bot's level). A name holds no control
                characters (ANSI escapes included), no bidirectional overrides, embeddings, isolates or marks (U+202A–U+202E,
                U+2066–U+2069, U+200E, U+200F, U+061C), no invisible formatting characters (zero-width space, word joiner, soft
                hyphen, BOM, line separators), and a zero-width joiner or non-joiner only between two other characters.
            bot_level (BotLevel | None | Unset): Add a bot of this level (the organiser only). Default: `null`.
            user_id (None | str | Unset): Invite this player (the organiser only; default: you join).
     """

    name: str | Unset = UNSET
    bot_level: BotLevel | None | Unset = UNSET
    user_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot_level: None | str | Unset
        if isinstance(self.bot_level, Unset):
            bot_level = UNSET
        elif isinstance(self.bot_level, BotLevel):
            bot_level = self.bot_level.value
        else:
            bot_level = self.bot_level

        user_id: None | str | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if bot_level is not UNSET:
            field_dict["bot_level"] = bot_level
        if user_id is not UNSET:
            field_dict["user_id"] = user_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_bot_level(data: object) -> BotLevel | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_level_type_0 = BotLevel(data)



                return bot_level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None | Unset, data)

        bot_level = _parse_bot_level(d.pop("bot_level", UNSET))


        def _parse_user_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        user_id = _parse_user_id(d.pop("user_id", UNSET))


        new_entrant = cls(
            name=name,
            bot_level=bot_level,
            user_id=user_id,
        )

        return new_entrant

