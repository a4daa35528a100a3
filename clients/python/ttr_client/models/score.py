from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_status import GameStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.score_player import ScorePlayer





T = TypeVar("T", bound="Score")



@_attrs_define
class Score:
    """ 
        Attributes:
            game_id (str):
            status (GameStatus):
            players (list[ScorePlayer]): Per seat: routes, stations (with the route each borrows), tickets (from, to,
                points, completed), the longest path's length and routes, `score` (its parts `routes`, `tickets`, `stations`,
                `longest_path`, `globetrotter` and their `total`), rank, winner.
            winners (list[int]):
     """

    game_id: str
    status: GameStatus
    players: list[ScorePlayer]
    winners: list[int]





    def to_dict(self) -> dict[str, Any]:
        from ..models.score_player import ScorePlayer
        game_id = self.game_id

        status = self.status.value

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)



        winners = self.winners




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "status": status,
            "players": players,
            "winners": winners,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.score_player import ScorePlayer
        d = dict(src_dict)
        game_id = d.pop("game_id")

        status = GameStatus(d.pop("status"))




        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            players_item = ScorePlayer.from_dict(players_item_data)



            players.append(players_item)


        winners = cast(list[int], d.pop("winners"))


        score = cls(
            game_id=game_id,
            status=status,
            players=players,
            winners=winners,
        )

        return score

