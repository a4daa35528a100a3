from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.decline_tunnel_type import DeclineTunnelType






T = TypeVar("T", bound="DeclineTunnel")



@_attrs_define
class DeclineTunnel:
    """ Give up the tunnel: the turn ends.

        Example:
            {'type': 'decline_tunnel'}

        Attributes:
            type_ (DeclineTunnelType):
     """

    type_: DeclineTunnelType





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DeclineTunnelType(d.pop("type"))




        decline_tunnel = cls(
            type_=type_,
        )

        return decline_tunnel

