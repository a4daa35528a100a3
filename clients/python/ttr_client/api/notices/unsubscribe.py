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
    token: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/unsubscribe/{token}".format(token=quote(str(token), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

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
    token: str,
    *,
    client: AuthenticatedClient,

) -> Response[Any | Problem]:
    """ Unsubscribe in one click (RFC 8058)

     The `List-Unsubscribe` URL of every notice mail: a mail program POSTs
    `List-Unsubscribe=One-Click` to it. Turns off every kind of notice by mail; push
    notices stay as they were.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        token=token,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    token: str,
    *,
    client: AuthenticatedClient,

) -> Any | Problem | None:
    """ Unsubscribe in one click (RFC 8058)

     The `List-Unsubscribe` URL of every notice mail: a mail program POSTs
    `List-Unsubscribe=One-Click` to it. Turns off every kind of notice by mail; push
    notices stay as they were.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return sync_detailed(
        token=token,
client=client,

    ).parsed

async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient,

) -> Response[Any | Problem]:
    """ Unsubscribe in one click (RFC 8058)

     The `List-Unsubscribe` URL of every notice mail: a mail program POSTs
    `List-Unsubscribe=One-Click` to it. Turns off every kind of notice by mail; push
    notices stay as they were.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        token=token,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient,

) -> Any | Problem | None:
    """ Unsubscribe in one click (RFC 8058)

     The `List-Unsubscribe` URL of every notice mail: a mail program POSTs
    `List-Unsubscribe=One-Click` to it. Turns off every kind of notice by mail; push
    notices stay as they were.

    Args:
        token (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return (await asyncio_detailed(
        token=token,
client=client,

    )).parsed
