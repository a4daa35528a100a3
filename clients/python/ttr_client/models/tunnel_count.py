from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TunnelCount")



@_attrs_define
class TunnelCount:
    """ 
        Attributes:
            attempted (int):
            paid (int):
            declined (int):
     """

    attempted: int
    paid: int
    declined: int





    def to_dict(self) -> dict[str, Any]:
        attempted = self.attempted

        paid = self.paid

        declined = self.declined


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "attempted": attempted,
            "paid": paid,
            "declined": declined,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempted = d.pop("attempted")

        paid = d.pop("paid")

        declined = d.pop("declined")

        tunnel_count = cls(
            attempted=attempted,
            paid=paid,
            declined=declined,
        )

        return tunnel_count

