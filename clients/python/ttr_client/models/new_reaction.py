from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reaction import Reaction






T = TypeVar("T", bound="NewReaction")



@_attrs_define
class NewReaction:
    """ 
        Attributes:
            reaction (Reaction):
     """

    reaction: Reaction





    def to_dict(self) -> dict[str, Any]:
        reaction = self.reaction.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "reaction": reaction,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reaction = Reaction(d.pop("reaction"))




        new_reaction = cls(
            reaction=reaction,
        )

        return new_reaction

