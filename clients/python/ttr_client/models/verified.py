from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="Verified")



@_attrs_define
class Verified:
    """ 
        Attributes:
            verified_at (datetime.datetime):
     """

    verified_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        verified_at = self.verified_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "verified_at": verified_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        verified_at = datetime.datetime.fromisoformat(d.pop("verified_at"))




        verified = cls(
            verified_at=verified_at,
        )

        return verified

