from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.tournament import Tournament
from typing import cast



def _get_kwargs(
    tournament_id: str,
    entrant_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/tournaments/{tournament_id}/entrants/{entrant_id}".format(tournament_id=quote(str(tournament_id), safe=""),entrant_id=quote(str(entrant_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Tournament:
    if response.status_code == 200:
        response_200 = Tournament.from_dict(response.json())



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

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Tournament]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    entrant_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Problem | Tournament]:
    """ Leave a tournament before its start (`me`), or, as its organiser, take out an
    entrant

     **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        tournament_id (str):
        entrant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tournament]
     """


    kwargs = _get_kwargs(
        tournament_id=tournament_id,
entrant_id=entrant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    tournament_id: str,
    entrant_id: str,
    *,
    client: AuthenticatedClient,

) -> Problem | Tournament | None:
    """ Leave a tournament before its start (`me`), or, as its organiser, take out an
    entrant

     **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        tournament_id (str):
        entrant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tournament
     """


    return sync_detailed(
        tournament_id=tournament_id,
entrant_id=entrant_id,
client=client,

    ).parsed

async def asyncio_detailed(
    tournament_id: str,
    entrant_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Problem | Tournament]:
    """ Leave a tournament before its start (`me`), or, as its organiser, take out an
    entrant

     **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        tournament_id (str):
        entrant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tournament]
     """


    kwargs = _get_kwargs(
        tournament_id=tournament_id,
entrant_id=entrant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    tournament_id: str,
    entrant_id: str,
    *,
    client: AuthenticatedClient,

) -> Problem | Tournament | None:
    """ Leave a tournament before its start (`me`), or, as its organiser, take out an
    entrant

     **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        tournament_id (str):
        entrant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tournament
     """


    return (await asyncio_detailed(
        tournament_id=tournament_id,
entrant_id=entrant_id,
client=client,

    )).parsed
