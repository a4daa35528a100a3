from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ClaimedRoute")



@_attrs_define
class ClaimedRoute:
    """ 
        Attributes:
            route (str):
            claims (int):
     """

    route: str
    claims: int





    def to_dict(self) -> dict[str, Any]:
        route = self.route

        claims = self.claims


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "route": route,
            "claims": claims,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        route = d.pop("route")

        claims = d.pop("claims")

        claimed_route = cls(
            route=route,
            claims=claims,
        )

        return claimed_route

