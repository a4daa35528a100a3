from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TicketView")



@_attrs_define
class TicketView:
    """ 
        Attributes:
            id (str):
            from_ (str):
            to (str):
            points (int):
     """

    id: str
    from_: str
    to: str
    points: int





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        from_ = self.from_

        to = self.to

        points = self.points


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "from": from_,
            "to": to,
            "points": points,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        from_ = d.pop("from")

        to = d.pop("to")

        points = d.pop("points")

        ticket_view = cls(
            id=id,
            from_=from_,
            to=to,
            points=points,
        )

        return ticket_view

