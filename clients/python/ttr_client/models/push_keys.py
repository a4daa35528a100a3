from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PushKeys")



@_attrs_define
class PushKeys:
    """ 
        Attributes:
            p256dh (str): keys.p256dh is a P-256 public key, uncompressed (65 octets), in base64url.
            auth (str): keys.auth is the 16-octet authentication secret, in base64url.
     """

    p256dh: str
    auth: str





    def to_dict(self) -> dict[str, Any]:
        p256dh = self.p256dh

        auth = self.auth


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "p256dh": p256dh,
            "auth": auth,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        p256dh = d.pop("p256dh")

        auth = d.pop("auth")

        push_keys = cls(
            p256dh=p256dh,
            auth=auth,
        )

        return push_keys

