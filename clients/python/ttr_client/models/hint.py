from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.hint_command import HintCommand





T = TypeVar("T", bound="Hint")



@_attrs_define
class Hint:
    """ 
        Attributes:
            game_id (str):
            version (int): The version of the game the hint is for (the position you were shown).
            recorded_version (int): The version of the `hint_given` event that records the hint in the game's log.
            seat (int):
            command (HintCommand): The hard level's bot's choice for your seat, exactly as POST …/actions accepts it (a
                `Command`): send it, or play something else.
     """

    game_id: str
    version: int
    recorded_version: int
    seat: int
    command: HintCommand





    def to_dict(self) -> dict[str, Any]:
        from ..models.hint_command import HintCommand
        game_id = self.game_id

        version = self.version

        recorded_version = self.recorded_version

        seat = self.seat

        command = self.command.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "version": version,
            "recorded_version": recorded_version,
            "seat": seat,
            "command": command,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hint_command import HintCommand
        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        recorded_version = d.pop("recorded_version")

        seat = d.pop("seat")

        command = HintCommand.from_dict(d.pop("command"))




        hint = cls(
            game_id=game_id,
            version=version,
            recorded_version=recorded_version,
            seat=seat,
            command=command,
        )

        return hint

