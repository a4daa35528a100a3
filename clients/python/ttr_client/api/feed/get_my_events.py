from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.user_event_page import UserEventPage
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    after: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    limit: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id



    

    params: dict[str, Any] = {}

    params["after"] = after

    params["wait"] = wait

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/users/me/events",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | UserEventPage:
    if response.status_code == 200:
        response_200 = UserEventPage.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | UserEventPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    limit: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[Problem | UserEventPage]:
    """ Every event of every game you sit at, after global position `after`

     A game whose seat a stand-in bot holds for you stays in it, shown as a spectator
    sees it until you come back. Long-poll with `wait=S`; `Accept: text/event-stream`
    streams them (`id:` is the global position; resume with `Last-Event-ID`).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        after (int | Unset):
        wait (float | Unset):
        limit (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UserEventPage]
     """


    kwargs = _get_kwargs(
        after=after,
wait=wait,
limit=limit,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    limit: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Problem | UserEventPage | None:
    """ Every event of every game you sit at, after global position `after`

     A game whose seat a stand-in bot holds for you stays in it, shown as a spectator
    sees it until you come back. Long-poll with `wait=S`; `Accept: text/event-stream`
    streams them (`id:` is the global position; resume with `Last-Event-ID`).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        after (int | Unset):
        wait (float | Unset):
        limit (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UserEventPage
     """


    return sync_detailed(
        client=client,
after=after,
wait=wait,
limit=limit,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    limit: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[Problem | UserEventPage]:
    """ Every event of every game you sit at, after global position `after`

     A game whose seat a stand-in bot holds for you stays in it, shown as a spectator
    sees it until you come back. Long-poll with `wait=S`; `Accept: text/event-stream`
    streams them (`id:` is the global position; resume with `Last-Event-ID`).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        after (int | Unset):
        wait (float | Unset):
        limit (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | UserEventPage]
     """


    kwargs = _get_kwargs(
        after=after,
wait=wait,
limit=limit,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    limit: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Problem | UserEventPage | None:
    """ Every event of every game you sit at, after global position `after`

     A game whose seat a stand-in bot holds for you stays in it, shown as a spectator
    sees it until you come back. Long-poll with `wait=S`; `Accept: text/event-stream`
    streams them (`id:` is the global position; resume with `Last-Event-ID`).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        after (int | Unset):
        wait (float | Unset):
        limit (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | UserEventPage
     """


    return (await asyncio_detailed(
        client=client,
after=after,
wait=wait,
limit=limit,
last_event_id=last_event_id,

    )).parsed
