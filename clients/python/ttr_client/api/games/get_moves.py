from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.legal_moves import LegalMoves
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    min_version: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["min_version"] = min_version


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/moves".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LegalMoves | Problem:
    if response.status_code == 200:
        response_200 = LegalMoves.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[LegalMoves | Problem]:
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
    min_version: int | Unset = UNSET,

) -> Response[LegalMoves | Problem]:
    """ Every legal command for you now, exactly as POST …/actions accepts it

     With `min_version` (a version you have seen), the answer may come from the state
    this server process holds, when it has heard of nothing newer or knew it to be
    the latest a tenth of a second ago: no read of the log, so a bot's turn costs
    less. Its `version` says which state it is.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        min_version (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LegalMoves | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
min_version=min_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    min_version: int | Unset = UNSET,

) -> LegalMoves | Problem | None:
    """ Every legal command for you now, exactly as POST …/actions accepts it

     With `min_version` (a version you have seen), the answer may come from the state
    this server process holds, when it has heard of nothing newer or knew it to be
    the latest a tenth of a second ago: no read of the log, so a bot's turn costs
    less. Its `version` says which state it is.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        min_version (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LegalMoves | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
min_version=min_version,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    min_version: int | Unset = UNSET,

) -> Response[LegalMoves | Problem]:
    """ Every legal command for you now, exactly as POST …/actions accepts it

     With `min_version` (a version you have seen), the answer may come from the state
    this server process holds, when it has heard of nothing newer or knew it to be
    the latest a tenth of a second ago: no read of the log, so a bot's turn costs
    less. Its `version` says which state it is.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        min_version (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LegalMoves | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
min_version=min_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    min_version: int | Unset = UNSET,

) -> LegalMoves | Problem | None:
    """ Every legal command for you now, exactly as POST …/actions accepts it

     With `min_version` (a version you have seen), the answer may come from the state
    this server process holds, when it has heard of nothing newer or knew it to be
    the latest a tenth of a second ago: no read of the log, so a bot's turn costs
    less. Its `version` says which state it is.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        min_version (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LegalMoves | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
min_version=min_version,

    )).parsed
