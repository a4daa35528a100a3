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
            waiting_for_worker (bool): No worker has taken jobs from the queue for a while (PostgreSQL and Redis mode): the
                score is computed once one starts. Always false in the embedded mode, where jobs run in the server.
     """

    game_id: str
    status: GameStatus
    waiting_for_worker: bool





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        status = self.status.value

        waiting_for_worker = self.waiting_for_worker


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "status": status,
            "waiting_for_worker": waiting_for_worker,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        status = GameStatus(d.pop("status"))




        waiting_for_worker = d.pop("waiting_for_worker")

        score_pending = cls(
            game_id=game_id,
            status=status,
            waiting_for_worker=waiting_for_worker,
        )

        return score_pending

