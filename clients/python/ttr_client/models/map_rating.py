from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.map_name import MapName
from typing import cast






T = TypeVar("T", bound="MapRating")



@_attrs_define
class MapRating:
    """ 
        Attributes:
            rank (int | None): The place on the map's board; null: fewer rated games there than the board shows
                (`TTR_LEADERBOARD_MIN_GAMES`), so not on it yet.
            user_id (str):
            name (str):
            bot (bool):
            rating (float): The displayed rating: mu − 3·sigma (a skill held with high confidence).
            mu (float):
            sigma (float):
            games (int): Rated games on this map.
            provisional (bool): Fewer than 5 rated games on this map: the rating is still settling.
            map_ (MapName):
     """

    rank: int | None
    user_id: str
    name: str
    bot: bool
    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool
    map_: MapName





    def to_dict(self) -> dict[str, Any]:
        rank: int | None
        rank = self.rank

        user_id = self.user_id

        name = self.name

        bot = self.bot

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        provisional = self.provisional

        map_ = self.map_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rank": rank,
            "user_id": user_id,
            "name": name,
            "bot": bot,
            "rating": rating,
            "mu": mu,
            "sigma": sigma,
            "games": games,
            "provisional": provisional,
            "map": map_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))


        user_id = d.pop("user_id")

        name = d.pop("name")

        bot = d.pop("bot")

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        provisional = d.pop("provisional")

        map_ = MapName(d.pop("map"))




        map_rating = cls(
            rank=rank,
            user_id=user_id,
            name=name,
            bot=bot,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            provisional=provisional,
            map_=map_,
        )

        return map_rating

