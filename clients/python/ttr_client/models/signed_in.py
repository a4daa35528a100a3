from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.scope import Scope
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.user import User





T = TypeVar("T", bound="SignedIn")



@_attrs_define
class SignedIn:
    """ 
        Attributes:
            id (str): The token's id (not the token itself). Example: t_9b1c2d3e4f5a6b7c8d9e.
            name (str):
            scopes (list[Scope]):
            created_at (datetime.datetime):
            last_used_at (datetime.datetime | None): When the token was last used, to within about a minute; null: never.
            expires_at (datetime.datetime | None): When the token stops working; null: never (until revoked).
            token (str): The bearer token: shown only now, stored hashed.
            user (User):
     """

    id: str
    name: str
    scopes: list[Scope]
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None
    expires_at: datetime.datetime | None
    token: str
    user: User





    def to_dict(self) -> dict[str, Any]:
        from ..models.user import User
        id = self.id

        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)



        created_at = self.created_at.isoformat()

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        token = self.token

        user = self.user.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "scopes": scopes,
            "created_at": created_at,
            "last_used_at": last_used_at,
            "expires_at": expires_at,
            "token": token,
            "user": user,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.user import User
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in (_scopes):
            scopes_item = Scope(scopes_item_data)



            scopes.append(scopes_item)


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)



                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))


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


        token = d.pop("token")

        user = User.from_dict(d.pop("user"))




        signed_in = cls(
            id=id,
            name=name,
            scopes=scopes,
            created_at=created_at,
            last_used_at=last_used_at,
            expires_at=expires_at,
            token=token,
            user=user,
        )

        return signed_in

