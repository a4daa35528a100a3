from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="TakeSeat")



@_attrs_define
class TakeSeat:
    """ 
        Attributes:
            name (str | Unset): Your name at this table (default: your user name). A name holds no control characters (ANSI
                escapes included), no bidirectional overrides, embeddings, isolates or marks (U+202A–U+202E, U+2066–U+2069,
                U+200E, U+200F, U+061C), no invisible formatting characters (zero-width space, word joiner, soft hyphen, BOM,
                line separators), and a zero-width joiner or non-joiner only between two other characters.
            invite_code (str | Unset):
     """

    name: str | Unset = UNSET
    invite_code: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        invite_code = self.invite_code


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if invite_code is not UNSET:
            field_dict["invite_code"] = invite_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        invite_code = d.pop("invite_code", UNSET)

        take_seat = cls(
            name=name,
            invite_code=invite_code,
        )

        return take_seat

