"""Sign-in links carry a one-time code, never the account's token: a code is made by a
signed-in token, works once, within minutes, and becomes a new token of the same user
with no wider scopes; a code that is unknown, used or expired is refused and changes
nothing. On every adapter (both databases and the in-memory store)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from flask import Flask

from service.signin import ATTEMPTS_BURST, CODE_MINUTES
from tests.api_support import Client, StillClock, app_on


@pytest.fixture
def clock() -> StillClock:
    return StillClock()


@pytest.fixture
def app(adapter_url: str, clock: StillClock) -> Iterator[Flask]:
    """The app on each adapter."""
    yield from app_on(adapter_url, clock)


def make_code(client: Client, token: str, **body: object) -> dict[str, str]:
    made = client.post("/v1/signin-codes", token=token, json=body)
    assert made.status_code == 201, made.json
    return made.json  # type: ignore[return-value]


def sign_in(client: Client, code: str) -> dict[str, object]:
    response = client.post("/v1/signin", json={"code": code})
    assert response.status_code == 201, response.json
    return response.json  # type: ignore[return-value]


def refused(client: Client, code: str) -> str:
    response = client.post("/v1/signin", json={"code": code})
    assert response.status_code == 401, response.json
    assert response.json is not None and response.json["type"] == "/problems/unauthorized"
    return str(response.json["detail"])


def token_ids(client: Client, token: str) -> list[str]:
    listed = client.get("/v1/users/me/tokens", token=token).json
    assert listed is not None
    return [t["id"] for t in listed["tokens"]]


def test_a_sign_in_link_carries_a_code_in_its_fragment_not_the_token(client: Client) -> None:
    token = client.new_user("Alice")
    made = make_code(client, token)
    assert made["link"] == f"/signin#code={made['code']}"
    assert token not in made["link"] and made["code"] != token


def test_a_code_becomes_a_new_token_of_the_same_user(client: Client) -> None:
    token = client.new_user("Alice")
    signed = sign_in(client, make_code(client, token)["code"])
    new = str(signed["token"])
    assert new != token
    me = client.get("/v1/users/me", token=new).json
    assert me is not None and me["name"] == "Alice"
    assert signed["id"] in token_ids(client, token)


def test_a_code_works_once(client: Client) -> None:
    token = client.new_user()
    code = make_code(client, token)["code"]
    sign_in(client, code)
    before = token_ids(client, token)
    assert "already used" in refused(client, code)
    assert token_ids(client, token) == before


def test_a_code_expires_within_minutes(client: Client, clock: StillClock) -> None:
    token = client.new_user()
    code = make_code(client, token)["code"]
    clock.now += timedelta(minutes=CODE_MINUTES)
    assert "expired" in refused(client, code)
    assert len(token_ids(client, token)) == 1


def test_an_unknown_code_is_refused(client: Client) -> None:
    assert "unknown" in refused(client, "ttrc_made-up")


def test_a_bearer_token_is_no_sign_in_code(client: Client) -> None:
    token = client.new_user()
    assert "unknown" in refused(client, token)
    assert len(token_ids(client, token)) == 1


def test_a_code_is_no_bearer_token(client: Client) -> None:
    code = make_code(client, client.new_user())["code"]
    assert client.get("/v1/users/me", token=code).status_code == 401
    sign_in(client, code)  # and the attempt did not spend it


def test_the_new_token_has_no_scope_its_maker_lacked(client: Client) -> None:
    token = client.new_user()
    narrow = client.post("/v1/users/me/tokens", token=token,
                         json={"name": "admin and read", "scopes": ["admin", "read"]}).json
    assert narrow is not None
    signed = sign_in(client, make_code(client, narrow["token"])["code"])
    assert signed["scopes"] == ["admin", "read"]
    game = client.post("/v1/games", token=str(signed["token"]),
                       json={"map": "nordic", "seats": 2})
    assert game.status_code == 403


def test_a_code_cannot_ask_for_scopes_its_maker_lacks(client: Client) -> None:
    token = client.new_user()
    narrow = client.post("/v1/users/me/tokens", token=token,
                         json={"name": "admin only", "scopes": ["admin"]}).json
    assert narrow is not None
    response = client.post("/v1/signin-codes", token=narrow["token"], json={"scopes": ["play"]})
    assert response.status_code == 403
    assert response.json is not None and response.json["scope"] == "play"


def test_revoking_the_token_that_made_a_code_voids_it(client: Client) -> None:
    token = client.new_user()
    other = client.post("/v1/users/me/tokens", token=token,
                        json={"name": "laptop", "scopes": ["admin", "read"]}).json
    assert other is not None
    code = make_code(client, other["token"])["code"]
    assert client.request("DELETE", f"/v1/users/me/tokens/{other['id']}",
                          token=token).status_code == 204
    assert "revoked" in refused(client, code)
    assert len(token_ids(client, token)) == 1


def test_sign_in_attempts_are_rate_limited(client: Client) -> None:
    for _ in range(ATTEMPTS_BURST):
        refused(client, "ttrc_guess")
    response = client.post("/v1/signin", json={"code": "ttrc_guess"})
    assert response.status_code == 429
    assert response.headers["Retry-After"]
