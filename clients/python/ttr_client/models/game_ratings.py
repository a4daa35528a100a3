from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.map_name import MapName
from typing import cast

if TYPE_CHECKING:
  from ..models.rating_change import RatingChange





T = TypeVar("T", bound="GameRatings")



@_attrs_define
class GameRatings:
    """ 
        Attributes:
            game_id (str):
            map_ (MapName):
            projected (bool): False until the ratings job has reached this game (moments after its score).
            players (list[RatingChange]):
     """

    game_id: str
    map_: MapName
    projected: bool
    players: list[RatingChange]





    def to_dict(self) -> dict[str, Any]:
        from ..models.rating_change import RatingChange
        game_id = self.game_id

        map_ = self.map_.value

        projected = self.projected

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "map": map_,
            "projected": projected,
            "players": players,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_change import RatingChange
        d = dict(src_dict)
        game_id = d.pop("game_id")

        map_ = MapName(d.pop("map"))




        projected = d.pop("projected")

        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            players_item = RatingChange.from_dict(players_item_data)



            players.append(players_item)


        game_ratings = cls(
            game_id=game_id,
            map_=map_,
            projected=projected,
            players=players,
        )

        return game_ratings

