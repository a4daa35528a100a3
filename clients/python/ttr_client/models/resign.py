from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.resign_type import ResignType






T = TypeVar("T", bound="Resign")



@_attrs_define
class Resign:
    """ Leave the game for good (before the start: leave the seat). Your later turns are skipped.

        Example:
            {'type': 'resign'}

        Attributes:
            type_ (ResignType):
     """

    type_: ResignType





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = ResignType(d.pop("type"))




        resign = cls(
            type_=type_,
        )

        return resign

