from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.card_drawn_blind_event import CardDrawnBlindEvent
from ...models.card_taken_event import CardTakenEvent
from ...models.deadline_paused_event import DeadlinePausedEvent
from ...models.deadline_resumed_event import DeadlineResumedEvent
from ...models.deck_reshuffled_event import DeckReshuffledEvent
from ...models.final_round_started_event import FinalRoundStartedEvent
from ...models.game_created_event import GameCreatedEvent
from ...models.game_ended_event import GameEndedEvent
from ...models.game_scored_event import GameScoredEvent
from ...models.game_started_event import GameStartedEvent
from ...models.hint_given_event import HintGivenEvent
from ...models.market_refilled_event import MarketRefilledEvent
from ...models.market_reset_event import MarketResetEvent
from ...models.passed_event import PassedEvent
from ...models.player_dropped_event import PlayerDroppedEvent
from ...models.player_resigned_event import PlayerResignedEvent
from ...models.player_returned_event import PlayerReturnedEvent
from ...models.problem import Problem
from ...models.reaction_sent_event import ReactionSentEvent
from ...models.route_claimed_event import RouteClaimedEvent
from ...models.seat_left_event import SeatLeftEvent
from ...models.seat_taken_event import SeatTakenEvent
from ...models.seed_revealed_event import SeedRevealedEvent
from ...models.setup_tickets_returned_event import SetupTicketsReturnedEvent
from ...models.stand_in_seated_event import StandInSeatedEvent
from ...models.station_built_event import StationBuiltEvent
from ...models.tickets_drawn_event import TicketsDrawnEvent
from ...models.tickets_kept_event import TicketsKeptEvent
from ...models.tunnel_attempted_event import TunnelAttemptedEvent
from ...models.tunnel_cards_revealed_event import TunnelCardsRevealedEvent
from ...models.tunnel_declined_event import TunnelDeclinedEvent
from ...models.turn_ended_event import TurnEndedEvent
from ...models.turn_timed_out_event import TurnTimedOutEvent
from ...models.verdict import Verdict
from typing import cast



def _get_kwargs(
    *,
    body: list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent | DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent | GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent | PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent | SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent | StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent | TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent],

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/verify",
    }

    _kwargs["json"] = []
    for body_item_data in body:
        body_item: dict[str, Any]
        if isinstance(body_item_data, GameCreatedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, SeatTakenEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, SeatLeftEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, GameScoredEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, StandInSeatedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, PlayerReturnedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, HintGivenEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, DeadlinePausedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, DeadlineResumedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, ReactionSentEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, GameStartedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, DeckReshuffledEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, MarketRefilledEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, MarketResetEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, CardDrawnBlindEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, CardTakenEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, RouteClaimedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, TunnelAttemptedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, TunnelCardsRevealedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, TunnelDeclinedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, TicketsDrawnEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, TicketsKeptEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, SetupTicketsReturnedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, StationBuiltEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, PassedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, TurnEndedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, FinalRoundStartedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, GameEndedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, SeedRevealedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, PlayerResignedEvent):
            body_item = body_item_data.to_dict()
        elif isinstance(body_item_data, TurnTimedOutEvent):
            body_item = body_item_data.to_dict()
        else:
            body_item = body_item_data.to_dict()

        _kwargs["json"].append(body_item)



    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Verdict:
    if response.status_code == 200:
        response_200 = Verdict.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Verdict]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent | DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent | GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent | PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent | SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent | StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent | TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent],

) -> Response[Problem | Verdict]:
    """ Verify an export: replay it through the rules, with no database

     Checks that every event follows from the previous state and the rules, that the
    seed matches its commitment, that every card dealt, drawn or revealed is the one
    the seed's shuffles put there, and that the final score is the rules'.

    Args:
        body (list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent |
            DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent |
            GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent
            | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent |
            PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent |
            SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent |
            StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent |
            TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent]): The
            export's events as a JSON array, in version order.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Verdict]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent | DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent | GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent | PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent | SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent | StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent | TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent],

) -> Problem | Verdict | None:
    """ Verify an export: replay it through the rules, with no database

     Checks that every event follows from the previous state and the rules, that the
    seed matches its commitment, that every card dealt, drawn or revealed is the one
    the seed's shuffles put there, and that the final score is the rules'.

    Args:
        body (list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent |
            DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent |
            GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent
            | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent |
            PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent |
            SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent |
            StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent |
            TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent]): The
            export's events as a JSON array, in version order.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Verdict
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent | DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent | GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent | PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent | SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent | StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent | TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent],

) -> Response[Problem | Verdict]:
    """ Verify an export: replay it through the rules, with no database

     Checks that every event follows from the previous state and the rules, that the
    seed matches its commitment, that every card dealt, drawn or revealed is the one
    the seed's shuffles put there, and that the final score is the rules'.

    Args:
        body (list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent |
            DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent |
            GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent
            | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent |
            PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent |
            SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent |
            StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent |
            TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent]): The
            export's events as a JSON array, in version order.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Verdict]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent | DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent | GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent | PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent | SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent | StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent | TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent],

) -> Problem | Verdict | None:
    """ Verify an export: replay it through the rules, with no database

     Checks that every event follows from the previous state and the rules, that the
    seed matches its commitment, that every card dealt, drawn or revealed is the one
    the seed's shuffles put there, and that the final score is the rules'.

    Args:
        body (list[CardDrawnBlindEvent | CardTakenEvent | DeadlinePausedEvent |
            DeadlineResumedEvent | DeckReshuffledEvent | FinalRoundStartedEvent | GameCreatedEvent |
            GameEndedEvent | GameScoredEvent | GameStartedEvent | HintGivenEvent | MarketRefilledEvent
            | MarketResetEvent | PassedEvent | PlayerDroppedEvent | PlayerResignedEvent |
            PlayerReturnedEvent | ReactionSentEvent | RouteClaimedEvent | SeatLeftEvent |
            SeatTakenEvent | SeedRevealedEvent | SetupTicketsReturnedEvent | StandInSeatedEvent |
            StationBuiltEvent | TicketsDrawnEvent | TicketsKeptEvent | TunnelAttemptedEvent |
            TunnelCardsRevealedEvent | TunnelDeclinedEvent | TurnEndedEvent | TurnTimedOutEvent]): The
            export's events as a JSON array, in version order.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Verdict
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
