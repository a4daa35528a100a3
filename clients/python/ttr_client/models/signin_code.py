from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="SigninCode")



@_attrs_define
class SigninCode:
    """ 
        Attributes:
            code (str): The one-time code: shown only now, stored hashed; it works once, for 10 minutes (POST /v1/signin).
                Example: ttrc_Qm9vZ2x5.
            link (str): The sign-in link's path on this server, the code in its fragment (which browsers never send to a
                server). Example: /signin#code=ttrc_Qm9vZ2x5.
            scopes (list[str]): The scopes of the token the code becomes.
            expires_at (datetime.datetime):
     """

    code: str
    link: str
    scopes: list[str]
    expires_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        link = self.link

        scopes = self.scopes



        expires_at = self.expires_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "code": code,
            "link": link,
            "scopes": scopes,
            "expires_at": expires_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        link = d.pop("link")

        scopes = cast(list[str], d.pop("scopes"))


        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        signin_code = cls(
            code=code,
            link=link,
            scopes=scopes,
            expires_at=expires_at,
        )

        return signin_code

