from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.new_entrant import NewEntrant
from ...models.problem import Problem
from ...models.tournament import Tournament
from typing import cast



def _get_kwargs(
    tournament_id: str,
    *,
    body: NewEntrant,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tournaments/{tournament_id}/entrants".format(tournament_id=quote(str(tournament_id), safe=""),),
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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

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
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: NewEntrant,

) -> Response[Problem | Tournament]:
    """ Join a tournament (or, as its organiser, add a bot or invite a player)

     **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        tournament_id (str):
        body (NewEntrant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tournament]
     """


    kwargs = _get_kwargs(
        tournament_id=tournament_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: NewEntrant,

) -> Problem | Tournament | None:
    """ Join a tournament (or, as its organiser, add a bot or invite a player)

     **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        tournament_id (str):
        body (NewEntrant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tournament
     """


    return sync_detailed(
        tournament_id=tournament_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: NewEntrant,

) -> Response[Problem | Tournament]:
    """ Join a tournament (or, as its organiser, add a bot or invite a player)

     **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        tournament_id (str):
        body (NewEntrant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Tournament]
     """


    kwargs = _get_kwargs(
        tournament_id=tournament_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: NewEntrant,

) -> Problem | Tournament | None:
    """ Join a tournament (or, as its organiser, add a bot or invite a player)

     **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        tournament_id (str):
        body (NewEntrant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Tournament
     """


    return (await asyncio_detailed(
        tournament_id=tournament_id,
client=client,
body=body,

    )).parsed
