from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reaction import Reaction






T = TypeVar("T", bound="SaidReaction")



@_attrs_define
class SaidReaction:
    """ 
        Attributes:
            game_id (str):
            version (int): The version of the `reaction_sent` event that records it in the game's log.
            seat (int):
            reaction (Reaction):
     """

    game_id: str
    version: int
    seat: int
    reaction: Reaction





    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        version = self.version

        seat = self.seat

        reaction = self.reaction.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "version": version,
            "seat": seat,
            "reaction": reaction,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        seat = d.pop("seat")

        reaction = Reaction(d.pop("reaction"))




        said_reaction = cls(
            game_id=game_id,
            version=version,
            seat=seat,
            reaction=reaction,
        )

        return said_reaction

