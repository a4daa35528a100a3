from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="TicketTimeline")



@_attrs_define
class TicketTimeline:
    """ 
        Attributes:
            id (str):
            from_ (str):
            to (str):
            points (int):
            kept_turn (int): 0: the setup choice.
            completed_turn (int | None):
            completed (bool):
     """

    id: str
    from_: str
    to: str
    points: int
    kept_turn: int
    completed_turn: int | None
    completed: bool





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        from_ = self.from_

        to = self.to

        points = self.points

        kept_turn = self.kept_turn

        completed_turn: int | None
        completed_turn = self.completed_turn

        completed = self.completed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "from": from_,
            "to": to,
            "points": points,
            "kept_turn": kept_turn,
            "completed_turn": completed_turn,
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

        kept_turn = d.pop("kept_turn")

        def _parse_completed_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        completed_turn = _parse_completed_turn(d.pop("completed_turn"))


        completed = d.pop("completed")

        ticket_timeline = cls(
            id=id,
            from_=from_,
            to=to,
            points=points,
            kept_turn=kept_turn,
            completed_turn=completed_turn,
            completed=completed,
        )

        return ticket_timeline

