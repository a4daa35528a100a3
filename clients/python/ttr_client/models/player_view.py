from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bot_level import BotLevel
from ..models.player_out import PlayerOut
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.card_counts import CardCounts
  from ..models.ticket_view import TicketView





T = TypeVar("T", bound="PlayerView")



@_attrs_define
class PlayerView:
    """ 
        Attributes:
            seat (int):
            user_id (str):
            name (str):
            to_act (bool):
            bot (bool): The seat is held by a bot.
            level (BotLevel | None): A bot's level.
            stands_in_for (None | str): The user a stand-in bot holds the seat for (they may come back).
            out (None | PlayerOut | Unset):
            trains (int | Unset):
            stations_left (int | Unset):
            stations (list[str] | Unset):
            routes (list[str] | Unset):
            route_points (int | Unset):
            hand_size (int | Unset):
            ticket_count (int | Unset):
            pending_ticket_count (int | Unset):
            timeouts_in_a_row (int | Unset):
            hand (CardCounts | Unset): Cards by kind (purple, blue, orange, white, green, yellow, black, red, locomotive):
                how many of each (kinds not listed: none). Example: {'red': 2, 'locomotive': 1}.
            tickets (list[TicketView] | Unset): After the end only.
            pending_tickets (list[TicketView] | Unset): After the end only.
     """

    seat: int
    user_id: str
    name: str
    to_act: bool
    bot: bool
    level: BotLevel | None
    stands_in_for: None | str
    out: None | PlayerOut | Unset = UNSET
    trains: int | Unset = UNSET
    stations_left: int | Unset = UNSET
    stations: list[str] | Unset = UNSET
    routes: list[str] | Unset = UNSET
    route_points: int | Unset = UNSET
    hand_size: int | Unset = UNSET
    ticket_count: int | Unset = UNSET
    pending_ticket_count: int | Unset = UNSET
    timeouts_in_a_row: int | Unset = UNSET
    hand: CardCounts | Unset = UNSET
    tickets: list[TicketView] | Unset = UNSET
    pending_tickets: list[TicketView] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_counts import CardCounts
        from ..models.ticket_view import TicketView
        seat = self.seat

        user_id = self.user_id

        name = self.name

        to_act = self.to_act

        bot = self.bot

        level: None | str
        if isinstance(self.level, BotLevel):
            level = self.level.value
        else:
            level = self.level

        stands_in_for: None | str
        stands_in_for = self.stands_in_for

        out: None | str | Unset
        if isinstance(self.out, Unset):
            out = UNSET
        elif isinstance(self.out, PlayerOut):
            out = self.out.value
        else:
            out = self.out

        trains = self.trains

        stations_left = self.stations_left

        stations: list[str] | Unset = UNSET
        if not isinstance(self.stations, Unset):
            stations = self.stations



        routes: list[str] | Unset = UNSET
        if not isinstance(self.routes, Unset):
            routes = self.routes



        route_points = self.route_points

        hand_size = self.hand_size

        ticket_count = self.ticket_count

        pending_ticket_count = self.pending_ticket_count

        timeouts_in_a_row = self.timeouts_in_a_row

        hand: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = self.hand.to_dict()

        tickets: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tickets, Unset):
            tickets = []
            for tickets_item_data in self.tickets:
                tickets_item = tickets_item_data.to_dict()
                tickets.append(tickets_item)



        pending_tickets: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.pending_tickets, Unset):
            pending_tickets = []
            for pending_tickets_item_data in self.pending_tickets:
                pending_tickets_item = pending_tickets_item_data.to_dict()
                pending_tickets.append(pending_tickets_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "user_id": user_id,
            "name": name,
            "to_act": to_act,
            "bot": bot,
            "level": level,
            "stands_in_for": stands_in_for,
        })
        if out is not UNSET:
            field_dict["out"] = out
        if trains is not UNSET:
            field_dict["trains"] = trains
        if stations_left is not UNSET:
            field_dict["stations_left"] = stations_left
        if stations is not UNSET:
            field_dict["stations"] = stations
        if routes is not UNSET:
            field_dict["routes"] = routes
        if route_points is not UNSET:
            field_dict["route_points"] = route_points
        if hand_size is not UNSET:
            field_dict["hand_size"] = hand_size
        if ticket_count is not UNSET:
            field_dict["ticket_count"] = ticket_count
        if pending_ticket_count is not UNSET:
            field_dict["pending_ticket_count"] = pending_ticket_count
        if timeouts_in_a_row is not UNSET:
            field_dict["timeouts_in_a_row"] = timeouts_in_a_row
        if hand is not UNSET:
            field_dict["hand"] = hand
        if tickets is not UNSET:
            field_dict["tickets"] = tickets
        if pending_tickets is not UNSET:
            field_dict["pending_tickets"] = pending_tickets

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_counts import CardCounts
        from ..models.ticket_view import TicketView
        d = dict(src_dict)
        seat = d.pop("seat")

        user_id = d.pop("user_id")

        name = d.pop("name")

        to_act = d.pop("to_act")

        bot = d.pop("bot")

        def _parse_level(data: object) -> BotLevel | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                level_type_0 = BotLevel(data)



                return level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None, data)

        level = _parse_level(d.pop("level"))


        def _parse_stands_in_for(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        stands_in_for = _parse_stands_in_for(d.pop("stands_in_for"))


        def _parse_out(data: object) -> None | PlayerOut | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                out_type_0 = PlayerOut(data)



                return out_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerOut | Unset, data)

        out = _parse_out(d.pop("out", UNSET))


        trains = d.pop("trains", UNSET)

        stations_left = d.pop("stations_left", UNSET)

        stations = cast(list[str], d.pop("stations", UNSET))


        routes = cast(list[str], d.pop("routes", UNSET))


        route_points = d.pop("route_points", UNSET)

        hand_size = d.pop("hand_size", UNSET)

        ticket_count = d.pop("ticket_count", UNSET)

        pending_ticket_count = d.pop("pending_ticket_count", UNSET)

        timeouts_in_a_row = d.pop("timeouts_in_a_row", UNSET)

        _hand = d.pop("hand", UNSET)
        hand: CardCounts | Unset
        if isinstance(_hand,  Unset):
            hand = UNSET
        else:
            hand = CardCounts.from_dict(_hand)




        _tickets = d.pop("tickets", UNSET)
        tickets: list[TicketView] | Unset = UNSET
        if _tickets is not UNSET:
            tickets = []
            for tickets_item_data in _tickets:
                tickets_item = TicketView.from_dict(tickets_item_data)



                tickets.append(tickets_item)


        _pending_tickets = d.pop("pending_tickets", UNSET)
        pending_tickets: list[TicketView] | Unset = UNSET
        if _pending_tickets is not UNSET:
            pending_tickets = []
            for pending_tickets_item_data in _pending_tickets:
                pending_tickets_item = TicketView.from_dict(pending_tickets_item_data)



                pending_tickets.append(pending_tickets_item)


        player_view = cls(
            seat=seat,
            user_id=user_id,
            name=name,
            to_act=to_act,
            bot=bot,
            level=level,
            stands_in_for=stands_in_for,
            out=out,
            trains=trains,
            stations_left=stations_left,
            stations=stations,
            routes=routes,
            route_points=route_points,
            hand_size=hand_size,
            ticket_count=ticket_count,
            pending_ticket_count=pending_ticket_count,
            timeouts_in_a_row=timeouts_in_a_row,
            hand=hand,
            tickets=tickets,
            pending_tickets=pending_tickets,
        )

        return player_view

