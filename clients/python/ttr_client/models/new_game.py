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






T = TypeVar("T", bound="NewGame")



@_attrs_define
class NewGame:
    """ 
        Attributes:
            map_ (MapName):
            seats (int): How many players (within the map's range). Example: 4.
            private (bool | Unset): Private games are not listed in the lobby and need the invite code to join. Default:
                `false`.
            turn_time_limit (int | None | Unset): Seconds each player has for a turn (and for the setup ticket choice); none
                by default. The server's minimum applies (TTR_MIN_TURN_TIME_LIMIT, 60 s by default). Example: 86400.
            drop_after_timeouts (int | None | Unset): A player whose turns time out this many times in a row leaves the game
                (null: never). Default: `3`.
            rated (bool | Unset): The result counts for the players' ratings on this map (bots' too). Default: `true`.
            join (bool | Unset): Take the first seat at once. Default: `true`.
            name (str | Unset): Your name at this table (default: your user name). A name holds no control characters (ANSI
                escapes included), no bidirectional overrides, embeddings, isolates or marks (U+202A–U+202E, U+2066–U+2069,
                U+200E, U+200F, U+061C), no invisible formatting characters (zero-width space, word joiner, soft hyphen, BOM,
                line separators), and a zero-width joiner or non-joiner only between two other characters.
            bots (list[BotLevel] | Unset): Bots seated at once after you, by level (easy: one-step, medium: route-focus,
                hard: strong, expert: strong with its setup tickets and last turns played out). A table they fill starts at
                once. Example: ['hard', 'hard'].
            stand_in (bool | Unset): A player who resigns, or whose turns time out `drop_after_timeouts` times in a row,
                does not leave: a bot takes their seat until they come back (POST …/return). Default: `false`.
            stand_in_level (BotLevel | Unset):
     """

    map_: MapName
    seats: int
    private: bool | Unset = UNSET
    turn_time_limit: int | None | Unset = UNSET
    drop_after_timeouts: int | None | Unset = UNSET
    rated: bool | Unset = UNSET
    join: bool | Unset = UNSET
    name: str | Unset = UNSET
    bots: list[BotLevel] | Unset = UNSET
    stand_in: bool | Unset = UNSET
    stand_in_level: BotLevel | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        map_ = self.map_.value

        seats = self.seats

        private = self.private

        turn_time_limit: int | None | Unset
        if isinstance(self.turn_time_limit, Unset):
            turn_time_limit = UNSET
        else:
            turn_time_limit = self.turn_time_limit

        drop_after_timeouts: int | None | Unset
        if isinstance(self.drop_after_timeouts, Unset):
            drop_after_timeouts = UNSET
        else:
            drop_after_timeouts = self.drop_after_timeouts

        rated = self.rated

        join = self.join

        name = self.name

        bots: list[str] | Unset = UNSET
        if not isinstance(self.bots, Unset):
            bots = []
            for bots_item_data in self.bots:
                bots_item = bots_item_data.value
                bots.append(bots_item)



        stand_in = self.stand_in

        stand_in_level: str | Unset = UNSET
        if not isinstance(self.stand_in_level, Unset):
            stand_in_level = self.stand_in_level.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "map": map_,
            "seats": seats,
        })
        if private is not UNSET:
            field_dict["private"] = private
        if turn_time_limit is not UNSET:
            field_dict["turn_time_limit"] = turn_time_limit
        if drop_after_timeouts is not UNSET:
            field_dict["drop_after_timeouts"] = drop_after_timeouts
        if rated is not UNSET:
            field_dict["rated"] = rated
        if join is not UNSET:
            field_dict["join"] = join
        if name is not UNSET:
            field_dict["name"] = name
        if bots is not UNSET:
            field_dict["bots"] = bots
        if stand_in is not UNSET:
            field_dict["stand_in"] = stand_in
        if stand_in_level is not UNSET:
            field_dict["stand_in_level"] = stand_in_level

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        map_ = MapName(d.pop("map"))




        seats = d.pop("seats")

        private = d.pop("private", UNSET)

        def _parse_turn_time_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_time_limit = _parse_turn_time_limit(d.pop("turn_time_limit", UNSET))


        def _parse_drop_after_timeouts(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        drop_after_timeouts = _parse_drop_after_timeouts(d.pop("drop_after_timeouts", UNSET))


        rated = d.pop("rated", UNSET)

        join = d.pop("join", UNSET)

        name = d.pop("name", UNSET)

        _bots = d.pop("bots", UNSET)
        bots: list[BotLevel] | Unset = UNSET
        if _bots is not UNSET:
            bots = []
            for bots_item_data in _bots:
                bots_item = BotLevel(bots_item_data)



                bots.append(bots_item)


        stand_in = d.pop("stand_in", UNSET)

        _stand_in_level = d.pop("stand_in_level", UNSET)
        stand_in_level: BotLevel | Unset
        if isinstance(_stand_in_level,  Unset):
            stand_in_level = UNSET
        else:
            stand_in_level = BotLevel(_stand_in_level)




        new_game = cls(
            map_=map_,
            seats=seats,
            private=private,
            turn_time_limit=turn_time_limit,
            drop_after_timeouts=drop_after_timeouts,
            rated=rated,
            join=join,
            name=name,
            bots=bots,
            stand_in=stand_in,
            stand_in_level=stand_in_level,
        )

        return new_game

