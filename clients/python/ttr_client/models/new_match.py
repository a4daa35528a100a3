from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_level import BotLevel
from ..models.map_name import MapName
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NewMatch")



@_attrs_define
class NewMatch:
    """ 
        Attributes:
            map_ (MapName | None | Unset): The map to play (left out or null: any map). Default: `null`. Example: europe.
            min_players (int | Unset): The fewest players you will play with, you included. Default: `2`. Example: 2.
            max_players (int | None | Unset): The most players (default: `min_players`). Example: 3.
            rated (bool | Unset): A rated game: the result counts for the players' ratings on its map. Default: `true`.
            turn_time_limit (int | None | Unset): A live game: the seconds each player has for a turn (the server's minimum
                applies, TTR_MIN_TURN_TIME_LIMIT). Default: `null`. Example: 120.
            days_per_turn (int | None | Unset): A correspondence game: the days each player has for a turn (instead of
                `turn_time_limit`; neither: no limit). Default: `null`. Example: 2.
            name (str | Unset): Your name at the table (default: your user name). A name holds no control characters (ANSI
                escapes included), no bidirectional overrides, embeddings, isolates or marks (U+202A–U+202E, U+2066–U+2069,
                U+200E, U+200F, U+061C), no invisible formatting characters (zero-width space, word joiner, soft hyphen, BOM,
                line separators), and a zero-width joiner or non-joiner only between two other characters.
            bots_after (int | None | Unset): Seconds to wait for people; then bots of `bot_level` take the seats still empty
                (null: wait for people only). Default: `null`. Example: 30.
            bot_level (BotLevel | Unset):
     """

    map_: MapName | None | Unset = UNSET
    min_players: int | Unset = UNSET
    max_players: int | None | Unset = UNSET
    rated: bool | Unset = UNSET
    turn_time_limit: int | None | Unset = UNSET
    days_per_turn: int | None | Unset = UNSET
    name: str | Unset = UNSET
    bots_after: int | None | Unset = UNSET
    bot_level: BotLevel | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        map_: None | str | Unset
        if isinstance(self.map_, Unset):
            map_ = UNSET
        elif isinstance(self.map_, MapName):
            map_ = self.map_.value
        else:
            map_ = self.map_

        min_players = self.min_players

        max_players: int | None | Unset
        if isinstance(self.max_players, Unset):
            max_players = UNSET
        else:
            max_players = self.max_players

        rated = self.rated

        turn_time_limit: int | None | Unset
        if isinstance(self.turn_time_limit, Unset):
            turn_time_limit = UNSET
        else:
            turn_time_limit = self.turn_time_limit

        days_per_turn: int | None | Unset
        if isinstance(self.days_per_turn, Unset):
            days_per_turn = UNSET
        else:
            days_per_turn = self.days_per_turn

        name = self.name

        bots_after: int | None | Unset
        if isinstance(self.bots_after, Unset):
            bots_after = UNSET
        else:
            bots_after = self.bots_after

        bot_level: str | Unset = UNSET
        if not isinstance(self.bot_level, Unset):
            bot_level = self.bot_level.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if map_ is not UNSET:
            field_dict["map"] = map_
        if min_players is not UNSET:
            field_dict["min_players"] = min_players
        if max_players is not UNSET:
            field_dict["max_players"] = max_players
        if rated is not UNSET:
            field_dict["rated"] = rated
        if turn_time_limit is not UNSET:
            field_dict["turn_time_limit"] = turn_time_limit
        if days_per_turn is not UNSET:
            field_dict["days_per_turn"] = days_per_turn
        if name is not UNSET:
            field_dict["name"] = name
        if bots_after is not UNSET:
            field_dict["bots_after"] = bots_after
        if bot_level is not UNSET:
            field_dict["bot_level"] = bot_level

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_map_(data: object) -> MapName | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                map_type_0 = MapName(data)



                return map_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MapName | None | Unset, data)

        map_ = _parse_map_(d.pop("map", UNSET))


        min_players = d.pop("min_players", UNSET)

        def _parse_max_players(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_players = _parse_max_players(d.pop("max_players", UNSET))


        rated = d.pop("rated", UNSET)

        def _parse_turn_time_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_time_limit = _parse_turn_time_limit(d.pop("turn_time_limit", UNSET))


        def _parse_days_per_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        days_per_turn = _parse_days_per_turn(d.pop("days_per_turn", UNSET))


        name = d.pop("name", UNSET)

        def _parse_bots_after(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bots_after = _parse_bots_after(d.pop("bots_after", UNSET))


        _bot_level = d.pop("bot_level", UNSET)
        bot_level: BotLevel | Unset
        if isinstance(_bot_level,  Unset):
            bot_level = UNSET
        else:
            bot_level = BotLevel(_bot_level)




        new_match = cls(
            map_=map_,
            min_players=min_players,
            max_players=max_players,
            rated=rated,
            turn_time_limit=turn_time_limit,
            days_per_turn=days_per_turn,
            name=name,
            bots_after=bots_after,
            bot_level=bot_level,
        )

        return new_match

