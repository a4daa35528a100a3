from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.new_push_subscription import NewPushSubscription
from ...models.problem import Problem
from ...models.push_subscription import PushSubscription
from typing import cast



def _get_kwargs(
    *,
    body: NewPushSubscription,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/users/me/push-subscriptions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | PushSubscription:
    if response.status_code == 200:
        response_200 = PushSubscription.from_dict(response.json())



        return response_200

    if response.status_code == 201:
        response_201 = PushSubscription.from_dict(response.json())



        return response_201

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

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | PushSubscription]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewPushSubscription,

) -> Response[Problem | PushSubscription]:
    """ Allow push notifications in a browser

     The body is the browser's `PushSubscription.toJSON()` as it is: `endpoint`,
    `keys.p256dh`, `keys.auth` (and `expirationTime`, not used). Your notices are
    pushed there, encrypted for that browser alone, until you remove it or its
    push service says it is gone. Up to 10 browsers: an 11th replaces the oldest.
    An endpoint that is not https, or on a private address, and keys that are not
    keys get 400 `invalid-request` naming the rule in `errors`.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewPushSubscription):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PushSubscription]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: NewPushSubscription,

) -> Problem | PushSubscription | None:
    """ Allow push notifications in a browser

     The body is the browser's `PushSubscription.toJSON()` as it is: `endpoint`,
    `keys.p256dh`, `keys.auth` (and `expirationTime`, not used). Your notices are
    pushed there, encrypted for that browser alone, until you remove it or its
    push service says it is gone. Up to 10 browsers: an 11th replaces the oldest.
    An endpoint that is not https, or on a private address, and keys that are not
    keys get 400 `invalid-request` naming the rule in `errors`.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewPushSubscription):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PushSubscription
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewPushSubscription,

) -> Response[Problem | PushSubscription]:
    """ Allow push notifications in a browser

     The body is the browser's `PushSubscription.toJSON()` as it is: `endpoint`,
    `keys.p256dh`, `keys.auth` (and `expirationTime`, not used). Your notices are
    pushed there, encrypted for that browser alone, until you remove it or its
    push service says it is gone. Up to 10 browsers: an 11th replaces the oldest.
    An endpoint that is not https, or on a private address, and keys that are not
    keys get 400 `invalid-request` naming the rule in `errors`.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewPushSubscription):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PushSubscription]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NewPushSubscription,

) -> Problem | PushSubscription | None:
    """ Allow push notifications in a browser

     The body is the browser's `PushSubscription.toJSON()` as it is: `endpoint`,
    `keys.p256dh`, `keys.auth` (and `expirationTime`, not used). Your notices are
    pushed there, encrypted for that browser alone, until you remove it or its
    push service says it is gone. Up to 10 browsers: an 11th replaces the oldest.
    An endpoint that is not https, or on a private address, and keys that are not
    keys get 400 `invalid-request` naming the rule in `errors`.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewPushSubscription):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PushSubscription
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
