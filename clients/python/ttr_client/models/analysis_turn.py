from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.analysis_turn_kind import AnalysisTurnKind
from typing import cast






T = TypeVar("T", bound="AnalysisTurn")



@_attrs_define
class AnalysisTurn:
    """ 
        Attributes:
            turn (int):
            seat (int):
            kind (AnalysisTurnKind):
            route (None | str):
            points (int):
            scores (list[int]): Every player's route points after this turn, in seat order.
     """

    turn: int
    seat: int
    kind: AnalysisTurnKind
    route: None | str
    points: int
    scores: list[int]





    def to_dict(self) -> dict[str, Any]:
        turn = self.turn

        seat = self.seat

        kind = self.kind.value

        route: None | str
        route = self.route

        points = self.points

        scores = self.scores




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "turn": turn,
            "seat": seat,
            "kind": kind,
            "route": route,
            "points": points,
            "scores": scores,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn = d.pop("turn")

        seat = d.pop("seat")

        kind = AnalysisTurnKind(d.pop("kind"))




        def _parse_route(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        route = _parse_route(d.pop("route"))


        points = d.pop("points")

        scores = cast(list[int], d.pop("scores"))


        analysis_turn = cls(
            turn=turn,
            seat=seat,
            kind=kind,
            route=route,
            points=points,
            scores=scores,
        )

        return analysis_turn

