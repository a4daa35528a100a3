from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="NewUser")



@_attrs_define
class NewUser:
    """ 
        Attributes:
            name (str): The name other players see. A name holds no control characters (ANSI escapes included), no
                bidirectional overrides, embeddings, isolates or marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C),
                no invisible formatting characters (zero-width space, word joiner, soft hyphen, BOM, line separators), and a
                zero-width joiner or non-joiner only between two other characters. Example: Alice.
     """

    name: str





    def to_dict(self) -> dict[str, Any]:
        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        new_user = cls(
            name=name,
        )

        return new_user

