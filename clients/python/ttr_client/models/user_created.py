from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="UserCreated")



@_attrs_define
class UserCreated:
    """ 
        Attributes:
            id (str):  Example: u_3f2a9c1e5b7d4a6c8e0f.
            name (str):
            created_at (datetime.datetime):
            token (str): The bearer token: shown only now, stored hashed. Send it as `Authorization: Bearer <token>`. It
                grants every scope; make narrower ones with POST /v1/users/me/tokens.
     """

    id: str
    name: str
    created_at: datetime.datetime
    token: str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        created_at = self.created_at.isoformat()

        token = self.token


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "created_at": created_at,
            "token": token,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        token = d.pop("token")

        user_created = cls(
            id=id,
            name=name,
            created_at=created_at,
            token=token,
        )

        return user_created

