from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SwingMove")



@_attrs_define
class SwingMove:
    """ 
        Attributes:
            turn (int):
            seat (int):
            route (str):
            points (int):
            swing (int): The final margin (winner − runner-up) less the margin without this route.
     """

    turn: int
    seat: int
    route: str
    points: int
    swing: int





    def to_dict(self) -> dict[str, Any]:
        turn = self.turn

        seat = self.seat

        route = self.route

        points = self.points

        swing = self.swing


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "turn": turn,
            "seat": seat,
            "route": route,
            "points": points,
            "swing": swing,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn = d.pop("turn")

        seat = d.pop("seat")

        route = d.pop("route")

        points = d.pop("points")

        swing = d.pop("swing")

        swing_move = cls(
            turn=turn,
            seat=seat,
            route=route,
            points=points,
            swing=swing,
        )

        return swing_move

