from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_status import GameStatus
from ..models.phase import Phase
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.build_station import BuildStation
  from ..models.card_drawn_blind_event import CardDrawnBlindEvent
  from ..models.card_taken_event import CardTakenEvent
  from ..models.claim_route import ClaimRoute
  from ..models.deadline_paused_event import DeadlinePausedEvent
  from ..models.deadline_resumed_event import DeadlineResumedEvent
  from ..models.deck_reshuffled_event import DeckReshuffledEvent
  from ..models.decline_tunnel import DeclineTunnel
  from ..models.draw_card import DrawCard
  from ..models.draw_tickets import DrawTickets
  from ..models.final_round_started_event import FinalRoundStartedEvent
  from ..models.game import Game
  from ..models.game_created_event import GameCreatedEvent
  from ..models.game_ended_event import GameEndedEvent
  from ..models.game_scored_event import GameScoredEvent
  from ..models.game_started_event import GameStartedEvent
  from ..models.hint_given_event import HintGivenEvent
  from ..models.keep_tickets import KeepTickets
  from ..models.market_refilled_event import MarketRefilledEvent
  from ..models.market_reset_event import MarketResetEvent
  from ..models.pass_ import Pass
  from ..models.passed_event import PassedEvent
  from ..models.pay_tunnel import PayTunnel
  from ..models.player_dropped_event import PlayerDroppedEvent
  from ..models.player_resigned_event import PlayerResignedEvent
  from ..models.player_returned_event import PlayerReturnedEvent
  from ..models.reaction_sent_event import ReactionSentEvent
  from ..models.resign import Resign
  from ..models.route_claimed_event import RouteClaimedEvent
  from ..models.seat_left_event import SeatLeftEvent
  from ..models.seat_taken_event import SeatTakenEvent
  from ..models.seed_revealed_event import SeedRevealedEvent
  from ..models.setup_tickets_returned_event import SetupTicketsReturnedEvent
  from ..models.stand_in_seated_event import StandInSeatedEvent
  from ..models.station_built_event import StationBuiltEvent
  from ..models.tickets_drawn_event import TicketsDrawnEvent
  from ..models.tickets_kept_event import TicketsKeptEvent
  from ..models.tunnel_attempted_event import TunnelAttemptedEvent
  from ..models.tunnel_cards_revealed_event import TunnelCardsRevealedEvent
  from ..models.tunnel_declined_event import TunnelDeclinedEvent
  from ..models.turn_ended_event import TurnEndedEvent
  from ..models.turn_timed_out_event import TurnTimedOutEvent





T = TypeVar("T", bound="ActionResult")



