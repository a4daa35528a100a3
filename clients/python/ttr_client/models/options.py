from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_level import BotLevel
from typing import cast






T = TypeVar("T", bound="Options")



@_attrs_define
class Options:
    """ 
        Attributes:
            turn_time_limit (int | None):
            drop_after_timeouts (int | None):
            stand_in (BotLevel | None): The level of the bots that stand in for players who leave (null: players leave the
                game).
            rated (bool):
     """

    turn_time_limit: int | None
    drop_after_timeouts: int | None
    stand_in: BotLevel | None
    rated: bool





    def to_dict(self) -> dict[str, Any]:
        turn_time_limit: int | None
        turn_time_limit = self.turn_time_limit

        drop_after_timeouts: int | None
        drop_after_timeouts = self.drop_after_timeouts

        stand_in: None | str
        if isinstance(self.stand_in, BotLevel):
            stand_in = self.stand_in.value
        else:
            stand_in = self.stand_in

        rated = self.rated


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "turn_time_limit": turn_time_limit,
            "drop_after_timeouts": drop_after_timeouts,
            "stand_in": stand_in,
            "rated": rated,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_turn_time_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_time_limit = _parse_turn_time_limit(d.pop("turn_time_limit"))


        def _parse_drop_after_timeouts(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        drop_after_timeouts = _parse_drop_after_timeouts(d.pop("drop_after_timeouts"))


        def _parse_stand_in(data: object) -> BotLevel | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stand_in_type_0 = BotLevel(data)



                return stand_in_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None, data)

        stand_in = _parse_stand_in(d.pop("stand_in"))


        rated = d.pop("rated")

        options = cls(
            turn_time_limit=turn_time_limit,
            drop_after_timeouts=drop_after_timeouts,
            stand_in=stand_in,
            rated=rated,
        )

        return options

