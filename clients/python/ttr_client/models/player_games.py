from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.player_game import PlayerGame





T = TypeVar("T", bound="PlayerGames")



@_attrs_define
class PlayerGames:
    """ 
        Attributes:
            games (list[PlayerGame]):
            next_before (int | None): Pass as `before` for the next page (null: this is the last).
     """

    games: list[PlayerGame]
    next_before: int | None





    def to_dict(self) -> dict[str, Any]:
        from ..models.player_game import PlayerGame
        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)



        next_before: int | None
        next_before = self.next_before


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "games": games,
            "next_before": next_before,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_game import PlayerGame
        d = dict(src_dict)
        games = []
        _games = d.pop("games")
        for games_item_data in (_games):
            games_item = PlayerGame.from_dict(games_item_data)



            games.append(games_item)


        def _parse_next_before(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_before = _parse_next_before(d.pop("next_before"))


        player_games = cls(
            games=games,
            next_before=next_before,
        )

        return player_games

