from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.map_name import MapName
from typing import cast






T = TypeVar("T", bound="MapStats")



@_attrs_define
class MapStats:
    """ 
        Attributes:
            map_ (MapName):
            games (int):
            wins (int):
            mean_score (float | None):
            ticket_completion_rate (float | None):
            longest_path_bonuses (int):
     """

    map_: MapName
    games: int
    wins: int
    mean_score: float | None
    ticket_completion_rate: float | None
    longest_path_bonuses: int





    def to_dict(self) -> dict[str, Any]:
        map_ = self.map_.value

        games = self.games

        wins = self.wins

        mean_score: float | None
        mean_score = self.mean_score

        ticket_completion_rate: float | None
        ticket_completion_rate = self.ticket_completion_rate

        longest_path_bonuses = self.longest_path_bonuses


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "map": map_,
            "games": games,
            "wins": wins,
            "mean_score": mean_score,
            "ticket_completion_rate": ticket_completion_rate,
            "longest_path_bonuses": longest_path_bonuses,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        map_ = MapName(d.pop("map"))




        games = d.pop("games")

        wins = d.pop("wins")

        def _parse_mean_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_score = _parse_mean_score(d.pop("mean_score"))


        def _parse_ticket_completion_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ticket_completion_rate = _parse_ticket_completion_rate(d.pop("ticket_completion_rate"))


        longest_path_bonuses = d.pop("longest_path_bonuses")

        map_stats = cls(
            map_=map_,
            games=games,
            wins=wins,
            mean_score=mean_score,
            ticket_completion_rate=ticket_completion_rate,
            longest_path_bonuses=longest_path_bonuses,
        )

        return map_stats

