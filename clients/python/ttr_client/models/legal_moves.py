from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.build_station import BuildStation
  from ..models.claim_route import ClaimRoute
  from ..models.decline_tunnel import DeclineTunnel
  from ..models.draw_card import DrawCard
  from ..models.draw_tickets import DrawTickets
  from ..models.keep_tickets import KeepTickets
  from ..models.pass_ import Pass
  from ..models.pay_tunnel import PayTunnel
  from ..models.resign import Resign





T = TypeVar("T", bound="LegalMoves")



@_attrs_define
class LegalMoves:
    """ 
        Attributes:
            game_id (str):
            version (int):
            seat (int | None):
            moves (list[BuildStation | ClaimRoute | DeclineTunnel | DrawCard | DrawTickets | KeepTickets | Pass | PayTunnel
                | Resign]): Every command the caller may send now, exactly as POST …/actions accepts it (empty when it is not
                their move); items are `Command`s.
     """

    game_id: str
    version: int
    seat: int | None
    moves: list[BuildStation | ClaimRoute | DeclineTunnel | DrawCard | DrawTickets | KeepTickets | Pass | PayTunnel | Resign]





    def to_dict(self) -> dict[str, Any]:
        from ..models.build_station import BuildStation
        from ..models.claim_route import ClaimRoute
        from ..models.decline_tunnel import DeclineTunnel
        from ..models.draw_card import DrawCard
        from ..models.draw_tickets import DrawTickets
        from ..models.keep_tickets import KeepTickets
        from ..models.pass_ import Pass
        from ..models.pay_tunnel import PayTunnel
        from ..models.resign import Resign
        game_id = self.game_id

        version = self.version

        seat: int | None
        seat = self.seat

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if isinstance(moves_item_data, DrawCard):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, ClaimRoute):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, PayTunnel):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, DeclineTunnel):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, DrawTickets):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, KeepTickets):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, BuildStation):
                moves_item = moves_item_data.to_dict()
            elif isinstance(moves_item_data, Pass):
                moves_item = moves_item_data.to_dict()
            else:
                moves_item = moves_item_data.to_dict()

            moves.append(moves_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "version": version,
            "seat": seat,
            "moves": moves,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.build_station import BuildStation
        from ..models.claim_route import ClaimRoute
        from ..models.decline_tunnel import DeclineTunnel
        from ..models.draw_card import DrawCard
        from ..models.draw_tickets import DrawTickets
        from ..models.keep_tickets import KeepTickets
        from ..models.pass_ import Pass
        from ..models.pay_tunnel import PayTunnel
        from ..models.resign import Resign
        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            def _parse_moves_item(data: object) -> BuildStation | ClaimRoute | DeclineTunnel | DrawCard | DrawTickets | KeepTickets | Pass | PayTunnel | Resign:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_0 = DrawCard.from_dict(data)



                    return componentsschemas_command_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_1 = ClaimRoute.from_dict(data)



                    return componentsschemas_command_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_2 = PayTunnel.from_dict(data)



                    return componentsschemas_command_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_3 = DeclineTunnel.from_dict(data)



                    return componentsschemas_command_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_4 = DrawTickets.from_dict(data)



                    return componentsschemas_command_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_5 = KeepTickets.from_dict(data)



                    return componentsschemas_command_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_6 = BuildStation.from_dict(data)



                    return componentsschemas_command_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_command_type_7 = Pass.from_dict(data)



                    return componentsschemas_command_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_command_type_8 = Resign.from_dict(data)



                return componentsschemas_command_type_8

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)


        legal_moves = cls(
            game_id=game_id,
            version=version,
            seat=seat,
            moves=moves,
        )

        return legal_moves

