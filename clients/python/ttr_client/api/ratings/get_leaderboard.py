from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.leaderboard import Leaderboard
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    map_name: str,
    *,
    bots: bool | Unset = UNSET,
    offset: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    me: bool | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["bots"] = bots

    params["offset"] = offset

    params["limit"] = limit

    params["me"] = me


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leaderboards/{map_name}".format(map_name=quote(str(map_name), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Leaderboard | Problem:
    if response.status_code == 200:
        response_200 = Leaderboard.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Leaderboard | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    map_name: str,
    *,
    client: AuthenticatedClient,
    bots: bool | Unset = UNSET,
    offset: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    me: bool | Unset = UNSET,

) -> Response[Leaderboard | Problem]:
    """ A map's leaderboard, best rating first (bots on a board of their own)

     Only players with a minimum of rated games on the map are shown and ranked
    (`TTR_LEADERBOARD_MIN_GAMES`, 5 by default). `me=true` (with a token) adds the
    caller's own entry and rank.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        map_name (str):
        bots (bool | Unset):
        offset (int | Unset):
        limit (int | Unset):
        me (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
     """


    kwargs = _get_kwargs(
        map_name=map_name,
bots=bots,
offset=offset,
limit=limit,
me=me,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    map_name: str,
    *,
    client: AuthenticatedClient,
    bots: bool | Unset = UNSET,
    offset: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    me: bool | Unset = UNSET,

) -> Leaderboard | Problem | None:
    """ A map's leaderboard, best rating first (bots on a board of their own)

     Only players with a minimum of rated games on the map are shown and ranked
    (`TTR_LEADERBOARD_MIN_GAMES`, 5 by default). `me=true` (with a token) adds the
    caller's own entry and rank.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        map_name (str):
        bots (bool | Unset):
        offset (int | Unset):
        limit (int | Unset):
        me (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
     """


    return sync_detailed(
        map_name=map_name,
client=client,
bots=bots,
offset=offset,
limit=limit,
me=me,

    ).parsed

async def asyncio_detailed(
    map_name: str,
    *,
    client: AuthenticatedClient,
    bots: bool | Unset = UNSET,
    offset: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    me: bool | Unset = UNSET,

) -> Response[Leaderboard | Problem]:
    """ A map's leaderboard, best rating first (bots on a board of their own)

     Only players with a minimum of rated games on the map are shown and ranked
    (`TTR_LEADERBOARD_MIN_GAMES`, 5 by default). `me=true` (with a token) adds the
    caller's own entry and rank.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        map_name (str):
        bots (bool | Unset):
        offset (int | Unset):
        limit (int | Unset):
        me (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
     """


    kwargs = _get_kwargs(
        map_name=map_name,
bots=bots,
offset=offset,
limit=limit,
me=me,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    map_name: str,
    *,
    client: AuthenticatedClient,
    bots: bool | Unset = UNSET,
    offset: int | Unset = UNSET,
    limit: int | Unset = UNSET,
    me: bool | Unset = UNSET,

) -> Leaderboard | Problem | None:
    """ A map's leaderboard, best rating first (bots on a board of their own)

     Only players with a minimum of rated games on the map are shown and ranked
    (`TTR_LEADERBOARD_MIN_GAMES`, 5 by default). `me=true` (with a token) adds the
    caller's own entry and rank.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        map_name (str):
        bots (bool | Unset):
        offset (int | Unset):
        limit (int | Unset):
        me (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
     """


    return (await asyncio_detailed(
        map_name=map_name,
client=client,
bots=bots,
offset=offset,
limit=limit,
me=me,

    )).parsed
