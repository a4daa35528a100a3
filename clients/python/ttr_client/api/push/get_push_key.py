from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.push_key import PushKey
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/push-key",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | PushKey:
    if response.status_code == 200:
        response_200 = PushKey.from_dict(response.json())



        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | PushKey]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[Problem | PushKey]:
    """ The server's VAPID public key

     What a browser subscribes with (`pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`) before the subscription is posted to
    `POST /v1/users/me/push-subscriptions`. 404 when the server sends no push.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PushKey]
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

) -> Problem | PushKey | None:
    """ The server's VAPID public key

     What a browser subscribes with (`pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`) before the subscription is posted to
    `POST /v1/users/me/push-subscriptions`. 404 when the server sends no push.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PushKey
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[Problem | PushKey]:
    """ The server's VAPID public key

     What a browser subscribes with (`pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`) before the subscription is posted to
    `POST /v1/users/me/push-subscriptions`. 404 when the server sends no push.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PushKey]
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

) -> Problem | PushKey | None:
    """ The server's VAPID public key

     What a browser subscribes with (`pushManager.subscribe({userVisibleOnly: true,
    applicationServerKey})`) before the subscription is posted to
    `POST /v1/users/me/push-subscriptions`. 404 when the server sends no push.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PushKey
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
