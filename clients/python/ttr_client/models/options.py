from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Options")



@_attrs_define
class Options:
    """ 
        Attributes:
            turn_time_limit (int | None):
            drop_after_timeouts (int | None):
     """

    turn_time_limit: int | None
    drop_after_timeouts: int | None





    def to_dict(self) -> dict[str, Any]:
        turn_time_limit: int | None
        turn_time_limit = self.turn_time_limit

        drop_after_timeouts: int | None
        drop_after_timeouts = self.drop_after_timeouts


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "turn_time_limit": turn_time_limit,
            "drop_after_timeouts": drop_after_timeouts,
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


        options = cls(
            turn_time_limit=turn_time_limit,
            drop_after_timeouts=drop_after_timeouts,
        )

        return options

