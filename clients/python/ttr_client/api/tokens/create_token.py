from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.new_token import NewToken
from ...models.problem import Problem
from ...models.token_created import TokenCreated
from typing import cast



def _get_kwargs(
    *,
    body: NewToken,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/users/me/tokens",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | TokenCreated:
    if response.status_code == 201:
        response_201 = TokenCreated.from_dict(response.json())



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

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | TokenCreated]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewToken,

) -> Response[Problem | TokenCreated]:
    """ Make a token

     Returns the token once (the server keeps only its hash). It grants the scopes
    asked for, none beyond those of the token that makes it, until it expires
    (`expires_in`) or is revoked. It never outlives the token that makes it: from
    an expiring token, `expires_in` may be no longer than that token has left
    (400 `invalid-request` otherwise), and left out, the new token expires with
    it. To rotate a token: make the new one, switch to it, revoke the old one:
    both work in between.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewToken):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TokenCreated]
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
    body: NewToken,

) -> Problem | TokenCreated | None:
    """ Make a token

     Returns the token once (the server keeps only its hash). It grants the scopes
    asked for, none beyond those of the token that makes it, until it expires
    (`expires_in`) or is revoked. It never outlives the token that makes it: from
    an expiring token, `expires_in` may be no longer than that token has left
    (400 `invalid-request` otherwise), and left out, the new token expires with
    it. To rotate a token: make the new one, switch to it, revoke the old one:
    both work in between.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewToken):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TokenCreated
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewToken,

) -> Response[Problem | TokenCreated]:
    """ Make a token

     Returns the token once (the server keeps only its hash). It grants the scopes
    asked for, none beyond those of the token that makes it, until it expires
    (`expires_in`) or is revoked. It never outlives the token that makes it: from
    an expiring token, `expires_in` may be no longer than that token has left
    (400 `invalid-request` otherwise), and left out, the new token expires with
    it. To rotate a token: make the new one, switch to it, revoke the old one:
    both work in between.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewToken):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TokenCreated]
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
    body: NewToken,

) -> Problem | TokenCreated | None:
    """ Make a token

     Returns the token once (the server keeps only its hash). It grants the scopes
    asked for, none beyond those of the token that makes it, until it expires
    (`expires_in`) or is revoked. It never outlives the token that makes it: from
    an expiring token, `expires_in` may be no longer than that token has left
    (400 `invalid-request` otherwise), and left out, the new token expires with
    it. To rotate a token: make the new one, switch to it, revoke the old one:
    both work in between.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewToken):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TokenCreated
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
