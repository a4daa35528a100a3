from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.player_score import PlayerScore





T = TypeVar("T", bound="GameScoredData")



@_attrs_define
class GameScoredData:
    """ The final score, computed from the game's events (`PlayerScore.as_dict` per seat).

        Example:
            {'players': [{'seat': 0, 'routes': ['usa/denver-kansas-city-1'], 'stations': [], 'tickets': [{'id': 'usa/denver-
                el-paso', 'from': 'Denver', 'to': 'El Paso', 'points': 4, 'completed': True}], 'score': {'routes': 2, 'tickets':
                4, 'stations': 0, 'longest_path': 10, 'globetrotter': 0, 'total': 16}, 'longest_path_length': 4,
                'longest_path_routes': ['usa/denver-kansas-city-1'], 'completed_tickets': 1, 'rank': 1, 'winner': True, 'out':
                False}], 'winners': [0]}

        Attributes:
            players (list[PlayerScore]):
            winners (list[int]):
     """

    players: list[PlayerScore]
    winners: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.player_score import PlayerScore
        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)



        winners = self.winners




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "players": players,
            "winners": winners,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_score import PlayerScore
        d = dict(src_dict)
        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            players_item = PlayerScore.from_dict(players_item_data)



            players.append(players_item)


        winners = cast(list[int], d.pop("winners"))


        game_scored_data = cls(
            players=players,
            winners=winners,
        )


        game_scored_data.additional_properties = d
        return game_scored_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
