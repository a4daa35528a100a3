from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.new_tournament import NewTournament
from ...models.problem import Problem
from ...models.tournament import Tournament
from typing import cast



def _get_kwargs(
    *,
    body: NewTournament,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Tournament:
    if response.status_code == 201:
        response_201 = Tournament.from_dict(response.json())



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
    *,
    client: AuthenticatedClient,
    body: NewTournament,

) -> Response[Problem | Tournament]:
    """ Organise a tournament

     Players (and, if allowed, bots the organiser adds) join until `starts_at`;
    then each round the server seats them Swiss-style, creates the games, and
    pairs the next round when every game has ended (docs/tournaments.md).

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewTournament):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tournament]
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
    body: NewTournament,

) -> Problem | Tournament | None:
    """ Organise a tournament

     Players (and, if allowed, bots the organiser adds) join until `starts_at`;
    then each round the server seats them Swiss-style, creates the games, and
    pairs the next round when every game has ended (docs/tournaments.md).

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewTournament):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tournament
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewTournament,

) -> Response[Problem | Tournament]:
    """ Organise a tournament

     Players (and, if allowed, bots the organiser adds) join until `starts_at`;
    then each round the server seats them Swiss-style, creates the games, and
    pairs the next round when every game has ended (docs/tournaments.md).

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewTournament):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tournament]
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
    body: NewTournament,

) -> Problem | Tournament | None:
    """ Organise a tournament

     Players (and, if allowed, bots the organiser adds) join until `starts_at`;
    then each round the server seats them Swiss-style, creates the games, and
    pairs the next round when every game has ended (docs/tournaments.md).

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewTournament):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tournament
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
