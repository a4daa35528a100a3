from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rematch_state import RematchState
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.rematch_place import RematchPlace





T = TypeVar("T", bound="Rematch")



@_attrs_define
class Rematch:
    """ 
        Attributes:
            game_id (str): The finished game.
            state (RematchState): none (not offered), offered (waiting for every player to accept), started (`new_game_id`
                is the new game), lapsed (too late) or declined (by a player).
            players (list[RematchPlace]): The seats of the rematch, in the finished game's order.
            accepted (int): How many have accepted, bots too.
            offered_at (datetime.datetime | None):
            expires_at (datetime.datetime | None): When the offer lapses (10 minutes after it is made for a live game, 3
                days for a correspondence one).
            new_game_id (None | str): The new game, once every player has accepted (it has started).
     """

    game_id: str
    state: RematchState
    players: list[RematchPlace]
    accepted: int
    offered_at: datetime.datetime | None
    expires_at: datetime.datetime | None
    new_game_id: None | str





    def to_dict(self) -> dict[str, Any]:
        from ..models.rematch_place import RematchPlace
        game_id = self.game_id

        state = self.state.value

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)



        accepted = self.accepted

        offered_at: None | str
        if isinstance(self.offered_at, datetime.datetime):
            offered_at = self.offered_at.isoformat()
        else:
            offered_at = self.offered_at

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        new_game_id: None | str
        new_game_id = self.new_game_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "state": state,
            "players": players,
            "accepted": accepted,
            "offered_at": offered_at,
            "expires_at": expires_at,
            "new_game_id": new_game_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rematch_place import RematchPlace
        d = dict(src_dict)
        game_id = d.pop("game_id")

        state = RematchState(d.pop("state"))




        players = []
        _players = d.pop("players")
        for players_item_data in (_players):
            players_item = RematchPlace.from_dict(players_item_data)



            players.append(players_item)


        accepted = d.pop("accepted")

        def _parse_offered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                offered_at_type_0 = datetime.datetime.fromisoformat(data)



                return offered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        offered_at = _parse_offered_at(d.pop("offered_at"))


        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)



                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))


        def _parse_new_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        new_game_id = _parse_new_game_id(d.pop("new_game_id"))


        rematch = cls(
            game_id=game_id,
            state=state,
            players=players,
            accepted=accepted,
            offered_at=offered_at,
            expires_at=expires_at,
            new_game_id=new_game_id,
        )

        return rematch

