from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="MailAddress")



@_attrs_define
class MailAddress:
    """ 
        Attributes:
            address (str): Your verified address.
            verified_at (datetime.datetime):
            disabled (bool): Mail to it failed for good several times in a row: nothing is sent to it until you add an
                address again.
            disabled_at (datetime.datetime | None):
            failures (int): Sends in a row that the mail server refused for good.
     """

    address: str
    verified_at: datetime.datetime
    disabled: bool
    disabled_at: datetime.datetime | None
    failures: int





    def to_dict(self) -> dict[str, Any]:
        address = self.address

        verified_at = self.verified_at.isoformat()

        disabled = self.disabled

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        failures = self.failures


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "address": address,
            "verified_at": verified_at,
            "disabled": disabled,
            "disabled_at": disabled_at,
            "failures": failures,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

        verified_at = datetime.datetime.fromisoformat(d.pop("verified_at"))




        disabled = d.pop("disabled")

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)



                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))


        failures = d.pop("failures")

        mail_address = cls(
            address=address,
            verified_at=verified_at,
            disabled=disabled,
            disabled_at=disabled_at,
            failures=failures,
        )

        return mail_address

