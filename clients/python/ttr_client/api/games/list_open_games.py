from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_list import GameList
from ...models.list_open_games_status import ListOpenGamesStatus
from ...models.map_name import MapName
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    status: ListOpenGamesStatus | Unset = UNSET,
    map_: MapName | Unset = UNSET,
    limit: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_map_: str | Unset = UNSET
    if not isinstance(map_, Unset):
        json_map_ = map_.value

    params["map"] = json_map_

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameList | Problem:
    if response.status_code == 200:
        response_200 = GameList.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GameList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: ListOpenGamesStatus | Unset = UNSET,
    map_: MapName | Unset = UNSET,
    limit: int | Unset = UNSET,

) -> Response[GameList | Problem]:
    """ The lobby: public games with free seats, or in progress to watch; newest first

     **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        status (ListOpenGamesStatus | Unset):
        map_ (MapName | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameList | Problem]
     """


    kwargs = _get_kwargs(
        status=status,
map_=map_,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    status: ListOpenGamesStatus | Unset = UNSET,
    map_: MapName | Unset = UNSET,
    limit: int | Unset = UNSET,

) -> GameList | Problem | None:
    """ The lobby: public games with free seats, or in progress to watch; newest first

     **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        status (ListOpenGamesStatus | Unset):
        map_ (MapName | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameList | Problem
     """


    return sync_detailed(
        client=client,
status=status,
map_=map_,
limit=limit,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: ListOpenGamesStatus | Unset = UNSET,
    map_: MapName | Unset = UNSET,
    limit: int | Unset = UNSET,

) -> Response[GameList | Problem]:
    """ The lobby: public games with free seats, or in progress to watch; newest first

     **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        status (ListOpenGamesStatus | Unset):
        map_ (MapName | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameList | Problem]
     """


    kwargs = _get_kwargs(
        status=status,
map_=map_,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    status: ListOpenGamesStatus | Unset = UNSET,
    map_: MapName | Unset = UNSET,
    limit: int | Unset = UNSET,

) -> GameList | Problem | None:
    """ The lobby: public games with free seats, or in progress to watch; newest first

     **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        status (ListOpenGamesStatus | Unset):
        map_ (MapName | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameList | Problem
     """


    return (await asyncio_detailed(
        client=client,
status=status,
map_=map_,
limit=limit,

    )).parsed
