from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.game_list_entry import GameListEntry





T = TypeVar("T", bound="GameList")



@_attrs_define
class GameList:
    """ 
        Attributes:
            games (list[GameListEntry]):
     """

    games: list[GameListEntry]





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_list_entry import GameListEntry
        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "games": games,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_list_entry import GameListEntry
        d = dict(src_dict)
        games = []
        _games = d.pop("games")
        for games_item_data in (_games):
            games_item = GameListEntry.from_dict(games_item_data)



            games.append(games_item)


        game_list = cls(
            games=games,
        )

        return game_list

