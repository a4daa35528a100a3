from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.swing_move import SwingMove





T = TypeVar("T", bound="Swing")



@_attrs_define
class Swing:
    """ 
        Attributes:
            winner (int | None):
            runner_up (int | None):
            margin (int | None):
            moves (list[SwingMove]):
     """

    winner: int | None
    runner_up: int | None
    margin: int | None
    moves: list[SwingMove]





    def to_dict(self) -> dict[str, Any]:
        from ..models.swing_move import SwingMove
        winner: int | None
        winner = self.winner

        runner_up: int | None
        runner_up = self.runner_up

        margin: int | None
        margin = self.margin

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "winner": winner,
            "runner_up": runner_up,
            "margin": margin,
            "moves": moves,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.swing_move import SwingMove
        d = dict(src_dict)
        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))


        def _parse_runner_up(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        runner_up = _parse_runner_up(d.pop("runner_up"))


        def _parse_margin(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        margin = _parse_margin(d.pop("margin"))


        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            moves_item = SwingMove.from_dict(moves_item_data)



            moves.append(moves_item)


        swing = cls(
            winner=winner,
            runner_up=runner_up,
            margin=margin,
            moves=moves,
        )

        return swing

