from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.board import Board
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    map_name: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/maps/{map_name}".format(map_name=quote(str(map_name), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Board | Problem:
    if response.status_code == 200:
        response_200 = Board.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Board | Problem]:
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

) -> Response[Board | Problem]:
    """ A board: cities, routes (with their ids), tickets and rules

    Args:
        map_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Board | Problem]
     """


    kwargs = _get_kwargs(
        map_name=map_name,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    map_name: str,
    *,
    client: AuthenticatedClient,

) -> Board | Problem | None:
    """ A board: cities, routes (with their ids), tickets and rules

    Args:
        map_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Board | Problem
     """


    return sync_detailed(
        map_name=map_name,
client=client,

    ).parsed

async def asyncio_detailed(
    map_name: str,
    *,
    client: AuthenticatedClient,

) -> Response[Board | Problem]:
    """ A board: cities, routes (with their ids), tickets and rules

    Args:
        map_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Board | Problem]
     """


    kwargs = _get_kwargs(
        map_name=map_name,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    map_name: str,
    *,
    client: AuthenticatedClient,

) -> Board | Problem | None:
    """ A board: cities, routes (with their ids), tickets and rules

    Args:
        map_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Board | Problem
     """


    return (await asyncio_detailed(
        map_name=map_name,
client=client,

    )).parsed
