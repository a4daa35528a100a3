from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.event_page import EventPage
from ...models.get_game_events_snapshots import GetGameEventsSnapshots
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    limit: int | Unset = UNSET,
    snapshots: GetGameEventsSnapshots | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id



    

    params: dict[str, Any] = {}

    params["after"] = after

    params["wait"] = wait

    params["limit"] = limit

    json_snapshots: str | Unset = UNSET
    if not isinstance(snapshots, Unset):
        json_snapshots = snapshots.value

    params["snapshots"] = json_snapshots


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/events".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventPage | Problem:
    if response.status_code == 200:
        response_200 = EventPage.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    limit: int | Unset = UNSET,
    snapshots: GetGameEventsSnapshots | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[EventPage | Problem]:
    """ The game's events after version `after`, as you may see them

     Long-poll with `wait=S`: the answer comes as soon as there is an event after
    `after`, or after S seconds with none. With `Accept: text/event-stream`, a
    stream instead (see the 200 response).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        after (int | Unset):
        wait (float | Unset):
        limit (int | Unset):
        snapshots (GetGameEventsSnapshots | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
wait=wait,
limit=limit,
snapshots=snapshots,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    limit: int | Unset = UNSET,
    snapshots: GetGameEventsSnapshots | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> EventPage | Problem | None:
    """ The game's events after version `after`, as you may see them

     Long-poll with `wait=S`: the answer comes as soon as there is an event after
    `after`, or after S seconds with none. With `Accept: text/event-stream`, a
    stream instead (see the 200 response).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        after (int | Unset):
        wait (float | Unset):
        limit (int | Unset):
        snapshots (GetGameEventsSnapshots | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
after=after,
wait=wait,
limit=limit,
snapshots=snapshots,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    limit: int | Unset = UNSET,
    snapshots: GetGameEventsSnapshots | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[EventPage | Problem]:
    """ The game's events after version `after`, as you may see them

     Long-poll with `wait=S`: the answer comes as soon as there is an event after
    `after`, or after S seconds with none. With `Accept: text/event-stream`, a
    stream instead (see the 200 response).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        after (int | Unset):
        wait (float | Unset):
        limit (int | Unset):
        snapshots (GetGameEventsSnapshots | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
wait=wait,
limit=limit,
snapshots=snapshots,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    limit: int | Unset = UNSET,
    snapshots: GetGameEventsSnapshots | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> EventPage | Problem | None:
    """ The game's events after version `after`, as you may see them

     Long-poll with `wait=S`: the answer comes as soon as there is an event after
    `after`, or after S seconds with none. With `Accept: text/event-stream`, a
    stream instead (see the 200 response).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        after (int | Unset):
        wait (float | Unset):
        limit (int | Unset):
        snapshots (GetGameEventsSnapshots | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
after=after,
wait=wait,
limit=limit,
snapshots=snapshots,
last_event_id=last_event_id,

    )).parsed
