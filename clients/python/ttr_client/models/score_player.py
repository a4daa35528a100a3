from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.score_parts import ScoreParts
  from ..models.station_use import StationUse
  from ..models.ticket_result import TicketResult





T = TypeVar("T", bound="ScorePlayer")



@_attrs_define
class ScorePlayer:
    """ 
        Attributes:
            seat (int):
            routes (list[str]):
            stations (list[StationUse]):
            tickets (list[TicketResult]):
            score (ScoreParts):
            longest_path_length (int):
            longest_path_routes (list[str]):
            rank (int):
            winner (bool):
            user_id (str):
            name (str):
            completed_tickets (int | Unset):
            out (bool | Unset): Left the game: ranked after every player still in.
     """

    seat: int
    routes: list[str]
    stations: list[StationUse]
    tickets: list[TicketResult]
    score: ScoreParts
    longest_path_length: int
    longest_path_routes: list[str]
    rank: int
    winner: bool
    user_id: str
    name: str
    completed_tickets: int | Unset = UNSET
    out: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.score_parts import ScoreParts
        from ..models.station_use import StationUse
        from ..models.ticket_result import TicketResult
        seat = self.seat

        routes = self.routes



        stations = []
        for stations_item_data in self.stations:
            stations_item = stations_item_data.to_dict()
            stations.append(stations_item)



        tickets = []
        for tickets_item_data in self.tickets:
            tickets_item = tickets_item_data.to_dict()
            tickets.append(tickets_item)



        score = self.score.to_dict()

        longest_path_length = self.longest_path_length

        longest_path_routes = self.longest_path_routes



        rank = self.rank

        winner = self.winner

        user_id = self.user_id

        name = self.name

        completed_tickets = self.completed_tickets

        out = self.out


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "routes": routes,
            "stations": stations,
            "tickets": tickets,
            "score": score,
            "longest_path_length": longest_path_length,
            "longest_path_routes": longest_path_routes,
            "rank": rank,
            "winner": winner,
            "user_id": user_id,
            "name": name,
        })
        if completed_tickets is not UNSET:
            field_dict["completed_tickets"] = completed_tickets
        if out is not UNSET:
            field_dict["out"] = out

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.score_parts import ScoreParts
        from ..models.station_use import StationUse
        from ..models.ticket_result import TicketResult
        d = dict(src_dict)
        seat = d.pop("seat")

        routes = cast(list[str], d.pop("routes"))


        stations = []
        _stations = d.pop("stations")
        for stations_item_data in (_stations):
            stations_item = StationUse.from_dict(stations_item_data)



            stations.append(stations_item)


        tickets = []
        _tickets = d.pop("tickets")
        for tickets_item_data in (_tickets):
            tickets_item = TicketResult.from_dict(tickets_item_data)



            tickets.append(tickets_item)


        score = ScoreParts.from_dict(d.pop("score"))




        longest_path_length = d.pop("longest_path_length")

        longest_path_routes = cast(list[str], d.pop("longest_path_routes"))


        rank = d.pop("rank")

        winner = d.pop("winner")

        user_id = d.pop("user_id")

        name = d.pop("name")

        completed_tickets = d.pop("completed_tickets", UNSET)

        out = d.pop("out", UNSET)

        score_player = cls(
            seat=seat,
            routes=routes,
            stations=stations,
            tickets=tickets,
            score=score,
            longest_path_length=longest_path_length,
            longest_path_routes=longest_path_routes,
            rank=rank,
            winner=winner,
            user_id=user_id,
            name=name,
            completed_tickets=completed_tickets,
            out=out,
        )

        return score_player

