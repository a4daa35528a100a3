from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.claimed_route import ClaimedRoute
  from ..models.map_rating import MapRating
  from ..models.map_stats import MapStats





T = TypeVar("T", bound="Profile")



@_attrs_define
class Profile:
    """ 
        Attributes:
            id (str):
            name (str):
            bot (bool):
            created_at (datetime.datetime):
            ratings (list[MapRating]):
            games_played (int): Finished games, rated or not.
            wins (int):
            mean_score (float | None):
            ticket_completion_rate (float | None): Kept tickets completed, over kept tickets.
            longest_path_bonuses (int):
            most_claimed_routes (list[ClaimedRoute]):
            maps (list[MapStats]):
     """

    id: str
    name: str
    bot: bool
    created_at: datetime.datetime
    ratings: list[MapRating]
    games_played: int
    wins: int
    mean_score: float | None
    ticket_completion_rate: float | None
    longest_path_bonuses: int
    most_claimed_routes: list[ClaimedRoute]
    maps: list[MapStats]





    def to_dict(self) -> dict[str, Any]:
        from ..models.claimed_route import ClaimedRoute
        from ..models.map_rating import MapRating
        from ..models.map_stats import MapStats
        id = self.id

        name = self.name

        bot = self.bot

        created_at = self.created_at.isoformat()

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)



        games_played = self.games_played

        wins = self.wins

        mean_score: float | None
        mean_score = self.mean_score

        ticket_completion_rate: float | None
        ticket_completion_rate = self.ticket_completion_rate

        longest_path_bonuses = self.longest_path_bonuses

        most_claimed_routes = []
        for most_claimed_routes_item_data in self.most_claimed_routes:
            most_claimed_routes_item = most_claimed_routes_item_data.to_dict()
            most_claimed_routes.append(most_claimed_routes_item)



        maps = []
        for maps_item_data in self.maps:
            maps_item = maps_item_data.to_dict()
            maps.append(maps_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "name": name,
            "bot": bot,
            "created_at": created_at,
            "ratings": ratings,
            "games_played": games_played,
            "wins": wins,
            "mean_score": mean_score,
            "ticket_completion_rate": ticket_completion_rate,
            "longest_path_bonuses": longest_path_bonuses,
            "most_claimed_routes": most_claimed_routes,
            "maps": maps,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.claimed_route import ClaimedRoute
        from ..models.map_rating import MapRating
        from ..models.map_stats import MapStats
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        bot = d.pop("bot")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in (_ratings):
            ratings_item = MapRating.from_dict(ratings_item_data)



            ratings.append(ratings_item)


        games_played = d.pop("games_played")

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

        most_claimed_routes = []
        _most_claimed_routes = d.pop("most_claimed_routes")
        for most_claimed_routes_item_data in (_most_claimed_routes):
            most_claimed_routes_item = ClaimedRoute.from_dict(most_claimed_routes_item_data)



            most_claimed_routes.append(most_claimed_routes_item)


        maps = []
        _maps = d.pop("maps")
        for maps_item_data in (_maps):
            maps_item = MapStats.from_dict(maps_item_data)



            maps.append(maps_item)


        profile = cls(
            id=id,
            name=name,
            bot=bot,
            created_at=created_at,
            ratings=ratings,
            games_played=games_played,
            wins=wins,
            mean_score=mean_score,
            ticket_completion_rate=ticket_completion_rate,
            longest_path_bonuses=longest_path_bonuses,
            most_claimed_routes=most_claimed_routes,
            maps=maps,
        )

        return profile

