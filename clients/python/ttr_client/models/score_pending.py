from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_status import GameStatus






T = TypeVar("T", bound="ScorePending")



@_attrs_define
class ScorePending:
    """ 
        Attributes:
            game_id (str):
            status (GameStatus):
     """

    game_id: str
    status: GameStatus





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        status = self.status.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        status = GameStatus(d.pop("status"))




        score_pending = cls(
            game_id=game_id,
            status=status,
        )

        return score_pending

