from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.away import Away
from ...models.new_vacation import NewVacation
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: NewVacation,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/users/me/vacation",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Away | Problem:
    if response.status_code == 201:
        response_201 = Away.from_dict(response.json())



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

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Away | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewVacation,

) -> Response[Away | Problem]:
    """ Declare days away

     `days` whole days from `starts_at` (now if absent). While you are away the turn
    deadlines of your correspondence games (a day or more per turn) are paused,
    each with a `deadline_paused` event in the game's log that every player sees;
    when you come back (`deadline_resumed`) a turn you were on gets the time it had
    left, so its deadline moves by the time away. Acting in a game ends the
    vacation there and then. Live games are not paused. Refused with 422 naming the
    rule: `vacation_allowance` (more than the days left of the year it starts in,
    `TTR_VACATION_DAYS` a year), `vacation_overlaps` (another of yours),
    `vacation_in_past`.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewVacation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Away | Problem]
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
    body: NewVacation,

) -> Away | Problem | None:
    """ Declare days away

     `days` whole days from `starts_at` (now if absent). While you are away the turn
    deadlines of your correspondence games (a day or more per turn) are paused,
    each with a `deadline_paused` event in the game's log that every player sees;
    when you come back (`deadline_resumed`) a turn you were on gets the time it had
    left, so its deadline moves by the time away. Acting in a game ends the
    vacation there and then. Live games are not paused. Refused with 422 naming the
    rule: `vacation_allowance` (more than the days left of the year it starts in,
    `TTR_VACATION_DAYS` a year), `vacation_overlaps` (another of yours),
    `vacation_in_past`.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewVacation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Away | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewVacation,

) -> Response[Away | Problem]:
    """ Declare days away

     `days` whole days from `starts_at` (now if absent). While you are away the turn
    deadlines of your correspondence games (a day or more per turn) are paused,
    each with a `deadline_paused` event in the game's log that every player sees;
    when you come back (`deadline_resumed`) a turn you were on gets the time it had
    left, so its deadline moves by the time away. Acting in a game ends the
    vacation there and then. Live games are not paused. Refused with 422 naming the
    rule: `vacation_allowance` (more than the days left of the year it starts in,
    `TTR_VACATION_DAYS` a year), `vacation_overlaps` (another of yours),
    `vacation_in_past`.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewVacation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Away | Problem]
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
    body: NewVacation,

) -> Away | Problem | None:
    """ Declare days away

     `days` whole days from `starts_at` (now if absent). While you are away the turn
    deadlines of your correspondence games (a day or more per turn) are paused,
    each with a `deadline_paused` event in the game's log that every player sees;
    when you come back (`deadline_resumed`) a turn you were on gets the time it had
    left, so its deadline moves by the time away. Acting in a game ends the
    vacation there and then. Live games are not paused. Refused with 422 naming the
    rule: `vacation_allowance` (more than the days left of the year it starts in,
    `TTR_VACATION_DAYS` a year), `vacation_overlaps` (another of yours),
    `vacation_in_past`.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewVacation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Away | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
