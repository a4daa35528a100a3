""" Contains all the data models used in inputs/outputs """

from .action_result import ActionResult
from .actor import Actor
from .actor_kind import ActorKind
from .analysis import Analysis
from .analysis_player import AnalysisPlayer
from .analysis_player_turns import AnalysisPlayerTurns
from .analysis_turn import AnalysisTurn
from .analysis_turn_kind import AnalysisTurnKind
from .attempt import Attempt
from .away import Away
from .board import Board
from .board_entry import BoardEntry
from .bot_level import BotLevel
from .bot_seat import BotSeat
from .build_station import BuildStation
from .build_station_cards import BuildStationCards
from .build_station_type import BuildStationType
from .card_counts import CardCounts
from .card_drawn_blind_data import CardDrawnBlindData
from .card_drawn_blind_event import CardDrawnBlindEvent
from .card_drawn_blind_event_type import CardDrawnBlindEventType
from .card_kind import CardKind
from .card_taken_data import CardTakenData
from .card_taken_event import CardTakenEvent
from .card_taken_event_type import CardTakenEventType
from .cards_drawn import CardsDrawn
from .cards_drawn_deck import CardsDrawnDeck
from .cards_drawn_face_up import CardsDrawnFaceUp
from .claim_route import ClaimRoute
from .claim_route_cards import ClaimRouteCards
from .claim_route_type import ClaimRouteType
from .claimed_route import ClaimedRoute
from .deadline_paused_data import DeadlinePausedData
from .deadline_paused_event import DeadlinePausedEvent
from .deadline_paused_event_type import DeadlinePausedEventType
from .deadline_resumed_data import DeadlineResumedData
from .deadline_resumed_event import DeadlineResumedEvent
from .deadline_resumed_event_type import DeadlineResumedEventType
from .deck_reshuffled_data import DeckReshuffledData
from .deck_reshuffled_event import DeckReshuffledEvent
from .deck_reshuffled_event_type import DeckReshuffledEventType
from .decline_tunnel import DeclineTunnel
from .decline_tunnel_type import DeclineTunnelType
from .delivery import Delivery
from .delivery_list import DeliveryList
from .delivery_status import DeliveryStatus
from .draw_card import DrawCard
from .draw_card_source import DrawCardSource
from .draw_card_type import DrawCardType
from .draw_tickets import DrawTickets
from .draw_tickets_type import DrawTicketsType
from .end_reason import EndReason
from .entrant import Entrant
from .event_page import EventPage
from .final_round import FinalRound
from .final_round_started_data import FinalRoundStartedData
from .final_round_started_event import FinalRoundStartedEvent
from .final_round_started_event_type import FinalRoundStartedEventType
from .first_failure import FirstFailure
from .game import Game
from .game_created import GameCreated
from .game_created_data import GameCreatedData
from .game_created_event import GameCreatedEvent
from .game_created_event_type import GameCreatedEventType
from .game_ended_data import GameEndedData
from .game_ended_event import GameEndedEvent
from .game_ended_event_type import GameEndedEventType
from .game_list import GameList
from .game_list_entry import GameListEntry
from .game_ratings import GameRatings
from .game_scored_data import GameScoredData
from .game_scored_event import GameScoredEvent
from .game_scored_event_type import GameScoredEventType
from .game_started_data import GameStartedData
from .game_started_event import GameStartedEvent
from .game_started_event_type import GameStartedEventType
from .game_status import GameStatus
from .get_game_events_snapshots import GetGameEventsSnapshots
from .hint import Hint
from .hint_command import HintCommand
from .hint_given_data import HintGivenData
from .hint_given_event import HintGivenEvent
from .hint_given_event_type import HintGivenEventType
from .invitation import Invitation
from .keep_tickets import KeepTickets
from .keep_tickets_type import KeepTicketsType
from .key_moment import KeyMoment
from .key_moment_best import KeyMomentBest
from .key_moment_chosen import KeyMomentChosen
from .key_moment_label import KeyMomentLabel
from .layout import Layout
from .layout_cities import LayoutCities
from .layout_labels import LayoutLabels
from .layout_labels_additional_property import LayoutLabelsAdditionalProperty
from .leaderboard import Leaderboard
from .legal_moves import LegalMoves
from .length_count import LengthCount
from .list_open_games_status import ListOpenGamesStatus
from .list_player_games_result import ListPlayerGamesResult
from .listed_player import ListedPlayer
from .mail_address import MailAddress
from .mail_code import MailCode
from .mail_state import MailState
from .map_list import MapList
from .map_name import MapName
from .map_rating import MapRating
from .map_stats import MapStats
from .map_summary import MapSummary
from .market_refilled_data import MarketRefilledData
from .market_refilled_event import MarketRefilledEvent
from .market_refilled_event_type import MarketRefilledEventType
from .market_reset_data import MarketResetData
from .market_reset_event import MarketResetEvent
from .market_reset_event_type import MarketResetEventType
from .match import Match
from .match_state import MatchState
from .new_entrant import NewEntrant
from .new_game import NewGame
from .new_mail_address import NewMailAddress
from .new_match import NewMatch
from .new_notice_settings import NewNoticeSettings
from .new_push_subscription import NewPushSubscription
from .new_reaction import NewReaction
from .new_share import NewShare
from .new_signin_code import NewSigninCode
from .new_token import NewToken
from .new_tournament import NewTournament
from .new_user import NewUser
from .new_vacation import NewVacation
from .new_webhook import NewWebhook
from .notice_channels import NoticeChannels
from .notice_channels_deadline_near import NoticeChannelsDeadlineNear
from .notice_channels_game_scored import NoticeChannelsGameScored
from .notice_channels_game_started import NoticeChannelsGameStarted
from .notice_channels_invitation import NoticeChannelsInvitation
from .notice_channels_player_left import NoticeChannelsPlayerLeft
from .notice_channels_player_timed_out import NoticeChannelsPlayerTimedOut
from .notice_channels_stand_in_seated import NoticeChannelsStandInSeated
from .notice_channels_your_turn import NoticeChannelsYourTurn
from .notice_settings import NoticeSettings
from .notice_settings_channels import NoticeSettingsChannels
from .options import Options
from .pass_ import Pass
from .pass_type import PassType
from .passed_data import PassedData
from .passed_event import PassedEvent
from .passed_event_type import PassedEventType
from .pay_tunnel import PayTunnel
from .pay_tunnel_cards import PayTunnelCards
from .pay_tunnel_type import PayTunnelType
from .pending import Pending
from .pending_kind import PendingKind
from .phase import Phase
from .player_dropped_data import PlayerDroppedData
from .player_dropped_event import PlayerDroppedEvent
from .player_dropped_event_type import PlayerDroppedEventType
from .player_game import PlayerGame
from .player_games import PlayerGames
from .player_out import PlayerOut
from .player_resigned_data import PlayerResignedData
from .player_resigned_event import PlayerResignedEvent
from .player_resigned_event_type import PlayerResignedEventType
from .player_returned_data import PlayerReturnedData
from .player_returned_event import PlayerReturnedEvent
from .player_returned_event_type import PlayerReturnedEventType
from .player_score import PlayerScore
from .player_view import PlayerView
from .problem import Problem
from .problem_code import ProblemCode
from .problem_errors import ProblemErrors
from .profile import Profile
from .push_key import PushKey
from .push_keys import PushKeys
from .push_subscription import PushSubscription
from .push_subscription_list import PushSubscriptionList
from .quiet_hours import QuietHours
from .rating_change import RatingChange
from .reaction import Reaction
from .reaction_sent_data import ReactionSentData
from .reaction_sent_event import ReactionSentEvent
from .reaction_sent_event_type import ReactionSentEventType
from .rematch import Rematch
from .rematch_place import RematchPlace
from .rematch_state import RematchState
from .resign import Resign
from .resign_type import ResignType
from .round_ import Round
from .round_table import RoundTable
from .round_table_scores_type_0 import RoundTableScoresType0
from .route import Route
from .route_claimed_data import RouteClaimedData
from .route_claimed_event import RouteClaimedEvent
from .route_claimed_event_type import RouteClaimedEventType
from .route_color import RouteColor
from .rules import Rules
from .rules_route_points import RulesRoutePoints
from .said_reaction import SaidReaction
from .scope import Scope
from .score import Score
from .score_parts import ScoreParts
from .score_pending import ScorePending
from .score_player import ScorePlayer
from .seat_left_data import SeatLeftData
from .seat_left_event import SeatLeftEvent
from .seat_left_event_type import SeatLeftEventType
from .seat_taken_data import SeatTakenData
from .seat_taken_event import SeatTakenEvent
from .seat_taken_event_type import SeatTakenEventType
from .seed_revealed_data import SeedRevealedData
from .seed_revealed_event import SeedRevealedEvent
from .seed_revealed_event_type import SeedRevealedEventType
from .session import Session
from .setup_tickets_returned_data import SetupTicketsReturnedData
from .setup_tickets_returned_event import SetupTicketsReturnedEvent
from .setup_tickets_returned_event_type import SetupTicketsReturnedEventType
from .share import Share
from .share_created import ShareCreated
from .share_list import ShareList
from .signed_in import SignedIn
from .signin import Signin
from .signin_code import SigninCode
from .signin_mail import SigninMail
from .signin_mail_sent import SigninMailSent
from .stand_in_reason import StandInReason
from .stand_in_seated_data import StandInSeatedData
from .stand_in_seated_event import StandInSeatedEvent
from .stand_in_seated_event_type import StandInSeatedEventType
from .standing import Standing
from .station_built_data import StationBuiltData
from .station_built_event import StationBuiltEvent
from .station_built_event_type import StationBuiltEventType
from .station_use import StationUse
from .swing import Swing
from .swing_move import SwingMove
from .table import Table
from .take_seat import TakeSeat
from .ticket import Ticket
from .ticket_result import TicketResult
from .ticket_timeline import TicketTimeline
from .ticket_view import TicketView
from .tickets_drawn_data import TicketsDrawnData
from .tickets_drawn_event import TicketsDrawnEvent
from .tickets_drawn_event_type import TicketsDrawnEventType
from .tickets_kept_data import TicketsKeptData
from .tickets_kept_event import TicketsKeptEvent
from .tickets_kept_event_type import TicketsKeptEventType
from .token import Token
from .token_created import TokenCreated
from .token_list import TokenList
from .tournament import Tournament
from .tournament_event import TournamentEvent
from .tournament_list import TournamentList
from .tournament_log import TournamentLog
from .tournament_status import TournamentStatus
from .tunnel import Tunnel
from .tunnel_attempted_data import TunnelAttemptedData
from .tunnel_attempted_event import TunnelAttemptedEvent
from .tunnel_attempted_event_type import TunnelAttemptedEventType
from .tunnel_cards_revealed_data import TunnelCardsRevealedData
from .tunnel_cards_revealed_event import TunnelCardsRevealedEvent
from .tunnel_cards_revealed_event_type import TunnelCardsRevealedEventType
from .tunnel_count import TunnelCount
from .tunnel_declined_data import TunnelDeclinedData
from .tunnel_declined_event import TunnelDeclinedEvent
from .tunnel_declined_event_type import TunnelDeclinedEventType
from .turn import Turn
from .turn_ended_data import TurnEndedData
from .turn_ended_event import TurnEndedEvent
from .turn_ended_event_type import TurnEndedEventType
from .turn_step import TurnStep
from .turn_timed_out_data import TurnTimedOutData
from .turn_timed_out_event import TurnTimedOutEvent
from .turn_timed_out_event_type import TurnTimedOutEventType
from .unrated_reason import UnratedReason
from .user import User
from .user_created import UserCreated
from .user_event_page import UserEventPage
from .vacation import Vacation
from .verdict import Verdict
from .verification_sent import VerificationSent
from .verified import Verified
from .webhook import Webhook
from .webhook_kind import WebhookKind
from .win_chance_turn import WinChanceTurn
from .win_chances import WinChances
from .win_chances_status import WinChancesStatus
from .you import You

