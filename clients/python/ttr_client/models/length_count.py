from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="LengthCount")



@_attrs_define
class LengthCount:
    """ 
        Attributes:
            length (int):
            count (int):
     """

    length: int
    count: int





    def to_dict(self) -> dict[str, Any]:
        length = self.length

        count = self.count


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "length": length,
            "count": count,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        length = d.pop("length")

        count = d.pop("count")

        length_count = cls(
            length=length,
            count=count,
        )

        return length_count

