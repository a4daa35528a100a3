from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="FirstFailure")



@_attrs_define
class FirstFailure:
    """ 
        Attributes:
            version (int | None):
            type_ (None | str):
            reason (None | str):
     """

    version: int | None
    type_: None | str
    reason: None | str





    def to_dict(self) -> dict[str, Any]:
        version: int | None
        version = self.version

        type_: None | str
        type_ = self.type_

        reason: None | str
        reason = self.reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "version": version,
            "type": type_,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        version = _parse_version(d.pop("version"))


        def _parse_type_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        type_ = _parse_type_(d.pop("type"))


        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        first_failure = cls(
            version=version,
            type_=type_,
            reason=reason,
        )

        return first_failure

