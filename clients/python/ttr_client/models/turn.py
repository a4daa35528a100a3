from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.turn_step import TurnStep






T = TypeVar("T", bound="Turn")



@_attrs_define
class Turn:
    """ 
        Attributes:
            seat (int):
            step (TurnStep):
            number (int):
     """

    seat: int
    step: TurnStep
    number: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        step = self.step.value

        number = self.number


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "step": step,
            "number": number,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        step = TurnStep(d.pop("step"))




        number = d.pop("number")

        turn = cls(
            seat=seat,
            step=step,
            number=number,
        )

        return turn

