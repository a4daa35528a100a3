from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.match_state import MatchState
from typing import cast
import datetime






T = TypeVar("T", bound="Match")



@_attrs_define
class Match:
    """ 
        Attributes:
            id (str): The request's id. Example: q_9b1c2d3e4f5a6b7c.
            state (MatchState): waiting (for players), matched (`game_id` is your game) or cancelled.
            game_id (None | str): The game you sit at, once matched (it has started).
            map_ (None | str): The map asked for (null: any); once matched, the game's map is `game_map`.
            game_map (None | str):
            min_players (int):
            max_players (int):
            rated (bool):
            turn_time_limit (int | None): Seconds per turn (a correspondence game's days, in seconds; null: no limit).
            bot_level (None | str):
            bots_at (datetime.datetime | None): When bots take the seats still empty (null: never).
            created_at (datetime.datetime):
     """

    id: str
    state: MatchState
    game_id: None | str
    map_: None | str
    game_map: None | str
    min_players: int
    max_players: int
    rated: bool
    turn_time_limit: int | None
    bot_level: None | str
    bots_at: datetime.datetime | None
    created_at: datetime.datetime





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        state = self.state.value

        game_id: None | str
        game_id = self.game_id

        map_: None | str
        map_ = self.map_

        game_map: None | str
        game_map = self.game_map

        min_players = self.min_players

        max_players = self.max_players

        rated = self.rated

        turn_time_limit: int | None
        turn_time_limit = self.turn_time_limit

        bot_level: None | str
        bot_level = self.bot_level

        bots_at: None | str
        if isinstance(self.bots_at, datetime.datetime):
            bots_at = self.bots_at.isoformat()
        else:
            bots_at = self.bots_at

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "state": state,
            "game_id": game_id,
            "map": map_,
            "game_map": game_map,
            "min_players": min_players,
            "max_players": max_players,
            "rated": rated,
            "turn_time_limit": turn_time_limit,
            "bot_level": bot_level,
            "bots_at": bots_at,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        state = MatchState(d.pop("state"))




        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))


        def _parse_map_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        map_ = _parse_map_(d.pop("map"))


        def _parse_game_map(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_map = _parse_game_map(d.pop("game_map"))


        min_players = d.pop("min_players")

        max_players = d.pop("max_players")

        rated = d.pop("rated")

        def _parse_turn_time_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_time_limit = _parse_turn_time_limit(d.pop("turn_time_limit"))


        def _parse_bot_level(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot_level = _parse_bot_level(d.pop("bot_level"))


        def _parse_bots_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bots_at_type_0 = datetime.datetime.fromisoformat(data)



                return bots_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        bots_at = _parse_bots_at(d.pop("bots_at"))


        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        match = cls(
            id=id,
            state=state,
            game_id=game_id,
            map_=map_,
            game_map=game_map,
            min_players=min_players,
            max_players=max_players,
            rated=rated,
            turn_time_limit=turn_time_limit,
            bot_level=bot_level,
            bots_at=bots_at,
            created_at=created_at,
        )

        return match

