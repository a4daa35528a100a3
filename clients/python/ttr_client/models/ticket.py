from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Ticket")



@_attrs_define
class Ticket:
    """ 
        Attributes:
            id (str):  Example: usa/denver-el-paso.
            a (str):
            b (str):
            points (int):
            long (bool):
     """

    id: str
    a: str
    b: str
    points: int
    long: bool





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        a = self.a

        b = self.b

        points = self.points

        long = self.long


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "a": a,
            "b": b,
            "points": points,
            "long": long,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        a = d.pop("a")

        b = d.pop("b")

        points = d.pop("points")

        long = d.pop("long")

        ticket = cls(
            id=id,
            a=a,
            b=b,
            points=points,
            long=long,
        )

        return ticket

