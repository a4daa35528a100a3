from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.new_mail_address import NewMailAddress
from ...models.problem import Problem
from ...models.verification_sent import VerificationSent
from typing import cast



def _get_kwargs(
    *,
    body: NewMailAddress,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/users/me/mail-address",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | VerificationSent:
    if response.status_code == 202:
        response_202 = VerificationSent.from_dict(response.json())



        return response_202

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

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | VerificationSent]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewMailAddress,

) -> Response[Problem | VerificationSent]:
    """ Add or replace your e-mail address

     Mails a link to the address; it becomes yours (replacing any other) when the
    link is opened, within 30 minutes. It is never shown to anyone else.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewMailAddress):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VerificationSent]
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
    body: NewMailAddress,

) -> Problem | VerificationSent | None:
    """ Add or replace your e-mail address

     Mails a link to the address; it becomes yours (replacing any other) when the
    link is opened, within 30 minutes. It is never shown to anyone else.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewMailAddress):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VerificationSent
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewMailAddress,

) -> Response[Problem | VerificationSent]:
    """ Add or replace your e-mail address

     Mails a link to the address; it becomes yours (replacing any other) when the
    link is opened, within 30 minutes. It is never shown to anyone else.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewMailAddress):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VerificationSent]
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
    body: NewMailAddress,

) -> Problem | VerificationSent | None:
    """ Add or replace your e-mail address

     Mails a link to the address; it becomes yours (replacing any other) when the
    link is opened, within 30 minutes. It is never shown to anyone else.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewMailAddress):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VerificationSent
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
