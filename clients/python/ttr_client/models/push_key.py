from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PushKey")



@_attrs_define
class PushKey:
    """ 
        Attributes:
            public_key (str): The server's VAPID public key (RFC 8292), base64url of the uncompressed P-256 point: the
                `applicationServerKey` to subscribe with. Example:
                BNbxGYNMhEIi9zrneh7mqV4EUanjLUK3m-mYZBc62frMKrEoMk88r3Lk596T0ck9xlT-aXgVA0ZJZyBZxNJ6dRc.
     """

    public_key: str





    def to_dict(self) -> dict[str, Any]:
        public_key = self.public_key


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "public_key": public_key,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        public_key = d.pop("public_key")

        push_key = cls(
            public_key=public_key,
        )

        return push_key

