from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.game import Game
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    if_none_match: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match



    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}".format(game_id=quote(str(game_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Game | Problem:
    if response.status_code == 200:
        response_200 = Game.from_dict(response.json())



        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Game | Problem]:
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
    if_none_match: str | Unset = UNSET,

) -> Response[Any | Game | Problem]:
    """ The game as you may see it

     The public state (market, counts of cards and tickets, each player's trains,
    stations, routes and points so far, whose turn, the phase) and, for a seated
    caller only, `you`: their hand, tickets and pending choice. `ETag` is the version.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Game | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
if_none_match=if_none_match,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,

) -> Any | Game | Problem | None:
    """ The game as you may see it

     The public state (market, counts of cards and tickets, each player's trains,
    stations, routes and points so far, whose turn, the phase) and, for a seated
    caller only, `you`: their hand, tickets and pending choice. `ETag` is the version.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Game | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
if_none_match=if_none_match,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,

) -> Response[Any | Game | Problem]:
    """ The game as you may see it

     The public state (market, counts of cards and tickets, each player's trains,
    stations, routes and points so far, whose turn, the phase) and, for a seated
    caller only, `you`: their hand, tickets and pending choice. `ETag` is the version.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Game | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
if_none_match=if_none_match,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,

) -> Any | Game | Problem | None:
    """ The game as you may see it

     The public state (market, counts of cards and tickets, each player's trains,
    stations, routes and points so far, whose turn, the phase) and, for a seated
    caller only, `you`: their hand, tickets and pending choice. `ETag` is the version.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Game | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
if_none_match=if_none_match,

    )).parsed
