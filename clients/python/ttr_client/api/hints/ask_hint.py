from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.hint import Hint
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    game_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/hints".format(game_id=quote(str(game_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Hint | Problem:
    if response.status_code == 200:
        response_200 = Hint.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())



        return response_412

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Hint | Problem]:
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

) -> Response[Hint | Problem]:
    """ Ask for a hint: the hard level's bot's move for your seat

     Only in an unrated game, to a player whose seat has a decision to make (their
    turn, or their tickets at the start); otherwise 422 naming the rule
    (`hints_rated`, `not_your_turn`, `game_over`, …), or 403 `not_seated` for a
    spectator. That bot sees only your seat's view, as every bot does. The
    game's log records that you were given a hint (a `hint_given` event, in its
    export too); the suggestion itself is not recorded, and it is not played:
    send it to POST …/actions if you follow it. If the game moved on while the hint
    was thought out, 412: ask again.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hint | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Hint | Problem | None:
    """ Ask for a hint: the hard level's bot's move for your seat

     Only in an unrated game, to a player whose seat has a decision to make (their
    turn, or their tickets at the start); otherwise 422 naming the rule
    (`hints_rated`, `not_your_turn`, `game_over`, …), or 403 `not_seated` for a
    spectator. That bot sees only your seat's view, as every bot does. The
    game's log records that you were given a hint (a `hint_given` event, in its
    export too); the suggestion itself is not recorded, and it is not played:
    send it to POST …/actions if you follow it. If the game moved on while the hint
    was thought out, 412: ask again.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hint | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[Hint | Problem]:
    """ Ask for a hint: the hard level's bot's move for your seat

     Only in an unrated game, to a player whose seat has a decision to make (their
    turn, or their tickets at the start); otherwise 422 naming the rule
    (`hints_rated`, `not_your_turn`, `game_over`, …), or 403 `not_seated` for a
    spectator. That bot sees only your seat's view, as every bot does. The
    game's log records that you were given a hint (a `hint_given` event, in its
    export too); the suggestion itself is not recorded, and it is not played:
    send it to POST …/actions if you follow it. If the game moved on while the hint
    was thought out, 412: ask again.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hint | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Hint | Problem | None:
    """ Ask for a hint: the hard level's bot's move for your seat

     Only in an unrated game, to a player whose seat has a decision to make (their
    turn, or their tickets at the start); otherwise 422 naming the rule
    (`hints_rated`, `not_your_turn`, `game_over`, …), or 403 `not_seated` for a
    spectator. That bot sees only your seat's view, as every bot does. The
    game's log records that you were given a hint (a `hint_given` event, in its
    export too); the suggestion itself is not recorded, and it is not played:
    send it to POST …/actions if you follow it. If the game moved on while the hint
    was thought out, 412: ask again.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hint | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,

    )).parsed
