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






T = TypeVar("T", bound="GameCreatedData")



@_attrs_define
class GameCreatedData:
    """ A table was set up. The seed is secret until the end; its commitment is public.

        Example:
            {'map': 'usa', 'seats': 2, 'rules_version': 1, 'seed_commitment': '9f2c…', 'created_by':
                'u_3f2a9c1e5b7d4a6c8e0f', 'private': False, 'turn_time_limit': None, 'drop_after_timeouts': 3}

        Attributes:
            map_ (MapName):
            seats (int):
            rules_version (int):
            seed_commitment (str):
            created_by (str):
            private (bool):
            turn_time_limit (int | None):
            drop_after_timeouts (int | None):
            seed (str | Unset): Hidden from everyone until the game has ended (named in `hidden`).
            invite_code_sha256 (None | str | Unset): Hidden from everyone until the game has ended (named in `hidden`).
            stand_in (BotLevel | None | Unset):
            rated (bool | Unset):
     """

    map_: MapName
    seats: int
    rules_version: int
    seed_commitment: str
    created_by: str
    private: bool
    turn_time_limit: int | None
    drop_after_timeouts: int | None
    seed: str | Unset = UNSET
    invite_code_sha256: None | str | Unset = UNSET
    stand_in: BotLevel | None | Unset = UNSET
    rated: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        map_ = self.map_.value

        seats = self.seats

        rules_version = self.rules_version

        seed_commitment = self.seed_commitment

        created_by = self.created_by

        private = self.private

        turn_time_limit: int | None
        turn_time_limit = self.turn_time_limit

        drop_after_timeouts: int | None
        drop_after_timeouts = self.drop_after_timeouts

        seed = self.seed

        invite_code_sha256: None | str | Unset
        if isinstance(self.invite_code_sha256, Unset):
            invite_code_sha256 = UNSET
        else:
            invite_code_sha256 = self.invite_code_sha256

        stand_in: None | str | Unset
        if isinstance(self.stand_in, Unset):
            stand_in = UNSET
        elif isinstance(self.stand_in, BotLevel):
            stand_in = self.stand_in.value
        else:
            stand_in = self.stand_in

        rated = self.rated


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "map": map_,
            "seats": seats,
            "rules_version": rules_version,
            "seed_commitment": seed_commitment,
            "created_by": created_by,
            "private": private,
            "turn_time_limit": turn_time_limit,
            "drop_after_timeouts": drop_after_timeouts,
        })
        if seed is not UNSET:
            field_dict["seed"] = seed
        if invite_code_sha256 is not UNSET:
            field_dict["invite_code_sha256"] = invite_code_sha256
        if stand_in is not UNSET:
            field_dict["stand_in"] = stand_in
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        map_ = MapName(d.pop("map"))




        seats = d.pop("seats")

        rules_version = d.pop("rules_version")

        seed_commitment = d.pop("seed_commitment")

        created_by = d.pop("created_by")

        private = d.pop("private")

        def _parse_turn_time_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_time_limit = _parse_turn_time_limit(d.pop("turn_time_limit"))


        def _parse_drop_after_timeouts(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        drop_after_timeouts = _parse_drop_after_timeouts(d.pop("drop_after_timeouts"))


        seed = d.pop("seed", UNSET)

        def _parse_invite_code_sha256(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        invite_code_sha256 = _parse_invite_code_sha256(d.pop("invite_code_sha256", UNSET))


        def _parse_stand_in(data: object) -> BotLevel | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                stand_in_type_0 = BotLevel(data)



                return stand_in_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None | Unset, data)

        stand_in = _parse_stand_in(d.pop("stand_in", UNSET))


        rated = d.pop("rated", UNSET)

        game_created_data = cls(
            map_=map_,
            seats=seats,
            rules_version=rules_version,
            seed_commitment=seed_commitment,
            created_by=created_by,
            private=private,
            turn_time_limit=turn_time_limit,
            drop_after_timeouts=drop_after_timeouts,
            seed=seed,
            invite_code_sha256=invite_code_sha256,
            stand_in=stand_in,
            rated=rated,
        )


        game_created_data.additional_properties = d
        return game_created_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
