from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.mail_code import MailCode
from ...models.problem import Problem
from ...models.signed_in import SignedIn
from typing import cast



def _get_kwargs(
    *,
    body: MailCode,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/signin/mail-code",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SignedIn:
    if response.status_code == 201:
        response_201 = SignedIn.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 410:
        response_410 = Problem.from_dict(response.json())



        return response_410

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SignedIn]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: MailCode,

) -> Response[Problem | SignedIn]:
    """ Sign in with a code sent by e-mail

     Exchanges the code of a sign-in mail (once, within 15 minutes) for a new bearer
    token of its account, shown only now; the account's other tokens keep working.

    Args:
        body (MailCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SignedIn]
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
    body: MailCode,

) -> Problem | SignedIn | None:
    """ Sign in with a code sent by e-mail

     Exchanges the code of a sign-in mail (once, within 15 minutes) for a new bearer
    token of its account, shown only now; the account's other tokens keep working.

    Args:
        body (MailCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SignedIn
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: MailCode,

) -> Response[Problem | SignedIn]:
    """ Sign in with a code sent by e-mail

     Exchanges the code of a sign-in mail (once, within 15 minutes) for a new bearer
    token of its account, shown only now; the account's other tokens keep working.

    Args:
        body (MailCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SignedIn]
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
    body: MailCode,

) -> Problem | SignedIn | None:
    """ Sign in with a code sent by e-mail

     Exchanges the code of a sign-in mail (once, within 15 minutes) for a new bearer
    token of its account, shown only now; the account's other tokens keep working.

    Args:
        body (MailCode):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SignedIn
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
