from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game_created import GameCreated
from ...models.new_game import NewGame
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: NewGame,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameCreated | Problem:
    if response.status_code == 201:
        response_201 = GameCreated.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GameCreated | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewGame,

) -> Response[GameCreated | Problem]:
    """ Create a game (and, by default, take its first seat)

     For a private game the answer holds its invite code, shown only now. The game
    starts by itself when its last seat is taken, or earlier by `POST …/start`.
    `bots` seats bots after you (a table they fill starts at once); `stand_in` lets
    bots stand in for players who leave.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameCreated | Problem]
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
    body: NewGame,

) -> GameCreated | Problem | None:
    """ Create a game (and, by default, take its first seat)

     For a private game the answer holds its invite code, shown only now. The game
    starts by itself when its last seat is taken, or earlier by `POST …/start`.
    `bots` seats bots after you (a table they fill starts at once); `stand_in` lets
    bots stand in for players who leave.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameCreated | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewGame,

) -> Response[GameCreated | Problem]:
    """ Create a game (and, by default, take its first seat)

     For a private game the answer holds its invite code, shown only now. The game
    starts by itself when its last seat is taken, or earlier by `POST …/start`.
    `bots` seats bots after you (a table they fill starts at once); `stand_in` lets
    bots stand in for players who leave.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameCreated | Problem]
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
    body: NewGame,

) -> GameCreated | Problem | None:
    """ Create a game (and, by default, take its first seat)

     For a private game the answer holds its invite code, shown only now. The game
    starts by itself when its last seat is taken, or earlier by `POST …/start`.
    `bots` seats bots after you (a table they fill starts at once); `stand_in` lets
    bots stand in for players who leave.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameCreated | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
