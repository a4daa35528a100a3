from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="FinalRound")



@_attrs_define
class FinalRound:
    """ 
        Attributes:
            started_by (int):
            turns_owed (list[int]):
     """

    started_by: int
    turns_owed: list[int]





    def to_dict(self) -> dict[str, Any]:
        started_by = self.started_by

        turns_owed = self.turns_owed




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "started_by": started_by,
            "turns_owed": turns_owed,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        started_by = d.pop("started_by")

        turns_owed = cast(list[int], d.pop("turns_owed"))


        final_round = cls(
            started_by=started_by,
            turns_owed=turns_owed,
        )

        return final_round

