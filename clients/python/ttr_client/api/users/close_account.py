from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/users/me",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[Any | Problem]:
    """ Close the account

     At once: every token of the account stops working (in every server process),
    its webhook and its browsers' push subscriptions are deleted and its name is
    replaced by a neutral placeholder. Its seats are given up as a player would:
    it leaves every table not yet started and resigns every game in play (the
    others play on, or the game ends and is scored). Finished games keep their
    history unchanged. This cannot be undone.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> Any | Problem | None:
    """ Close the account

     At once: every token of the account stops working (in every server process),
    its webhook and its browsers' push subscriptions are deleted and its name is
    replaced by a neutral placeholder. Its seats are given up as a player would:
    it leaves every table not yet started and resigns every game in play (the
    others play on, or the game ends and is scored). Finished games keep their
    history unchanged. This cannot be undone.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[Any | Problem]:
    """ Close the account

     At once: every token of the account stops working (in every server process),
    its webhook and its browsers' push subscriptions are deleted and its name is
    replaced by a neutral placeholder. Its seats are given up as a player would:
    it leaves every table not yet started and resigns every game in play (the
    others play on, or the game ends and is scored). Finished games keep their
    history unchanged. This cannot be undone.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> Any | Problem | None:
    """ Close the account

     At once: every token of the account stops working (in every server process),
    its webhook and its browsers' push subscriptions are deleted and its name is
    replaced by a neutral placeholder. Its seats are given up as a player would:
    it leaves every table not yet started and resigns every game in play (the
    others play on, or the game ends and is scored). Finished games keep their
    history unchanged. This cannot be undone.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
