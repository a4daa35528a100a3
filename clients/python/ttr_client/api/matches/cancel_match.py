from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.match import Match
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    request_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/matches/{request_id}".format(request_id=quote(str(request_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Match | Problem:
    if response.status_code == 200:
        response_200 = Match.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Match | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    request_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Match | Problem]:
    """ Cancel your request

     A waiting request is cancelled; a matched one stays matched (its game has
    started: leave it as any game).

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        request_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Match | Problem]
     """


    kwargs = _get_kwargs(
        request_id=request_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    request_id: str,
    *,
    client: AuthenticatedClient,

) -> Match | Problem | None:
    """ Cancel your request

     A waiting request is cancelled; a matched one stays matched (its game has
    started: leave it as any game).

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        request_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Match | Problem
     """


    return sync_detailed(
        request_id=request_id,
client=client,

    ).parsed

async def asyncio_detailed(
    request_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Match | Problem]:
    """ Cancel your request

     A waiting request is cancelled; a matched one stays matched (its game has
    started: leave it as any game).

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        request_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Match | Problem]
     """


    kwargs = _get_kwargs(
        request_id=request_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    request_id: str,
    *,
    client: AuthenticatedClient,

) -> Match | Problem | None:
    """ Cancel your request

     A waiting request is cancelled; a matched one stays matched (its game has
    started: leave it as any game).

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        request_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Match | Problem
     """


    return (await asyncio_detailed(
        request_id=request_id,
client=client,

    )).parsed
