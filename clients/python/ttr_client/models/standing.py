from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Standing")



@_attrs_define
class Standing:
    """ 
        Attributes:
            entrant (str):
            points (float): Placing points: 1 for each player below at the table, ½ for each level.
            game_score (int): First tie-breaker.
            opponents_points (float): Second tie-breaker.
            games (int):
     """

    entrant: str
    points: float
    game_score: int
    opponents_points: float
    games: int





    def to_dict(self) -> dict[str, Any]:
        entrant = self.entrant

        points = self.points

        game_score = self.game_score

        opponents_points = self.opponents_points

        games = self.games


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "entrant": entrant,
            "points": points,
            "game_score": game_score,
            "opponents_points": opponents_points,
            "games": games,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        entrant = d.pop("entrant")

        points = d.pop("points")

        game_score = d.pop("game_score")

        opponents_points = d.pop("opponents_points")

        games = d.pop("games")

        standing = cls(
            entrant=entrant,
            points=points,
            game_score=game_score,
            opponents_points=opponents_points,
            games=games,
        )

        return standing

