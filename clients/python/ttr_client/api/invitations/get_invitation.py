from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.invitation import Invitation
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    invite_code: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(invite_code, Unset):
        headers["Invite-Code"] = invite_code



    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/invitation".format(game_id=quote(str(game_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Invitation | Problem:
    if response.status_code == 200:
        response_200 = Invitation.from_dict(response.json())



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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Invitation | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    invite_code: str | Unset = UNSET,

) -> Response[Invitation | Problem]:
    """ Who invites you to which table

     The creator's name at the table, its map and its seats (taken and in all). A
    private table answers only its players, its creator and whoever sends its
    invite code in `Invite-Code`.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        invite_code (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invitation | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
invite_code=invite_code,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    invite_code: str | Unset = UNSET,

) -> Invitation | Problem | None:
    """ Who invites you to which table

     The creator's name at the table, its map and its seats (taken and in all). A
    private table answers only its players, its creator and whoever sends its
    invite code in `Invite-Code`.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        invite_code (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Invitation | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
invite_code=invite_code,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    invite_code: str | Unset = UNSET,

) -> Response[Invitation | Problem]:
    """ Who invites you to which table

     The creator's name at the table, its map and its seats (taken and in all). A
    private table answers only its players, its creator and whoever sends its
    invite code in `Invite-Code`.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        invite_code (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Invitation | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
invite_code=invite_code,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    invite_code: str | Unset = UNSET,

) -> Invitation | Problem | None:
    """ Who invites you to which table

     The creator's name at the table, its map and its seats (taken and in all). A
    private table answers only its players, its creator and whoever sends its
    invite code in `Invite-Code`.

    **Scope:** `read` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        invite_code (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Invitation | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
invite_code=invite_code,

    )).parsed
