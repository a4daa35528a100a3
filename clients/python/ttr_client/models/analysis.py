from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.map_name import MapName
from typing import cast

if TYPE_CHECKING:
  from ..models.analysis_player import AnalysisPlayer
  from ..models.analysis_turn import AnalysisTurn
  from ..models.game_ratings import GameRatings
  from ..models.swing import Swing
  from ..models.win_chances import WinChances





T = TypeVar("T", bound="Analysis")



@_attrs_define
class Analysis:
    """ 
        Attributes:
            game_id (str):
            map_ (MapName):
            turn_count (int):
            turns (list[AnalysisTurn]):
            players (list[AnalysisPlayer]):
            swing (Swing):
            win_chances (WinChances):
            ratings (GameRatings):
     """

    game_id: str
    map_: MapName
    turn_count: int
    turns: list[AnalysisTurn]
    players: list[AnalysisPlayer]
    swing: Swing
    win_chances: WinChances
    ratings: GameRatings





    def to_dict(self) -> dict[str, Any]:
        from ..models.analysis_player import AnalysisPlayer
        from ..models.analysis_turn import AnalysisTurn
        from ..models.game_ratings import GameRatings
        from ..models.swing import Swing
        from ..models.win_chances import WinChances
        game_id = self.game_id

        map_ = self.map_.value

        turn_count = self.turn_count

        turns = []
        for turns_item_data in self.turns:
            turns_item = turns_item_data.to_dict()
            turns.append(turns_item)



        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)



        swing = self.swing.to_dict()

        win_chances = self.win_chances.to_dict()

        ratings = self.ratings.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "map": map_,
            "turn_count": turn_count,
            "turns": turns,
            "players": players,
            "swing": swing,
            "win_chances": win_chances,
            "ratings": ratings,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analysis_player import AnalysisPlayer
        from ..models.analysis_turn import AnalysisTurn
        from ..models.game_ratings import GameRatings
        from ..models.swing import Swing
        from ..models.win_chances import WinChances
        d = dict(src_dict)
        game_id = d.pop("game_id")

        map_ = MapName(d.pop("map"))




        turn_count = d.pop("turn_count")

        turns = []
        _turns = d.pop("turns")
        for turns_item_data in (_turns):
            turns_item = AnalysisTurn.from_dict(turns_item_data)



            turns.append(turns_item)


        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            players_item = AnalysisPlayer.from_dict(players_item_data)



            players.append(players_item)


        swing = Swing.from_dict(d.pop("swing"))




        win_chances = WinChances.from_dict(d.pop("win_chances"))




        ratings = GameRatings.from_dict(d.pop("ratings"))




        analysis = cls(
            game_id=game_id,
            map_=map_,
            turn_count=turn_count,
            turns=turns,
            players=players,
            swing=swing,
            win_chances=win_chances,
            ratings=ratings,
        )

        return analysis

