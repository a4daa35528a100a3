from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="MailState")



@_attrs_define
class MailState:
    """ 
        Attributes:
            address (bool): You have a verified address.
            disabled (bool): Mail to it failed for good several times in a row: nothing is mailed until you add an address
                again.
     """

    address: bool
    disabled: bool





    def to_dict(self) -> dict[str, Any]:
        address = self.address

        disabled = self.disabled


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "address": address,
            "disabled": disabled,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

        disabled = d.pop("disabled")

        mail_state = cls(
            address=address,
            disabled=disabled,
        )

        return mail_state

