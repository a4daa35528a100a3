from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.profile import Profile
from typing import cast



def _get_kwargs(
    user_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/users/{user_id}".format(user_id=quote(str(user_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Profile:
    if response.status_code == 200:
        response_200 = Profile.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Profile]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Problem | Profile]:
    """ A player's public profile: ratings per map, results and habits

     The results and habits (games, wins, scores, tickets, routes) count the games
    you may see: a private game counts only for its players, its creator and the
    operator. A rating, and its number of rated games, is one figure for every
    reader and counts every rated game, private ones included.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        user_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Profile]
     """


    kwargs = _get_kwargs(
        user_id=user_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    user_id: str,
    *,
    client: AuthenticatedClient,

) -> Problem | Profile | None:
    """ A player's public profile: ratings per map, results and habits

     The results and habits (games, wins, scores, tickets, routes) count the games
    you may see: a private game counts only for its players, its creator and the
    operator. A rating, and its number of rated games, is one figure for every
    reader and counts every rated game, private ones included.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        user_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Profile
     """


    return sync_detailed(
        user_id=user_id,
client=client,

    ).parsed

async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Problem | Profile]:
    """ A player's public profile: ratings per map, results and habits

     The results and habits (games, wins, scores, tickets, routes) count the games
    you may see: a private game counts only for its players, its creator and the
    operator. A rating, and its number of rated games, is one figure for every
    reader and counts every rated game, private ones included.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        user_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Profile]
     """


    kwargs = _get_kwargs(
        user_id=user_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    user_id: str,
    *,
    client: AuthenticatedClient,

) -> Problem | Profile | None:
    """ A player's public profile: ratings per map, results and habits

     The results and habits (games, wins, scores, tickets, routes) count the games
    you may see: a private game counts only for its players, its creator and the
    operator. A rating, and its number of rated games, is one figure for every
    reader and counts every rated game, private ones included.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        user_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Profile
     """


    return (await asyncio_detailed(
        user_id=user_id,
client=client,

    )).parsed
