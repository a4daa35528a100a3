from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.scope import Scope
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NewToken")



@_attrs_define
class NewToken:
    """ 
        Attributes:
            name (str): What the token is for, to tell it apart in the list. Example: my bot, 2025 key.
            scopes (list[Scope]): What the token may do: no more than the token that makes it. Example: ['play', 'read'].
            expires_in (int | None | Unset): Seconds until the token stops working, no longer than the token that makes it
                has left (none: until revoked, or until that token expires). Default: `null`. Example: 2592000.
     """

    name: str
    scopes: list[Scope]
    expires_in: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)



        expires_in: int | None | Unset
        if isinstance(self.expires_in, Unset):
            expires_in = UNSET
        else:
            expires_in = self.expires_in


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "scopes": scopes,
        })
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in (_scopes):
            scopes_item = Scope(scopes_item_data)



            scopes.append(scopes_item)


        def _parse_expires_in(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in = _parse_expires_in(d.pop("expires_in", UNSET))


        new_token = cls(
            name=name,
            scopes=scopes,
            expires_in=expires_in,
        )

        return new_token

