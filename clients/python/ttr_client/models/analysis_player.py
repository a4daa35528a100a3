from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.analysis_player_turns import AnalysisPlayerTurns
  from ..models.cards_drawn import CardsDrawn
  from ..models.length_count import LengthCount
  from ..models.score_parts import ScoreParts
  from ..models.ticket_timeline import TicketTimeline
  from ..models.tunnel_count import TunnelCount





T = TypeVar("T", bound="AnalysisPlayer")



@_attrs_define
class AnalysisPlayer:
    """ 
        Attributes:
            seat (int):
            user_id (str):
            name (str):
            rank (int):
            winner (bool):
            final (ScoreParts):
            tickets (list[TicketTimeline]):
            cards_drawn (CardsDrawn):
            routes_by_length (list[LengthCount]):
            tunnels (TunnelCount):
            turns (AnalysisPlayerTurns):
     """

    seat: int
    user_id: str
    name: str
    rank: int
    winner: bool
    final: ScoreParts
    tickets: list[TicketTimeline]
    cards_drawn: CardsDrawn
    routes_by_length: list[LengthCount]
    tunnels: TunnelCount
    turns: AnalysisPlayerTurns





    def to_dict(self) -> dict[str, Any]:
        from ..models.analysis_player_turns import AnalysisPlayerTurns
        from ..models.cards_drawn import CardsDrawn
        from ..models.length_count import LengthCount
        from ..models.score_parts import ScoreParts
        from ..models.ticket_timeline import TicketTimeline
        from ..models.tunnel_count import TunnelCount
        seat = self.seat

        user_id = self.user_id

        name = self.name

        rank = self.rank

        winner = self.winner

        final = self.final.to_dict()

        tickets = []
        for tickets_item_data in self.tickets:
            tickets_item = tickets_item_data.to_dict()
            tickets.append(tickets_item)



        cards_drawn = self.cards_drawn.to_dict()

        routes_by_length = []
        for routes_by_length_item_data in self.routes_by_length:
            routes_by_length_item = routes_by_length_item_data.to_dict()
            routes_by_length.append(routes_by_length_item)



        tunnels = self.tunnels.to_dict()

        turns = self.turns.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "user_id": user_id,
            "name": name,
            "rank": rank,
            "winner": winner,
            "final": final,
            "tickets": tickets,
            "cards_drawn": cards_drawn,
            "routes_by_length": routes_by_length,
            "tunnels": tunnels,
            "turns": turns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.analysis_player_turns import AnalysisPlayerTurns
        from ..models.cards_drawn import CardsDrawn
        from ..models.length_count import LengthCount
        from ..models.score_parts import ScoreParts
        from ..models.ticket_timeline import TicketTimeline
        from ..models.tunnel_count import TunnelCount
        d = dict(src_dict)
        seat = d.pop("seat")

        user_id = d.pop("user_id")

        name = d.pop("name")

        rank = d.pop("rank")

        winner = d.pop("winner")

        final = ScoreParts.from_dict(d.pop("final"))




        tickets = []
        _tickets = d.pop("tickets")
        for tickets_item_data in (_tickets):
            tickets_item = TicketTimeline.from_dict(tickets_item_data)



            tickets.append(tickets_item)


        cards_drawn = CardsDrawn.from_dict(d.pop("cards_drawn"))




        routes_by_length = []
        _routes_by_length = d.pop("routes_by_length")
        for routes_by_length_item_data in (_routes_by_length):
            routes_by_length_item = LengthCount.from_dict(routes_by_length_item_data)



            routes_by_length.append(routes_by_length_item)


        tunnels = TunnelCount.from_dict(d.pop("tunnels"))




        turns = AnalysisPlayerTurns.from_dict(d.pop("turns"))




        analysis_player = cls(
            seat=seat,
            user_id=user_id,
            name=name,
            rank=rank,
            winner=winner,
            final=final,
            tickets=tickets,
            cards_drawn=cards_drawn,
            routes_by_length=routes_by_length,
            tunnels=tunnels,
            turns=turns,
        )

        return analysis_player

