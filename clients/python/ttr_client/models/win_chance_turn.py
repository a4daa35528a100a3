from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="WinChanceTurn")



@_attrs_define
class WinChanceTurn:
    """ 
        Attributes:
            turn (int): The turn that ended here (0: the setup).
            version (int): The game's version after that turn: the replay shows the board there.
            chances (list[float] | None): Every player's chance of winning from here, in seat order (they add up to 1);
                null: this turn was not analysed (a small budget analyses every k-th turn).
     """

    turn: int
    version: int
    chances: list[float] | None





    def to_dict(self) -> dict[str, Any]:
        turn = self.turn

        version = self.version

        chances: list[float] | None
        if isinstance(self.chances, list):
            chances = self.chances


        else:
            chances = self.chances


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "turn": turn,
            "version": version,
            "chances": chances,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn = d.pop("turn")

        version = d.pop("version")

        def _parse_chances(data: object) -> list[float] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                chances_type_0 = cast(list[float], data)

                return chances_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[float] | None, data)

        chances = _parse_chances(d.pop("chances"))


        win_chance_turn = cls(
            turn=turn,
            version=version,
            chances=chances,
        )

        return win_chance_turn

