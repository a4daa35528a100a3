from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.analysis import Analysis
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    game_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/analysis".format(game_id=quote(str(game_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Analysis | Problem:
    if response.status_code == 200:
        response_200 = Analysis.from_dict(response.json())



        return response_200

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Analysis | Problem]:
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

) -> Response[Analysis | Problem]:
    """ A finished game's analysis: score after every turn, ticket timeline, cards,
    routes, tunnels, kinds of turns, swing moves, win chances and rating changes

     See docs/analysis.md for the definitions (a turn, a ticket's completion, a swing).
    A share of the game (`Authorization: Share <capability>`) reads it too.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Analysis | Problem]
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

) -> Analysis | Problem | None:
    """ A finished game's analysis: score after every turn, ticket timeline, cards,
    routes, tunnels, kinds of turns, swing moves, win chances and rating changes

     See docs/analysis.md for the definitions (a turn, a ticket's completion, a swing).
    A share of the game (`Authorization: Share <capability>`) reads it too.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Analysis | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Analysis | Problem]:
    """ A finished game's analysis: score after every turn, ticket timeline, cards,
    routes, tunnels, kinds of turns, swing moves, win chances and rating changes

     See docs/analysis.md for the definitions (a turn, a ticket's completion, a swing).
    A share of the game (`Authorization: Share <capability>`) reads it too.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Analysis | Problem]
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

) -> Analysis | Problem | None:
    """ A finished game's analysis: score after every turn, ticket timeline, cards,
    routes, tunnels, kinds of turns, swing moves, win chances and rating changes

     See docs/analysis.md for the definitions (a turn, a ticket's completion, a swing).
    A share of the game (`Authorization: Share <capability>`) reads it too.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Analysis | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,

    )).parsed
