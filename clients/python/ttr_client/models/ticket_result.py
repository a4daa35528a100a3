from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="TicketResult")



@_attrs_define
class TicketResult:
    """ 
        Attributes:
            id (str):
            from_ (str):
            to (str):
            points (int):
            completed (bool):
     """

    id: str
    from_: str
    to: str
    points: int
    completed: bool





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        from_ = self.from_

        to = self.to

        points = self.points

        completed = self.completed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "from": from_,
            "to": to,
            "points": points,
            "completed": completed,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        from_ = d.pop("from")

        to = d.pop("to")

        points = d.pop("points")

        completed = d.pop("completed")

        ticket_result = cls(
            id=id,
            from_=from_,
            to=to,
            points=points,
            completed=completed,
        )

        return ticket_result

