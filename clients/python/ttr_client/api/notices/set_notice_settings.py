from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.new_notice_settings import NewNoticeSettings
from ...models.notice_settings import NoticeSettings
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: NewNoticeSettings,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/users/me/notice-settings",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> NoticeSettings | Problem:
    if response.status_code == 200:
        response_200 = NoticeSettings.from_dict(response.json())



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

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[NoticeSettings | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewNoticeSettings,

) -> Response[NoticeSettings | Problem]:
    """ Choose what you are told, and how

     Replaces your settings: per kind of notice a channel (the kinds left out keep
    their defaults), a digest, quiet hours in your time zone.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewNoticeSettings):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NoticeSettings | Problem]
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
    body: NewNoticeSettings,

) -> NoticeSettings | Problem | None:
    """ Choose what you are told, and how

     Replaces your settings: per kind of notice a channel (the kinds left out keep
    their defaults), a digest, quiet hours in your time zone.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewNoticeSettings):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NoticeSettings | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewNoticeSettings,

) -> Response[NoticeSettings | Problem]:
    """ Choose what you are told, and how

     Replaces your settings: per kind of notice a channel (the kinds left out keep
    their defaults), a digest, quiet hours in your time zone.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewNoticeSettings):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NoticeSettings | Problem]
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
    body: NewNoticeSettings,

) -> NoticeSettings | Problem | None:
    """ Choose what you are told, and how

     Replaces your settings: per kind of notice a channel (the kinds left out keep
    their defaults), a digest, quiet hours in your time zone.

    **Scope:** `admin` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewNoticeSettings):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NoticeSettings | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
