from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_status import GameStatus
from ..models.map_name import MapName
from typing import cast






T = TypeVar("T", bound="Invitation")



@_attrs_define
class Invitation:
    """ 
        Attributes:
            game_id (str):
            map_ (MapName):
            status (GameStatus):
            inviter (None | str): The name the table's creator sits under (null: they hold no seat).
            seats (int):
            seats_taken (int):
     """

    game_id: str
    map_: MapName
    status: GameStatus
    inviter: None | str
    seats: int
    seats_taken: int





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        map_ = self.map_.value

        status = self.status.value

        inviter: None | str
        inviter = self.inviter

        seats = self.seats

        seats_taken = self.seats_taken


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "map": map_,
            "status": status,
            "inviter": inviter,
            "seats": seats,
            "seats_taken": seats_taken,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        map_ = MapName(d.pop("map"))




        status = GameStatus(d.pop("status"))




        def _parse_inviter(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        inviter = _parse_inviter(d.pop("inviter"))


        seats = d.pop("seats")

        seats_taken = d.pop("seats_taken")

        invitation = cls(
            game_id=game_id,
            map_=map_,
            status=status,
            inviter=inviter,
            seats=seats,
            seats_taken=seats_taken,
        )

        return invitation

