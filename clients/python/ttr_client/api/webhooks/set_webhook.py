from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.new_webhook import NewWebhook
from ...models.problem import Problem
from ...models.webhook import Webhook
from typing import cast



def _get_kwargs(
    *,
    body: NewWebhook,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/users/me/webhook",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Webhook:
    if response.status_code == 200:
        response_200 = Webhook.from_dict(response.json())



        return response_200

    if response.status_code == 201:
        response_201 = Webhook.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Webhook]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,

) -> Response[Problem | Webhook]:
    r""" Register or replace your webhook

     Every event that concerns you is POSTed to `url` from now on (a registration reaches every server
    process within a few seconds). The secret is never shown again. A URL whose host is a private,
    loopback or link-local address is refused (unless the operator allows it).

    **What your URL receives.** `POST`, `Content-Type: application/json`, the body
    `{\"id\", \"kind\", \"game_id\", \"version\", \"created_at\", \"data\"}` and these headers:

    - `X-TTR-Event`: the kind (`your_turn`, `game_started`, `game_ended`, `game_scored`,
      `player_timed_out`, `player_left`, `stand_in_seated`, `deadline_near` or `ping`);
    - `X-TTR-Delivery`: the delivery's id (the body's `id`), the same on every retry:
      drop the ones you have already handled;
    - `X-TTR-Timestamp`: when this attempt was sent, in Unix seconds;
    - `X-TTR-Signature`: `v1=` and the hex HMAC-SHA256, keyed with your secret, of
      `\"{X-TTR-Timestamp}.{raw body}\"`.

    **Verify every request** before trusting it: recompute the signature over the raw
    body bytes (not re-serialised JSON), compare it in constant time, and reject a
    timestamp more than 5 minutes away from your clock (a captured request cannot then be
    replayed later). In Python:

    ```python
    import hashlib, hmac, time

    def verify(secret: bytes, headers, raw_body: bytes) -> bool:
        stamp = headers[\"X-TTR-Timestamp\"]
        if abs(time.time() - int(stamp)) > 300:
            return False
        expected = hmac.new(secret, stamp.encode() + b\".\" + raw_body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(headers[\"X-TTR-Signature\"], \"v1=\" + expected)
    ```

    **What `data` holds.** `your_turn`: `seat`, `phase` (`setup`: choose your tickets, or
    `playing`), `turn`, `deadline` (or null), `game_url`, `moves_url`, `actions_url`.
    `game_started`: `seat` (yours), `map`, `first_player`, `players`. `game_ended`: `seat`,
    `reason` (`final_round`, `deadlock`, `last_player`), `score_url`. `game_scored`:
    `seat`, `winners` (seats), `standings` (`seat`, `name`, `total`, `rank`, `winner`),
    `score_url`. `player_timed_out` (an opponent's deadline passed): `seat`, `name`,
    `deadline`, `consecutive`. `player_left` (an opponent resigned, was dropped after
    repeated time-outs, or left before the start): `seat`, `name`, `reason` (`resigned`,
    `dropped`, `left`). `stand_in_seated` (a bot took over your seat: you resigned, or
    your turns timed out too often; you may come back to it): `seat`, `name` and `level`
    (the bot's), `reason` (`resigned`, `timed_out`), `game_url`. `deadline_near` (a
    quarter of your correspondence turn's time is left; once per turn, and not once you
    have played it): `seat`, `phase`, `turn`, `deadline`, `game_url`, `actions_url`.
    `ping`: `message`.

    **Delivery.** Answer with any 2xx within 5 seconds (do the work after answering).
    Anything else — another status, a redirect, a timeout, a refused connection — is
    retried after 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h and 8 h
    (twelve attempts over about 32 hours), then the delivery is `failed`. Deliveries may
    arrive out of order and, rarely, twice: use `version` and `X-TTR-Delivery`. Every
    attempt is listed at `GET /v1/users/me/webhook/deliveries`.


    **Scope:** `webhooks` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Webhook]
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
    body: NewWebhook,

) -> Problem | Webhook | None:
    r""" Register or replace your webhook

     Every event that concerns you is POSTed to `url` from now on (a registration reaches every server
    process within a few seconds). The secret is never shown again. A URL whose host is a private,
    loopback or link-local address is refused (unless the operator allows it).

    **What your URL receives.** `POST`, `Content-Type: application/json`, the body
    `{\"id\", \"kind\", \"game_id\", \"version\", \"created_at\", \"data\"}` and these headers:

    - `X-TTR-Event`: the kind (`your_turn`, `game_started`, `game_ended`, `game_scored`,
      `player_timed_out`, `player_left`, `stand_in_seated`, `deadline_near` or `ping`);
    - `X-TTR-Delivery`: the delivery's id (the body's `id`), the same on every retry:
      drop the ones you have already handled;
    - `X-TTR-Timestamp`: when this attempt was sent, in Unix seconds;
    - `X-TTR-Signature`: `v1=` and the hex HMAC-SHA256, keyed with your secret, of
      `\"{X-TTR-Timestamp}.{raw body}\"`.

    **Verify every request** before trusting it: recompute the signature over the raw
    body bytes (not re-serialised JSON), compare it in constant time, and reject a
    timestamp more than 5 minutes away from your clock (a captured request cannot then be
    replayed later). In Python:

    ```python
    import hashlib, hmac, time

    def verify(secret: bytes, headers, raw_body: bytes) -> bool:
        stamp = headers[\"X-TTR-Timestamp\"]
        if abs(time.time() - int(stamp)) > 300:
            return False
        expected = hmac.new(secret, stamp.encode() + b\".\" + raw_body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(headers[\"X-TTR-Signature\"], \"v1=\" + expected)
    ```

    **What `data` holds.** `your_turn`: `seat`, `phase` (`setup`: choose your tickets, or
    `playing`), `turn`, `deadline` (or null), `game_url`, `moves_url`, `actions_url`.
    `game_started`: `seat` (yours), `map`, `first_player`, `players`. `game_ended`: `seat`,
    `reason` (`final_round`, `deadlock`, `last_player`), `score_url`. `game_scored`:
    `seat`, `winners` (seats), `standings` (`seat`, `name`, `total`, `rank`, `winner`),
    `score_url`. `player_timed_out` (an opponent's deadline passed): `seat`, `name`,
    `deadline`, `consecutive`. `player_left` (an opponent resigned, was dropped after
    repeated time-outs, or left before the start): `seat`, `name`, `reason` (`resigned`,
    `dropped`, `left`). `stand_in_seated` (a bot took over your seat: you resigned, or
    your turns timed out too often; you may come back to it): `seat`, `name` and `level`
    (the bot's), `reason` (`resigned`, `timed_out`), `game_url`. `deadline_near` (a
    quarter of your correspondence turn's time is left; once per turn, and not once you
    have played it): `seat`, `phase`, `turn`, `deadline`, `game_url`, `actions_url`.
    `ping`: `message`.

    **Delivery.** Answer with any 2xx within 5 seconds (do the work after answering).
    Anything else — another status, a redirect, a timeout, a refused connection — is
    retried after 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h and 8 h
    (twelve attempts over about 32 hours), then the delivery is `failed`. Deliveries may
    arrive out of order and, rarely, twice: use `version` and `X-TTR-Delivery`. Every
    attempt is listed at `GET /v1/users/me/webhook/deliveries`.


    **Scope:** `webhooks` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Webhook
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,

) -> Response[Problem | Webhook]:
    r""" Register or replace your webhook

     Every event that concerns you is POSTed to `url` from now on (a registration reaches every server
    process within a few seconds). The secret is never shown again. A URL whose host is a private,
    loopback or link-local address is refused (unless the operator allows it).

    **What your URL receives.** `POST`, `Content-Type: application/json`, the body
    `{\"id\", \"kind\", \"game_id\", \"version\", \"created_at\", \"data\"}` and these headers:

    - `X-TTR-Event`: the kind (`your_turn`, `game_started`, `game_ended`, `game_scored`,
      `player_timed_out`, `player_left`, `stand_in_seated`, `deadline_near` or `ping`);
    - `X-TTR-Delivery`: the delivery's id (the body's `id`), the same on every retry:
      drop the ones you have already handled;
    - `X-TTR-Timestamp`: when this attempt was sent, in Unix seconds;
    - `X-TTR-Signature`: `v1=` and the hex HMAC-SHA256, keyed with your secret, of
      `\"{X-TTR-Timestamp}.{raw body}\"`.

    **Verify every request** before trusting it: recompute the signature over the raw
    body bytes (not re-serialised JSON), compare it in constant time, and reject a
    timestamp more than 5 minutes away from your clock (a captured request cannot then be
    replayed later). In Python:

    ```python
    import hashlib, hmac, time

    def verify(secret: bytes, headers, raw_body: bytes) -> bool:
        stamp = headers[\"X-TTR-Timestamp\"]
        if abs(time.time() - int(stamp)) > 300:
            return False
        expected = hmac.new(secret, stamp.encode() + b\".\" + raw_body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(headers[\"X-TTR-Signature\"], \"v1=\" + expected)
    ```

    **What `data` holds.** `your_turn`: `seat`, `phase` (`setup`: choose your tickets, or
    `playing`), `turn`, `deadline` (or null), `game_url`, `moves_url`, `actions_url`.
    `game_started`: `seat` (yours), `map`, `first_player`, `players`. `game_ended`: `seat`,
    `reason` (`final_round`, `deadlock`, `last_player`), `score_url`. `game_scored`:
    `seat`, `winners` (seats), `standings` (`seat`, `name`, `total`, `rank`, `winner`),
    `score_url`. `player_timed_out` (an opponent's deadline passed): `seat`, `name`,
    `deadline`, `consecutive`. `player_left` (an opponent resigned, was dropped after
    repeated time-outs, or left before the start): `seat`, `name`, `reason` (`resigned`,
    `dropped`, `left`). `stand_in_seated` (a bot took over your seat: you resigned, or
    your turns timed out too often; you may come back to it): `seat`, `name` and `level`
    (the bot's), `reason` (`resigned`, `timed_out`), `game_url`. `deadline_near` (a
    quarter of your correspondence turn's time is left; once per turn, and not once you
    have played it): `seat`, `phase`, `turn`, `deadline`, `game_url`, `actions_url`.
    `ping`: `message`.

    **Delivery.** Answer with any 2xx within 5 seconds (do the work after answering).
    Anything else — another status, a redirect, a timeout, a refused connection — is
    retried after 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h and 8 h
    (twelve attempts over about 32 hours), then the delivery is `failed`. Deliveries may
    arrive out of order and, rarely, twice: use `version` and `X-TTR-Delivery`. Every
    attempt is listed at `GET /v1/users/me/webhook/deliveries`.


    **Scope:** `webhooks` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Webhook]
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
    body: NewWebhook,

) -> Problem | Webhook | None:
    r""" Register or replace your webhook

     Every event that concerns you is POSTed to `url` from now on (a registration reaches every server
    process within a few seconds). The secret is never shown again. A URL whose host is a private,
    loopback or link-local address is refused (unless the operator allows it).

    **What your URL receives.** `POST`, `Content-Type: application/json`, the body
    `{\"id\", \"kind\", \"game_id\", \"version\", \"created_at\", \"data\"}` and these headers:

    - `X-TTR-Event`: the kind (`your_turn`, `game_started`, `game_ended`, `game_scored`,
      `player_timed_out`, `player_left`, `stand_in_seated`, `deadline_near` or `ping`);
    - `X-TTR-Delivery`: the delivery's id (the body's `id`), the same on every retry:
      drop the ones you have already handled;
    - `X-TTR-Timestamp`: when this attempt was sent, in Unix seconds;
    - `X-TTR-Signature`: `v1=` and the hex HMAC-SHA256, keyed with your secret, of
      `\"{X-TTR-Timestamp}.{raw body}\"`.

    **Verify every request** before trusting it: recompute the signature over the raw
    body bytes (not re-serialised JSON), compare it in constant time, and reject a
    timestamp more than 5 minutes away from your clock (a captured request cannot then be
    replayed later). In Python:

    ```python
    import hashlib, hmac, time

    def verify(secret: bytes, headers, raw_body: bytes) -> bool:
        stamp = headers[\"X-TTR-Timestamp\"]
        if abs(time.time() - int(stamp)) > 300:
            return False
        expected = hmac.new(secret, stamp.encode() + b\".\" + raw_body, hashlib.sha256).hexdigest()
        return hmac.compare_digest(headers[\"X-TTR-Signature\"], \"v1=\" + expected)
    ```

    **What `data` holds.** `your_turn`: `seat`, `phase` (`setup`: choose your tickets, or
    `playing`), `turn`, `deadline` (or null), `game_url`, `moves_url`, `actions_url`.
    `game_started`: `seat` (yours), `map`, `first_player`, `players`. `game_ended`: `seat`,
    `reason` (`final_round`, `deadlock`, `last_player`), `score_url`. `game_scored`:
    `seat`, `winners` (seats), `standings` (`seat`, `name`, `total`, `rank`, `winner`),
    `score_url`. `player_timed_out` (an opponent's deadline passed): `seat`, `name`,
    `deadline`, `consecutive`. `player_left` (an opponent resigned, was dropped after
    repeated time-outs, or left before the start): `seat`, `name`, `reason` (`resigned`,
    `dropped`, `left`). `stand_in_seated` (a bot took over your seat: you resigned, or
    your turns timed out too often; you may come back to it): `seat`, `name` and `level`
    (the bot's), `reason` (`resigned`, `timed_out`), `game_url`. `deadline_near` (a
    quarter of your correspondence turn's time is left; once per turn, and not once you
    have played it): `seat`, `phase`, `turn`, `deadline`, `game_url`, `actions_url`.
    `ping`: `message`.

    **Delivery.** Answer with any 2xx within 5 seconds (do the work after answering).
    Anything else — another status, a redirect, a timeout, a refused connection — is
    retried after 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h and 8 h
    (twelve attempts over about 32 hours), then the delivery is `failed`. Deliveries may
    arrive out of order and, rarely, twice: use `version` and `X-TTR-Delivery`. Every
    attempt is listed at `GET /v1/users/me/webhook/deliveries`.


    **Scope:** `webhooks` (a token without it gets 403 `insufficient-scope`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Webhook
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
