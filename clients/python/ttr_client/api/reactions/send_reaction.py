from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.new_reaction import NewReaction
from ...models.problem import Problem
from ...models.said_reaction import SaidReaction
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    body: NewReaction,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/reactions".format(game_id=quote(str(game_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SaidReaction:
    if response.status_code == 200:
        response_200 = SaidReaction.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SaidReaction]:
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
    body: NewReaction,

) -> Response[Problem | SaidReaction]:
    r""" Say a quick reaction to the table (\"Good game\", \"Well played\", …)

     `reaction` is a code of the fixed list; every reader sees the phrase in their
    own language. By a player holding a seat, from the moment they sit down to the
    end of the game, and after the end a farewell only (`good_game`,
    `well_played`, `thanks`); otherwise 422 naming the rule (`unknown_reaction`,
    `reaction_after_end`), or 403 `not_seated` for a spectator. The game's log
    records it (a `reaction_sent` event, in every stream of the game and in its
    export); it changes nothing in the game. A few in a row, then one every 3
    seconds per player and game: 429 with `Retry-After` beyond that.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        body (NewReaction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SaidReaction]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: NewReaction,

) -> Problem | SaidReaction | None:
    r""" Say a quick reaction to the table (\"Good game\", \"Well played\", …)

     `reaction` is a code of the fixed list; every reader sees the phrase in their
    own language. By a player holding a seat, from the moment they sit down to the
    end of the game, and after the end a farewell only (`good_game`,
    `well_played`, `thanks`); otherwise 422 naming the rule (`unknown_reaction`,
    `reaction_after_end`), or 403 `not_seated` for a spectator. The game's log
    records it (a `reaction_sent` event, in every stream of the game and in its
    export); it changes nothing in the game. A few in a row, then one every 3
    seconds per player and game: 429 with `Retry-After` beyond that.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        body (NewReaction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SaidReaction
     """


    return sync_detailed(
        game_id=game_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: NewReaction,

) -> Response[Problem | SaidReaction]:
    r""" Say a quick reaction to the table (\"Good game\", \"Well played\", …)

     `reaction` is a code of the fixed list; every reader sees the phrase in their
    own language. By a player holding a seat, from the moment they sit down to the
    end of the game, and after the end a farewell only (`good_game`,
    `well_played`, `thanks`); otherwise 422 naming the rule (`unknown_reaction`,
    `reaction_after_end`), or 403 `not_seated` for a spectator. The game's log
    records it (a `reaction_sent` event, in every stream of the game and in its
    export); it changes nothing in the game. A few in a row, then one every 3
    seconds per player and game: 429 with `Retry-After` beyond that.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        body (NewReaction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SaidReaction]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: NewReaction,

) -> Problem | SaidReaction | None:
    r""" Say a quick reaction to the table (\"Good game\", \"Well played\", …)

     `reaction` is a code of the fixed list; every reader sees the phrase in their
    own language. By a player holding a seat, from the moment they sit down to the
    end of the game, and after the end a farewell only (`good_game`,
    `well_played`, `thanks`); otherwise 422 naming the rule (`unknown_reaction`,
    `reaction_after_end`), or 403 `not_seated` for a spectator. The game's log
    records it (a `reaction_sent` event, in every stream of the game and in its
    export); it changes nothing in the game. A few in a row, then one every 3
    seconds per player and game: 429 with `Retry-After` beyond that.

    **Scope:** `play` (a token without it gets 403 `insufficient-scope`).

    Args:
        game_id (str):
        body (NewReaction):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SaidReaction
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
body=body,

    )).parsed
