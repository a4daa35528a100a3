from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_status import GameStatus
from ..models.map_name import MapName
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.listed_player import ListedPlayer





T = TypeVar("T", bound="GameListEntry")



@_attrs_define
class GameListEntry:
    """ 
        Attributes:
            id (str):
            map_ (MapName):
            status (GameStatus):
            private (bool):
            seats (int):
            seats_taken (int):
            created_by (str):
            created_at (datetime.datetime):
            last_activity (datetime.datetime):
            version (int):
            turn_time_limit (int | None):
            deadline (datetime.datetime | None):
            players (list[ListedPlayer]):
            to_act (list[int]):
            your_seat (int | None): Your seat (null: none). A seat a stand-in bot holds for you until you come back (`POST
                …/return`) is yours here, though `players` shows the bot holding it.
            your_turn (bool): You must act now (never while a stand-in holds your seat).
     """

    id: str
    map_: MapName
    status: GameStatus
    private: bool
    seats: int
    seats_taken: int
    created_by: str
    created_at: datetime.datetime
    last_activity: datetime.datetime
    version: int
    turn_time_limit: int | None
    deadline: datetime.datetime | None
    players: list[ListedPlayer]
    to_act: list[int]
    your_seat: int | None
    your_turn: bool





    def to_dict(self) -> dict[str, Any]:
        from ..models.listed_player import ListedPlayer
        id = self.id

        map_ = self.map_.value

        status = self.status.value

        private = self.private

        seats = self.seats

        seats_taken = self.seats_taken

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        last_activity = self.last_activity.isoformat()

        version = self.version

        turn_time_limit: int | None
        turn_time_limit = self.turn_time_limit

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)



        to_act = self.to_act



        your_seat: int | None
        your_seat = self.your_seat

        your_turn = self.your_turn


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "map": map_,
            "status": status,
            "private": private,
            "seats": seats,
            "seats_taken": seats_taken,
            "created_by": created_by,
            "created_at": created_at,
            "last_activity": last_activity,
            "version": version,
            "turn_time_limit": turn_time_limit,
            "deadline": deadline,
            "players": players,
            "to_act": to_act,
            "your_seat": your_seat,
            "your_turn": your_turn,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.listed_player import ListedPlayer
        d = dict(src_dict)
        id = d.pop("id")

        map_ = MapName(d.pop("map"))




        status = GameStatus(d.pop("status"))




        private = d.pop("private")

        seats = d.pop("seats")

        seats_taken = d.pop("seats_taken")

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        last_activity = datetime.datetime.fromisoformat(d.pop("last_activity"))




        version = d.pop("version")

        def _parse_turn_time_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_time_limit = _parse_turn_time_limit(d.pop("turn_time_limit"))


        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)



                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))


        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            players_item = ListedPlayer.from_dict(players_item_data)



            players.append(players_item)


        to_act = cast(list[int], d.pop("to_act"))


        def _parse_your_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        your_seat = _parse_your_seat(d.pop("your_seat"))


        your_turn = d.pop("your_turn")

        game_list_entry = cls(
            id=id,
            map_=map_,
            status=status,
            private=private,
            seats=seats,
            seats_taken=seats_taken,
            created_by=created_by,
            created_at=created_at,
            last_activity=last_activity,
            version=version,
            turn_time_limit=turn_time_limit,
            deadline=deadline,
            players=players,
            to_act=to_act,
            your_seat=your_seat,
            your_turn=your_turn,
        )

        return game_list_entry

