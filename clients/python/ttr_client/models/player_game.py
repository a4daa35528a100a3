from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.map_name import MapName
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.rating_change import RatingChange





T = TypeVar("T", bound="PlayerGame")



@_attrs_define
class PlayerGame:
    """ 
        Attributes:
            game_id (str):
            map_ (MapName):
            finished_at (datetime.datetime):
            rank (int):
            winner (bool):
            score (int):
            rated (bool):
            change (float | None):
            players (list[RatingChange]):
     """

    game_id: str
    map_: MapName
    finished_at: datetime.datetime
    rank: int
    winner: bool
    score: int
    rated: bool
    change: float | None
    players: list[RatingChange]





    def to_dict(self) -> dict[str, Any]:
        from ..models.rating_change import RatingChange
        game_id = self.game_id

        map_ = self.map_.value

        finished_at = self.finished_at.isoformat()

        rank = self.rank

        winner = self.winner

        score = self.score

        rated = self.rated

        change: float | None
        change = self.change

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "map": map_,
            "finished_at": finished_at,
            "rank": rank,
            "winner": winner,
            "score": score,
            "rated": rated,
            "change": change,
            "players": players,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_change import RatingChange
        d = dict(src_dict)
        game_id = d.pop("game_id")

        map_ = MapName(d.pop("map"))




        finished_at = datetime.datetime.fromisoformat(d.pop("finished_at"))




        rank = d.pop("rank")

        winner = d.pop("winner")

        score = d.pop("score")

        rated = d.pop("rated")

        def _parse_change(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        change = _parse_change(d.pop("change"))


        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            players_item = RatingChange.from_dict(players_item_data)



            players.append(players_item)


        player_game = cls(
            game_id=game_id,
            map_=map_,
            finished_at=finished_at,
            rank=rank,
            winner=winner,
            score=score,
            rated=rated,
            change=change,
            players=players,
        )

        return player_game

