from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.draw_tickets_type import DrawTicketsType






T = TypeVar("T", bound="DrawTickets")



@_attrs_define
class DrawTickets:
    """ Draw destination tickets (then keep_tickets).

        Example:
            {'type': 'draw_tickets'}

        Attributes:
            type_ (DrawTicketsType):
     """

    type_: DrawTicketsType





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DrawTicketsType(d.pop("type"))




        draw_tickets = cls(
            type_=type_,
        )

        return draw_tickets

