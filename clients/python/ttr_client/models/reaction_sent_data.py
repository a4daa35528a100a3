from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reaction import Reaction






T = TypeVar("T", bound="ReactionSentData")



@_attrs_define
class ReactionSentData:
    """ The player at `seat` said the phrase `reaction` (a code of the fixed list) to the table.

        Example:
            {'seat': 1, 'reaction': 'well_played'}

        Attributes:
            seat (int):
            reaction (Reaction):
     """

    seat: int
    reaction: Reaction
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        reaction = self.reaction.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "reaction": reaction,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        reaction = Reaction(d.pop("reaction"))




        reaction_sent_data = cls(
            seat=seat,
            reaction=reaction,
        )


        reaction_sent_data.additional_properties = d
        return reaction_sent_data

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
