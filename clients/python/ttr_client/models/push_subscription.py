from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="PushSubscription")



@_attrs_define
class PushSubscription:
    """ 
        Attributes:
            id (str): The subscription's id (to delete it). Example: ps_5b0c2e9d41a7f3e8b6d1c0a2.
            endpoint (str):
            created_at (datetime.datetime):
     """

    id: str
    endpoint: str
    created_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        endpoint = self.endpoint

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "endpoint": endpoint,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        endpoint = d.pop("endpoint")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        push_subscription = cls(
            id=id,
            endpoint=endpoint,
            created_at=created_at,
        )

        return push_subscription

