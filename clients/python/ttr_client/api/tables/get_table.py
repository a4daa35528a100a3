from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.table import Table
from typing import cast



def _get_kwargs(
    game_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/table".format(game_id=quote(str(game_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Table:
    if response.status_code == 200:
        response_200 = Table.from_dict(response.json())



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

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Table]:
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

) -> Response[Problem | Table]:
    """ The game, its events and your moves, at one version

     What a table needs to be drawn, read at once from one state of the game: `game`
    as `GET /v1/games/{game_id}` answers it, `events` as `GET …/events?after=0`
    does (up to the game's version), and, if you hold a seat, `moves` as `GET
    …/moves` does (else null). All three are of the version `game.version`, so a
    client need not reconcile reads that straddle a change; follow the game from
    there with `GET …/events` (a stream with `Last-Event-ID` that version).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Table]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Problem | Table | None:
    """ The game, its events and your moves, at one version

     What a table needs to be drawn, read at once from one state of the game: `game`
    as `GET /v1/games/{game_id}` answers it, `events` as `GET …/events?after=0`
    does (up to the game's version), and, if you hold a seat, `moves` as `GET
    …/moves` does (else null). All three are of the version `game.version`, so a
    client need not reconcile reads that straddle a change; follow the game from
    there with `GET …/events` (a stream with `Last-Event-ID` that version).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Table
     """


    return sync_detailed(
        game_id=game_id,
client=client,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Problem | Table]:
    """ The game, its events and your moves, at one version

     What a table needs to be drawn, read at once from one state of the game: `game`
    as `GET /v1/games/{game_id}` answers it, `events` as `GET …/events?after=0`
    does (up to the game's version), and, if you hold a seat, `moves` as `GET
    …/moves` does (else null). All three are of the version `game.version`, so a
    client need not reconcile reads that straddle a change; follow the game from
    there with `GET …/events` (a stream with `Last-Event-ID` that version).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Table]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Problem | Table | None:
    """ The game, its events and your moves, at one version

     What a table needs to be drawn, read at once from one state of the game: `game`
    as `GET /v1/games/{game_id}` answers it, `events` as `GET …/events?after=0`
    does (up to the game's version), and, if you hold a seat, `moves` as `GET
    …/moves` does (else null). All three are of the version `game.version`, so a
    client need not reconcile reads that straddle a change; follow the game from
    there with `GET …/events` (a stream with `Last-Event-ID` that version).

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Table
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,

    )).parsed
