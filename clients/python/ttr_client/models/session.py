from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.scope import Scope
from typing import cast
import datetime






T = TypeVar("T", bound="Session")



@_attrs_define
class Session:
    """ 
        Attributes:
            id (str): The session's token id: it is listed, and revoked, with the account's tokens. Example:
                t_9b1c2d3e4f5a6b7c8d9e.
            scopes (list[Scope]): What the session may do: what the token traded for it grants.
            expires_at (datetime.datetime | None): When the session ends unless it is ended before.
     """

    id: str
    scopes: list[Scope]
    expires_at: datetime.datetime | None





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)



        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "scopes": scopes,
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in (_scopes):
            scopes_item = Scope(scopes_item_data)



            scopes.append(scopes_item)


        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))


        session = cls(
            id=id,
            scopes=scopes,
            expires_at=expires_at,
        )

        return session

