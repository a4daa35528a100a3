from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.delivery_list import DeliveryList
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    limit: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/users/me/webhook/deliveries",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DeliveryList | Problem:
    if response.status_code == 200:
        response_200 = DeliveryList.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DeliveryList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,

) -> Response[DeliveryList | Problem]:
    """ Your deliveries, newest first, with every attempt

     Pending deliveries show when their next attempt is due; a delivery is
    `failed` after its last attempt (or when the webhook was removed). Deliveries
    are kept 30 days.

    **Scope:** `webhooks` (a token without it gets 403 `insufficient-scope`).

    Args:
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryList | Problem]
     """


    kwargs = _get_kwargs(
        limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,

) -> DeliveryList | Problem | None:
    """ Your deliveries, newest first, with every attempt

     Pending deliveries show when their next attempt is due; a delivery is
    `failed` after its last attempt (or when the webhook was removed). Deliveries
    are kept 30 days.

    **Scope:** `webhooks` (a token without it gets 403 `insufficient-scope`).

    Args:
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryList | Problem
     """


    return sync_detailed(
        client=client,
limit=limit,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,

) -> Response[DeliveryList | Problem]:
    """ Your deliveries, newest first, with every attempt

     Pending deliveries show when their next attempt is due; a delivery is
    `failed` after its last attempt (or when the webhook was removed). Deliveries
    are kept 30 days.

    **Scope:** `webhooks` (a token without it gets 403 `insufficient-scope`).

    Args:
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryList | Problem]
     """


    kwargs = _get_kwargs(
        limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = UNSET,

) -> DeliveryList | Problem | None:
    """ Your deliveries, newest first, with every attempt

     Pending deliveries show when their next attempt is due; a delivery is
    `failed` after its last attempt (or when the webhook was removed). Deliveries
    are kept 30 days.

    **Scope:** `webhooks` (a token without it gets 403 `insufficient-scope`).

    Args:
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryList | Problem
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,

    )).parsed
