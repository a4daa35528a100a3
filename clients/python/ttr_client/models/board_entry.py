from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="BoardEntry")



@_attrs_define
class BoardEntry:
    """ 
        Attributes:
            rank (int): The place on the map's board.
            user_id (str):
            name (str):
            bot (bool):
            rating (float): The displayed rating: mu − 3·sigma (a skill held with high confidence).
            mu (float):
            sigma (float):
            games (int): Rated games on this map.
            provisional (bool): Fewer than 5 rated games on this map: the rating is still settling.
     """

    rank: int
    user_id: str
    name: str
    bot: bool
    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool





    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        user_id = self.user_id

        name = self.name

        bot = self.bot

        rating = self.rating

        mu = self.mu

        sigma = self.sigma

        games = self.games

        provisional = self.provisional


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
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        user_id = d.pop("user_id")

        name = d.pop("name")

        bot = d.pop("bot")

        rating = d.pop("rating")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        games = d.pop("games")

        provisional = d.pop("provisional")

        board_entry = cls(
            rank=rank,
            user_id=user_id,
            name=name,
            bot=bot,
            rating=rating,
            mu=mu,
            sigma=sigma,
            games=games,
            provisional=provisional,
        )

        return board_entry