__all__ = (
    "ActionResult",
    "Actor",
    "ActorKind",
    "Analysis",
    "AnalysisPlayer",
    "AnalysisPlayerTurns",
    "AnalysisTurn",
    "AnalysisTurnKind",
    "Attempt",
    "Away",
    "Board",
    "BoardEntry",
    "BotLevel",
    "BotSeat",
    "BuildStation",
    "BuildStationCards",
    "BuildStationType",
    "CardCounts",
    "CardDrawnBlindData",
    "CardDrawnBlindEvent",
    "CardDrawnBlindEventType",
    "CardKind",
    "CardsDrawn",
    "CardsDrawnDeck",
    "CardsDrawnFaceUp",
    "CardTakenData",
    "CardTakenEvent",
    "CardTakenEventType",
    "ClaimedRoute",
    "ClaimRoute",
    "ClaimRouteCards",
    "ClaimRouteType",
    "DeadlinePausedData",
    "DeadlinePausedEvent",
    "DeadlinePausedEventType",
    "DeadlineResumedData",
    "DeadlineResumedEvent",
    "DeadlineResumedEventType",
    "DeckReshuffledData",
    "DeckReshuffledEvent",
    "DeckReshuffledEventType",
    "DeclineTunnel",
    "DeclineTunnelType",
    "Delivery",
    "DeliveryList",
    "DeliveryStatus",
    "DrawCard",
    "DrawCardSource",
    "DrawCardType",
    "DrawTickets",
    "DrawTicketsType",
    "EndReason",
    "Entrant",
    "EventPage",
    "FinalRound",
    "FinalRoundStartedData",
    "FinalRoundStartedEvent",
    "FinalRoundStartedEventType",
    "FirstFailure",
    "Game",
    "GameCreated",
    "GameCreatedData",
    "GameCreatedEvent",
    "GameCreatedEventType",
    "GameEndedData",
    "GameEndedEvent",
    "GameEndedEventType",
    "GameList",
    "GameListEntry",
    "GameRatings",
    "GameScoredData",
    "GameScoredEvent",
    "GameScoredEventType",
    "GameStartedData",
    "GameStartedEvent",
    "GameStartedEventType",
    "GameStatus",
    "GetGameEventsSnapshots",
    "Hint",
    "HintCommand",
    "HintGivenData",
    "HintGivenEvent",
    "HintGivenEventType",
    "Invitation",
    "KeepTickets",
    "KeepTicketsType",
    "KeyMoment",
    "KeyMomentBest",
    "KeyMomentChosen",
    "KeyMomentLabel",
    "Layout",
    "LayoutCities",
    "LayoutLabels",
    "LayoutLabelsAdditionalProperty",
    "Leaderboard",
    "LegalMoves",
    "LengthCount",
    "ListedPlayer",
    "ListOpenGamesStatus",
    "ListPlayerGamesResult",
    "MailAddress",
    "MailCode",
    "MailState",
    "MapList",
    "MapName",
    "MapRating",
    "MapStats",
    "MapSummary",
    "MarketRefilledData",
    "MarketRefilledEvent",
    "MarketRefilledEventType",
    "MarketResetData",
    "MarketResetEvent",
    "MarketResetEventType",
    "Match",
    "MatchState",
    "NewEntrant",
    "NewGame",
    "NewMailAddress",
    "NewMatch",
    "NewNoticeSettings",
    "NewPushSubscription",
    "NewReaction",
    "NewShare",
    "NewSigninCode",
    "NewToken",
    "NewTournament",
    "NewUser",
    "NewVacation",
    "NewWebhook",
    "NoticeChannels",
    "NoticeChannelsDeadlineNear",
    "NoticeChannelsGameScored",
    "NoticeChannelsGameStarted",
    "NoticeChannelsInvitation",
    "NoticeChannelsPlayerLeft",
    "NoticeChannelsPlayerTimedOut",
    "NoticeChannelsStandInSeated",
    "NoticeChannelsYourTurn",
    "NoticeSettings",
    "NoticeSettingsChannels",
    "Options",
    "Pass",
    "PassedData",
    "PassedEvent",
    "PassedEventType",
    "PassType",
    "PayTunnel",
    "PayTunnelCards",
    "PayTunnelType",
    "Pending",
    "PendingKind",
    "Phase",
    "PlayerDroppedData",
    "PlayerDroppedEvent",
    "PlayerDroppedEventType",
    "PlayerGame",
    "PlayerGames",
    "PlayerOut",
    "PlayerResignedData",
    "PlayerResignedEvent",
    "PlayerResignedEventType",
    "PlayerReturnedData",
    "PlayerReturnedEvent",
    "PlayerReturnedEventType",
    "PlayerScore",
    "PlayerView",
    "Problem",
    "ProblemCode",
    "ProblemErrors",
    "Profile",
    "PushKey",
    "PushKeys",
    "PushSubscription",
    "PushSubscriptionList",
    "QuietHours",
    "RatingChange",
    "Reaction",
    "ReactionSentData",
    "ReactionSentEvent",
    "ReactionSentEventType",
    "Rematch",
    "RematchPlace",
    "RematchState",
    "Resign",
    "ResignType",
    "Round",
    "RoundTable",
    "RoundTableScoresType0",
    "Route",
    "RouteClaimedData",
    "RouteClaimedEvent",
    "RouteClaimedEventType",
    "RouteColor",
    "Rules",
    "RulesRoutePoints",
    "SaidReaction",
    "Scope",
    "Score",
    "ScoreParts",
    "ScorePending",
    "ScorePlayer",
    "SeatLeftData",
    "SeatLeftEvent",
    "SeatLeftEventType",
    "SeatTakenData",
    "SeatTakenEvent",
    "SeatTakenEventType",
    "SeedRevealedData",
    "SeedRevealedEvent",
    "SeedRevealedEventType",
    "Session",
    "SetupTicketsReturnedData",
    "SetupTicketsReturnedEvent",
    "SetupTicketsReturnedEventType",
    "Share",
    "ShareCreated",
    "ShareList",
    "SignedIn",
    "Signin",
    "SigninCode",
    "SigninMail",
    "SigninMailSent",
    "Standing",
    "StandInReason",
    "StandInSeatedData",
    "StandInSeatedEvent",
    "StandInSeatedEventType",
    "StationBuiltData",
    "StationBuiltEvent",
    "StationBuiltEventType",
    "StationUse",
    "Swing",
    "SwingMove",
    "Table",
    "TakeSeat",
    "Ticket",
    "TicketResult",
    "TicketsDrawnData",
    "TicketsDrawnEvent",
    "TicketsDrawnEventType",
    "TicketsKeptData",
    "TicketsKeptEvent",
    "TicketsKeptEventType",
    "TicketTimeline",
    "TicketView",
    "Token",
    "TokenCreated",
    "TokenList",
    "Tournament",
    "TournamentEvent",
    "TournamentList",
    "TournamentLog",
    "TournamentStatus",
    "Tunnel",
    "TunnelAttemptedData",
    "TunnelAttemptedEvent",
    "TunnelAttemptedEventType",
    "TunnelCardsRevealedData",
    "TunnelCardsRevealedEvent",
    "TunnelCardsRevealedEventType",
    "TunnelCount",
    "TunnelDeclinedData",
    "TunnelDeclinedEvent",
    "TunnelDeclinedEventType",
    "Turn",
    "TurnEndedData",
    "TurnEndedEvent",
    "TurnEndedEventType",
    "TurnStep",
    "TurnTimedOutData",
    "TurnTimedOutEvent",
    "TurnTimedOutEventType",
    "UnratedReason",
    "User",
    "UserCreated",
    "UserEventPage",
    "Vacation",
    "Verdict",
    "VerificationSent",
    "Verified",
    "Webhook",
    "WebhookKind",
    "WinChances",
    "WinChancesStatus",
    "WinChanceTurn",
    "You",
)
