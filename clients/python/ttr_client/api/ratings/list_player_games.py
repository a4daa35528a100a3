from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.list_player_games_result import ListPlayerGamesResult
from ...models.map_name import MapName
from ...models.player_games import PlayerGames
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    user_id: str,
    *,
    map_: MapName | Unset = UNSET,
    result: ListPlayerGamesResult | Unset = UNSET,
    opponent: str | Unset = UNSET,
    before: int | Unset = UNSET,
    limit: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_map_: str | Unset = UNSET
    if not isinstance(map_, Unset):
        json_map_ = map_.value

    params["map"] = json_map_

    json_result: str | Unset = UNSET
    if not isinstance(result, Unset):
        json_result = result.value

    params["result"] = json_result

    params["opponent"] = opponent

    params["before"] = before

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/users/{user_id}/games".format(user_id=quote(str(user_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PlayerGames | Problem:
    if response.status_code == 200:
        response_200 = PlayerGames.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PlayerGames | Problem]:
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
    map_: MapName | Unset = UNSET,
    result: ListPlayerGamesResult | Unset = UNSET,
    opponent: str | Unset = UNSET,
    before: int | Unset = UNSET,
    limit: int | Unset = UNSET,

) -> Response[PlayerGames | Problem]:
    """ A player's finished games, latest first (filters: map, result, opponent)

     Only the games you may see: a private game is listed only to its players, its
    creator and the operator.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        user_id (str):
        map_ (MapName | Unset):
        result (ListPlayerGamesResult | Unset):
        opponent (str | Unset):
        before (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerGames | Problem]
     """


    kwargs = _get_kwargs(
        user_id=user_id,
map_=map_,
result=result,
opponent=opponent,
before=before,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    user_id: str,
    *,
    client: AuthenticatedClient,
    map_: MapName | Unset = UNSET,
    result: ListPlayerGamesResult | Unset = UNSET,
    opponent: str | Unset = UNSET,
    before: int | Unset = UNSET,
    limit: int | Unset = UNSET,

) -> PlayerGames | Problem | None:
    """ A player's finished games, latest first (filters: map, result, opponent)

     Only the games you may see: a private game is listed only to its players, its
    creator and the operator.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        user_id (str):
        map_ (MapName | Unset):
        result (ListPlayerGamesResult | Unset):
        opponent (str | Unset):
        before (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerGames | Problem
     """


    return sync_detailed(
        user_id=user_id,
client=client,
map_=map_,
result=result,
opponent=opponent,
before=before,
limit=limit,

    ).parsed

async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    map_: MapName | Unset = UNSET,
    result: ListPlayerGamesResult | Unset = UNSET,
    opponent: str | Unset = UNSET,
    before: int | Unset = UNSET,
    limit: int | Unset = UNSET,

) -> Response[PlayerGames | Problem]:
    """ A player's finished games, latest first (filters: map, result, opponent)

     Only the games you may see: a private game is listed only to its players, its
    creator and the operator.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        user_id (str):
        map_ (MapName | Unset):
        result (ListPlayerGamesResult | Unset):
        opponent (str | Unset):
        before (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerGames | Problem]
     """


    kwargs = _get_kwargs(
        user_id=user_id,
map_=map_,
result=result,
opponent=opponent,
before=before,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    user_id: str,
    *,
    client: AuthenticatedClient,
    map_: MapName | Unset = UNSET,
    result: ListPlayerGamesResult | Unset = UNSET,
    opponent: str | Unset = UNSET,
    before: int | Unset = UNSET,
    limit: int | Unset = UNSET,

) -> PlayerGames | Problem | None:
    """ A player's finished games, latest first (filters: map, result, opponent)

     Only the games you may see: a private game is listed only to its players, its
    creator and the operator.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        user_id (str):
        map_ (MapName | Unset):
        result (ListPlayerGamesResult | Unset):
        opponent (str | Unset):
        before (int | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerGames | Problem
     """


    return (await asyncio_detailed(
        user_id=user_id,
client=client,
map_=map_,
result=result,
opponent=opponent,
before=before,
limit=limit,

    )).parsed
