from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.map_name import MapName
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="NewTournament")



@_attrs_define
class NewTournament:
    """ 
        Attributes:
            name (str): The tournament's name. A name holds no control characters (ANSI escapes included), no bidirectional
                overrides, embeddings, isolates or marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), no invisible
                formatting characters (zero-width space, word joiner, soft hyphen, BOM, line separators), and a zero-width
                joiner or non-joiner only between two other characters.
            map_ (MapName):
            players_per_table (int | Unset): Players at each table (when the entrants do not divide evenly, some tables are
                one smaller). Default: `4`. Example: 4.
            rounds (int | Unset): How many rounds are played. Default: `4`. Example: 4.
            rated (bool | Unset): The games count for the players' ratings on the map. Default: `false`.
            turn_time_limit (int | None | Unset): Live: the seconds each player has for a turn. Default: `null`. Example:
                120.
            days_per_turn (int | None | Unset): Correspondence: the days each player has for a turn (instead of
                `turn_time_limit`; neither: no limit). Default: `null`. Example: 2.
            starts_at (datetime.datetime | None | Unset): When the first round is paired (default: now); players join until
                then.
            invitation_only (bool | Unset): Only the organiser adds players (by their user id). Default: `false`.
            bots_allowed (bool | Unset): The organiser may add bots as entrants. Default: `true`.
     """

    name: str
    map_: MapName
    players_per_table: int | Unset = UNSET
    rounds: int | Unset = UNSET
    rated: bool | Unset = UNSET
    turn_time_limit: int | None | Unset = UNSET
    days_per_turn: int | None | Unset = UNSET
    starts_at: datetime.datetime | None | Unset = UNSET
    invitation_only: bool | Unset = UNSET
    bots_allowed: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        map_ = self.map_.value

        players_per_table = self.players_per_table

        rounds = self.rounds

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

        starts_at: None | str | Unset
        if isinstance(self.starts_at, Unset):
            starts_at = UNSET
        elif isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        invitation_only = self.invitation_only

        bots_allowed = self.bots_allowed


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "map": map_,
        })
        if players_per_table is not UNSET:
            field_dict["players_per_table"] = players_per_table
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if rated is not UNSET:
            field_dict["rated"] = rated
        if turn_time_limit is not UNSET:
            field_dict["turn_time_limit"] = turn_time_limit
        if days_per_turn is not UNSET:
            field_dict["days_per_turn"] = days_per_turn
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if invitation_only is not UNSET:
            field_dict["invitation_only"] = invitation_only
        if bots_allowed is not UNSET:
            field_dict["bots_allowed"] = bots_allowed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        map_ = MapName(d.pop("map"))




        players_per_table = d.pop("players_per_table", UNSET)

        rounds = d.pop("rounds", UNSET)

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


        def _parse_starts_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)



                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        starts_at = _parse_starts_at(d.pop("starts_at", UNSET))


        invitation_only = d.pop("invitation_only", UNSET)

        bots_allowed = d.pop("bots_allowed", UNSET)

        new_tournament = cls(
            name=name,
            map_=map_,
            players_per_table=players_per_table,
            rounds=rounds,
            rated=rated,
            turn_time_limit=turn_time_limit,
            days_per_turn=days_per_turn,
            starts_at=starts_at,
            invitation_only=invitation_only,
            bots_allowed=bots_allowed,
        )

        return new_tournament

