from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.card_counts import CardCounts
  from ..models.pending import Pending
  from ..models.ticket_view import TicketView





T = TypeVar("T", bound="You")



@_attrs_define
class You:
    """ 
        Attributes:
            seat (int):
            hand (CardCounts): Cards by kind (purple, blue, orange, white, green, yellow, black, red, locomotive): how many
                of each (kinds not listed: none). Example: {'red': 2, 'locomotive': 1}.
            tickets (list[TicketView]):
            pending_tickets (list[TicketView]):
            pending (None | Pending):
     """

    seat: int
    hand: CardCounts
    tickets: list[TicketView]
    pending_tickets: list[TicketView]
    pending: None | Pending





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_counts import CardCounts
        from ..models.pending import Pending
        from ..models.ticket_view import TicketView
        seat = self.seat

        hand = self.hand.to_dict()

        tickets = []
        for tickets_item_data in self.tickets:
            tickets_item = tickets_item_data.to_dict()
            tickets.append(tickets_item)



        pending_tickets = []
        for pending_tickets_item_data in self.pending_tickets:
            pending_tickets_item = pending_tickets_item_data.to_dict()
            pending_tickets.append(pending_tickets_item)



        pending: dict[str, Any] | None
        if isinstance(self.pending, Pending):
            pending = self.pending.to_dict()
        else:
            pending = self.pending


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "hand": hand,
            "tickets": tickets,
            "pending_tickets": pending_tickets,
            "pending": pending,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_counts import CardCounts
        from ..models.pending import Pending
        from ..models.ticket_view import TicketView
        d = dict(src_dict)
        seat = d.pop("seat")

        hand = CardCounts.from_dict(d.pop("hand"))




        tickets = []
        _tickets = d.pop("tickets")
        for tickets_item_data in (_tickets):
            tickets_item = TicketView.from_dict(tickets_item_data)



            tickets.append(tickets_item)


        pending_tickets = []
        _pending_tickets = d.pop("pending_tickets")
        for pending_tickets_item_data in (_pending_tickets):
            pending_tickets_item = TicketView.from_dict(pending_tickets_item_data)



            pending_tickets.append(pending_tickets_item)


        def _parse_pending(data: object) -> None | Pending:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pending_type_0 = Pending.from_dict(data)



                return pending_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Pending, data)

        pending = _parse_pending(d.pop("pending"))


        you = cls(
            seat=seat,
            hand=hand,
            tickets=tickets,
            pending_tickets=pending_tickets,
            pending=pending,
        )

        return you

