from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.keep_tickets_type import KeepTicketsType
from typing import cast






T = TypeVar("T", bound="KeepTickets")



@_attrs_define
class KeepTickets:
    """ Keep these of the tickets offered (the rest go back).

        Example:
            {'type': 'keep_tickets', 'tickets': ['usa/denver-el-paso', 'usa/boston-miami']}

        Attributes:
            type_ (KeepTicketsType):
            tickets (list[str]): Ticket ids, from `you.pending_tickets`.
     """

    type_: KeepTicketsType
    tickets: list[str]





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        tickets = self.tickets




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "tickets": tickets,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = KeepTicketsType(d.pop("type"))




        tickets = cast(list[str], d.pop("tickets"))


        keep_tickets = cls(
            type_=type_,
            tickets=tickets,
        )

        return keep_tickets

