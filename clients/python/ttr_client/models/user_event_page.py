from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.card_drawn_blind_event import CardDrawnBlindEvent
  from ..models.card_taken_event import CardTakenEvent
  from ..models.deadline_paused_event import DeadlinePausedEvent
  from ..models.deadline_resumed_event import DeadlineResumedEvent
  from ..models.deck_reshuffled_event import DeckReshuffledEvent
  from ..models.final_round_started_event import FinalRoundStartedEvent
  from ..models.game_created_event import GameCreatedEvent
  from ..models.game_ended_event import GameEndedEvent
  from ..models.game_scored_event import GameScoredEvent
  from ..models.game_started_event import GameStartedEvent
  from ..models.hint_given_event import HintGivenEvent
  from ..models.market_refilled_event import MarketRefilledEvent
  from ..models.market_reset_event import MarketResetEvent
  from ..models.passed_event import PassedEvent
  from ..models.player_dropped_event import PlayerDroppedEvent
  from ..models.player_resigned_event import PlayerResignedEvent
  from ..models.player_returned_event import PlayerReturnedEvent
  from ..models.reaction_sent_event import ReactionSentEvent
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





T = TypeVar("T", bound="UserEventPage")



@_attrs_define
class UserEventPage:
    """ 
        Attributes:
            position (int): Resume with `after=` this.
            events (list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent | DeadlineResumedEvent |
                DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent | GameEndedEvent | GameScoredEvent |
                GameStartedEvent | HintGivenEvent | MarketRefilledEvent | MarketResetEvent | PassedEvent | PlayerDroppedEvent |
                PlayerResignedEvent | PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent |
                SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent | StationBuiltEvent |
                TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent | TunnelCardsRevealedEvent | TunnelDeclinedEvent |
                TurnEndedEvent | TurnTimedOutEvent]):
     """

    position: int
    events: list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent | DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent | GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent | PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent | SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent | StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent | TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent]





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_drawn_blind_event import CardDrawnBlindEvent
        from ..models.card_taken_event import CardTakenEvent
        from ..models.deadline_paused_event import DeadlinePausedEvent
        from ..models.deadline_resumed_event import DeadlineResumedEvent
        from ..models.deck_reshuffled_event import DeckReshuffledEvent
        from ..models.final_round_started_event import FinalRoundStartedEvent
        from ..models.game_created_event import GameCreatedEvent
        from ..models.game_ended_event import GameEndedEvent
        from ..models.game_scored_event import GameScoredEvent
        from ..models.game_started_event import GameStartedEvent
        from ..models.hint_given_event import HintGivenEvent
        from ..models.market_refilled_event import MarketRefilledEvent
        from ..models.market_reset_event import MarketResetEvent
        from ..models.passed_event import PassedEvent
        from ..models.player_dropped_event import PlayerDroppedEvent
        from ..models.player_resigned_event import PlayerResignedEvent
        from ..models.player_returned_event import PlayerReturnedEvent
        from ..models.reaction_sent_event import ReactionSentEvent
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
        position = self.position

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




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "position": position,
            "events": events,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_drawn_blind_event import CardDrawnBlindEvent
        from ..models.card_taken_event import CardTakenEvent
        from ..models.deadline_paused_event import DeadlinePausedEvent
        from ..models.deadline_resumed_event import DeadlineResumedEvent
        from ..models.deck_reshuffled_event import DeckReshuffledEvent
        from ..models.final_round_started_event import FinalRoundStartedEvent
        from ..models.game_created_event import GameCreatedEvent
        from ..models.game_ended_event import GameEndedEvent
        from ..models.game_scored_event import GameScoredEvent
        from ..models.game_started_event import GameStartedEvent
        from ..models.hint_given_event import HintGivenEvent
        from ..models.market_refilled_event import MarketRefilledEvent
        from ..models.market_reset_event import MarketResetEvent
        from ..models.passed_event import PassedEvent
        from ..models.player_dropped_event import PlayerDroppedEvent
        from ..models.player_resigned_event import PlayerResignedEvent
        from ..models.player_returned_event import PlayerReturnedEvent
        from ..models.reaction_sent_event import ReactionSentEvent
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
        position = d.pop("position")

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


        user_event_page = cls(
            position=position,
            events=events,
        )

        return user_event_page

