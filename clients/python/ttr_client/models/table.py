from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.event_page import EventPage
  from ..models.game import Game
  from ..models.legal_moves import LegalMoves





T = TypeVar("T", bound="Table")



@_attrs_define
class Table:
    """ 
        Attributes:
            game (Game):
            events (EventPage):
            moves (LegalMoves | None): Your legal moves, as `GET …/moves` answers; null when you hold no seat.
     """

    game: Game
    events: EventPage
    moves: LegalMoves | None





    def to_dict(self) -> dict[str, Any]:
        from ..models.event_page import EventPage
        from ..models.game import Game
        from ..models.legal_moves import LegalMoves
        game = self.game.to_dict()

        events = self.events.to_dict()

        moves: dict[str, Any] | None
        if isinstance(self.moves, LegalMoves):
            moves = self.moves.to_dict()
        else:
            moves = self.moves


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game": game,
            "events": events,
            "moves": moves,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_page import EventPage
        from ..models.game import Game
        from ..models.legal_moves import LegalMoves
        d = dict(src_dict)
        game = Game.from_dict(d.pop("game"))




        events = EventPage.from_dict(d.pop("events"))




        def _parse_moves(data: object) -> LegalMoves | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                moves_type_0 = LegalMoves.from_dict(data)



                return moves_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LegalMoves | None, data)

        moves = _parse_moves(d.pop("moves"))


        table = cls(
            game=game,
            events=events,
            moves=moves,
        )

        return table

