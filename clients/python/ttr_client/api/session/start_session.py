from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.session import Session
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/session",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Session:
    if response.status_code == 201:
        response_201 = Session.from_dict(response.json())



        return response_201

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Session]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[Problem | Session]:
    """ Trade a token for a session cookie (the web client)

     The answer sets an `HttpOnly`, `Secure`, `SameSite=Strict` cookie holding a
    new session: a token of the account named `web session`, granting the scopes of
    the token sent, that expires after 30 days and is listed and revoked with the
    account's tokens. A page then sends no `Authorization` header: the browser
    sends the cookie. A request the cookie signs that could change something must
    come from the page itself: same origin (`Origin`, `Sec-Fetch-Site`) and the
    header `X-TTR-Client: web`; otherwise 403 `forbidden` (`cross_site_request`).
    API clients keep sending their bearer token and need no session.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Session]
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

) -> Problem | Session | None:
    """ Trade a token for a session cookie (the web client)

     The answer sets an `HttpOnly`, `Secure`, `SameSite=Strict` cookie holding a
    new session: a token of the account named `web session`, granting the scopes of
    the token sent, that expires after 30 days and is listed and revoked with the
    account's tokens. A page then sends no `Authorization` header: the browser
    sends the cookie. A request the cookie signs that could change something must
    come from the page itself: same origin (`Origin`, `Sec-Fetch-Site`) and the
    header `X-TTR-Client: web`; otherwise 403 `forbidden` (`cross_site_request`).
    API clients keep sending their bearer token and need no session.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Session
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[Problem | Session]:
    """ Trade a token for a session cookie (the web client)

     The answer sets an `HttpOnly`, `Secure`, `SameSite=Strict` cookie holding a
    new session: a token of the account named `web session`, granting the scopes of
    the token sent, that expires after 30 days and is listed and revoked with the
    account's tokens. A page then sends no `Authorization` header: the browser
    sends the cookie. A request the cookie signs that could change something must
    come from the page itself: same origin (`Origin`, `Sec-Fetch-Site`) and the
    header `X-TTR-Client: web`; otherwise 403 `forbidden` (`cross_site_request`).
    API clients keep sending their bearer token and need no session.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Session]
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

) -> Problem | Session | None:
    """ Trade a token for a session cookie (the web client)

     The answer sets an `HttpOnly`, `Secure`, `SameSite=Strict` cookie holding a
    new session: a token of the account named `web session`, granting the scopes of
    the token sent, that expires after 30 days and is listed and revoked with the
    account's tokens. A page then sends no `Authorization` header: the browser
    sends the cookie. A request the cookie signs that could change something must
    come from the page itself: same origin (`Origin`, `Sec-Fetch-Site`) and the
    header `X-TTR-Client: web`; otherwise 403 `forbidden` (`cross_site_request`).
    API clients keep sending their bearer token and need no session.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Session
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