@_attrs_define
class ActionResult:
    """ 
        Attributes:
            game_id (str):
            version (int):
            status (GameStatus):
            phase (None | Phase):
            to_act (list[int]): Seats that must act now.
            events (list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent | DeadlineResumedEvent |
                DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent | GameEndedEvent | GameScoredEvent |
                GameStartedEvent | HintGivenEvent | MarketRefilledEvent | MarketResetEvent | PassedEvent | PlayerDroppedEvent |
                PlayerResignedEvent | PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent |
                SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent | StationBuiltEvent |
                TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent | TunnelCardsRevealedEvent | TunnelDeclinedEvent |
                TurnEndedEvent | TurnTimedOutEvent]):
            moves (list[BuildStation | ClaimRoute | DeclineTunnel | DrawCard | DrawTickets | KeepTickets | Pass | PayTunnel
                | Resign]): Your legal moves after this action (as GET …/moves gives them); items are `Command`s.
            game (Game | Unset):
     """

    game_id: str
    version: int
    status: GameStatus
    phase: None | Phase
    to_act: list[int]
    events: list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent | DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent | GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent | PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent | SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent | StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent | TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent]
    moves: list[BuildStation | ClaimRoute | DeclineTunnel | DrawCard | DrawTickets | KeepTickets | Pass | PayTunnel | Resign]
    game: Game | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.build_station import BuildStation
        from ..models.card_drawn_blind_event import CardDrawnBlindEvent
        from ..models.card_taken_event import CardTakenEvent
        from ..models.claim_route import ClaimRoute
        from ..models.deadline_paused_event import DeadlinePausedEvent
        from ..models.deadline_resumed_event import DeadlineResumedEvent
        from ..models.deck_reshuffled_event import DeckReshuffledEvent
        from ..models.decline_tunnel import DeclineTunnel
        from ..models.draw_card import DrawCard
        from ..models.draw_tickets import DrawTickets
        from ..models.final_round_started_event import FinalRoundStartedEvent
        from ..models.game import Game
        from ..models.game_created_event import GameCreatedEvent
        from ..models.game_ended_event import GameEndedEvent
        from ..models.game_scored_event import GameScoredEvent
        from ..models.game_started_event import GameStartedEvent
        from ..models.hint_given_event import HintGivenEvent
        from ..models.keep_tickets import KeepTickets
        from ..models.market_refilled_event import MarketRefilledEvent
        from ..models.market_reset_event import MarketResetEvent
        from ..models.pass_ import Pass
        from ..models.passed_event import PassedEvent
        from ..models.pay_tunnel import PayTunnel
        from ..models.player_dropped_event import PlayerDroppedEvent
        from ..models.player_resigned_event import PlayerResignedEvent
        from ..models.player_returned_event import PlayerReturnedEvent
        from ..models.reaction_sent_event import ReactionSentEvent
        from ..models.resign import Resign
        from ..models.route_claimed_event import RouteClaimedEvent
        from ..models.seat_left_event import SeatLeftEvent
        from ..models.seat_taken_event import SeatTakenEvent
        from ..models.seed_revealed_event import SeedRevealedEvent
        from ..models.setup_tickets_returned_event import SetupTicketsReturnedEvent
        from ..models.stand_in_seated_event import StandInSeatedEvent
        from ..models.station_built_event import StationBuiltEvent
        from ..models.tickets_drawn_event import TicketsDrawnEvent
        from ..models.tickets_kept_event import TicketsKeptEvent
        from ..models.tunnel_attempted_event import TunnelAttemptedEvent
        from ..models.tunnel_cards_revealed_event import TunnelCardsRevealedEvent
        from ..models.tunnel_declined_event import TunnelDeclinedEvent
        from ..models.turn_ended_event import TurnEndedEvent
        from ..models.turn_timed_out_event import TurnTimedOutEvent
        game_id = self.game_id

        version = self.version

        status = self.status.value

        phase: None | str
        if isinstance(self.phase, Phase):
            phase = self.phase.value
        else:
            phase = self.phase

        to_act = self.to_act



        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, GameCreatedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatTakenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeatLeftEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameScoredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StandInSeatedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayerReturnedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HintGivenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DeadlinePausedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DeadlineResumedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ReactionSentEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DeckReshuffledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, MarketRefilledEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, MarketResetEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardDrawnBlindEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardTakenEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RouteClaimedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TunnelAttemptedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TunnelCardsRevealedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TunnelDeclinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TicketsDrawnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TicketsKeptEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SetupTicketsReturnedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StationBuiltEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PassedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, FinalRoundStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GameEndedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SeedRevealedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayerResignedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnTimedOutEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)



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



        game: dict[str, Any] | Unset = UNSET
        if not isinstance(self.game, Unset):
            game = self.game.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "game_id": game_id,
            "version": version,
            "status": status,
            "phase": phase,
            "to_act": to_act,
            "events": events,
            "moves": moves,
        })
        if game is not UNSET:
            field_dict["game"] = game

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.build_station import BuildStation
        from ..models.card_drawn_blind_event import CardDrawnBlindEvent
        from ..models.card_taken_event import CardTakenEvent
        from ..models.claim_route import ClaimRoute
        from ..models.deadline_paused_event import DeadlinePausedEvent
        from ..models.deadline_resumed_event import DeadlineResumedEvent
        from ..models.deck_reshuffled_event import DeckReshuffledEvent
        from ..models.decline_tunnel import DeclineTunnel
        from ..models.draw_card import DrawCard
        from ..models.draw_tickets import DrawTickets
        from ..models.final_round_started_event import FinalRoundStartedEvent
        from ..models.game import Game
        from ..models.game_created_event import GameCreatedEvent
        from ..models.game_ended_event import GameEndedEvent
        from ..models.game_scored_event import GameScoredEvent
        from ..models.game_started_event import GameStartedEvent
        from ..models.hint_given_event import HintGivenEvent
        from ..models.keep_tickets import KeepTickets
        from ..models.market_refilled_event import MarketRefilledEvent
        from ..models.market_reset_event import MarketResetEvent
        from ..models.pass_ import Pass
        from ..models.passed_event import PassedEvent
        from ..models.pay_tunnel import PayTunnel
        from ..models.player_dropped_event import PlayerDroppedEvent
        from ..models.player_resigned_event import PlayerResignedEvent
        from ..models.player_returned_event import PlayerReturnedEvent
        from ..models.reaction_sent_event import ReactionSentEvent
        from ..models.resign import Resign
        from ..models.route_claimed_event import RouteClaimedEvent
        from ..models.seat_left_event import SeatLeftEvent
        from ..models.seat_taken_event import SeatTakenEvent
        from ..models.seed_revealed_event import SeedRevealedEvent
        from ..models.setup_tickets_returned_event import SetupTicketsReturnedEvent
        from ..models.stand_in_seated_event import StandInSeatedEvent
        from ..models.station_built_event import StationBuiltEvent
        from ..models.tickets_drawn_event import TicketsDrawnEvent
        from ..models.tickets_kept_event import TicketsKeptEvent
        from ..models.tunnel_attempted_event import TunnelAttemptedEvent
        from ..models.tunnel_cards_revealed_event import TunnelCardsRevealedEvent
        from ..models.tunnel_declined_event import TunnelDeclinedEvent
        from ..models.turn_ended_event import TurnEndedEvent
        from ..models.turn_timed_out_event import TurnTimedOutEvent
        d = dict(src_dict)
        game_id = d.pop("game_id")

        version = d.pop("version")

        status = GameStatus(d.pop("status"))




        def _parse_phase(data: object) -> None | Phase:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                phase_type_0 = Phase(data)



                return phase_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Phase, data)

        phase = _parse_phase(d.pop("phase"))


        to_act = cast(list[int], d.pop("to_act"))


        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            def _parse_events_item(data: object) -> CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent | DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent | GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent | PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent | SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent | StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent | TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_0 = GameCreatedEvent.from_dict(data)



                    return componentsschemas_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_1 = SeatTakenEvent.from_dict(data)



                    return componentsschemas_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_2 = SeatLeftEvent.from_dict(data)



                    return componentsschemas_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_3 = GameScoredEvent.from_dict(data)



                    return componentsschemas_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_4 = StandInSeatedEvent.from_dict(data)



                    return componentsschemas_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_5 = PlayerReturnedEvent.from_dict(data)



                    return componentsschemas_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_6 = HintGivenEvent.from_dict(data)



                    return componentsschemas_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_7 = DeadlinePausedEvent.from_dict(data)



                    return componentsschemas_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_8 = DeadlineResumedEvent.from_dict(data)



                    return componentsschemas_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_9 = ReactionSentEvent.from_dict(data)



                    return componentsschemas_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_10 = GameStartedEvent.from_dict(data)



                    return componentsschemas_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_11 = DeckReshuffledEvent.from_dict(data)



                    return componentsschemas_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_12 = MarketRefilledEvent.from_dict(data)



                    return componentsschemas_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_13 = MarketResetEvent.from_dict(data)



                    return componentsschemas_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_14 = CardDrawnBlindEvent.from_dict(data)



                    return componentsschemas_event_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_15 = CardTakenEvent.from_dict(data)



                    return componentsschemas_event_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_16 = RouteClaimedEvent.from_dict(data)



                    return componentsschemas_event_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_17 = TunnelAttemptedEvent.from_dict(data)



                    return componentsschemas_event_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_18 = TunnelCardsRevealedEvent.from_dict(data)



                    return componentsschemas_event_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_19 = TunnelDeclinedEvent.from_dict(data)



                    return componentsschemas_event_type_19
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_20 = TicketsDrawnEvent.from_dict(data)



                    return componentsschemas_event_type_20
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_21 = TicketsKeptEvent.from_dict(data)



                    return componentsschemas_event_type_21
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_22 = SetupTicketsReturnedEvent.from_dict(data)



                    return componentsschemas_event_type_22
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_23 = StationBuiltEvent.from_dict(data)



                    return componentsschemas_event_type_23
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_24 = PassedEvent.from_dict(data)



                    return componentsschemas_event_type_24
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_25 = TurnEndedEvent.from_dict(data)



                    return componentsschemas_event_type_25
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_26 = FinalRoundStartedEvent.from_dict(data)



                    return componentsschemas_event_type_26
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_27 = GameEndedEvent.from_dict(data)



                    return componentsschemas_event_type_27
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_28 = SeedRevealedEvent.from_dict(data)



                    return componentsschemas_event_type_28
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_29 = PlayerResignedEvent.from_dict(data)



                    return componentsschemas_event_type_29
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_30 = TurnTimedOutEvent.from_dict(data)



                    return componentsschemas_event_type_30
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_31 = PlayerDroppedEvent.from_dict(data)



                return componentsschemas_event_type_31

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)


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


        _game = d.pop("game", UNSET)
        game: Game | Unset
        if isinstance(_game,  Unset):
            game = UNSET
        else:
            game = Game.from_dict(_game)




        action_result = cls(
            game_id=game_id,
            version=version,
            status=status,
            phase=phase,
            to_act=to_act,
            events=events,
            moves=moves,
            game=game,
        )

        return action_result

