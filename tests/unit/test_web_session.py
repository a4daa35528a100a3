"""The web client's session cookie (`service.web_session`, `service.api.session`): a
token traded for a session of its own, a request the cookie signs that could change
something taken only from the page itself, bearer-token clients unaffected, an ended
session no credential, signing out ending it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events import MEMORY_URL
from service.auth import MAX_TOKENS
from service.web_session import COOKIE
from tests.api_support import make_app

HOST = "localhost"  # the test client's
PAGE = {"Origin": f"http://{HOST}", "Sec-Fetch-Site": "same-origin", "X-TTR-Client": "web"}
NEW_GAME = {"map": "usa", "seats": 2}


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL)
    yield app
    app.extensions["ttr"].close()


def _account(app: Flask) -> str:
    token: str = app.test_client().post("/v1/users", json={"name": "Ada"}).json["token"]
    return token


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _signed_in(app: Flask, token: str | None = None) -> tuple[FlaskClient, str]:
    """A browser's client holding a session of a new account (or of `token`'s)."""
    client = app.test_client()
    answer = client.post("/v1/session", headers=_bearer(token or _account(app)))
    assert answer.status_code == 201
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    return client, cookie.value


def test_a_token_is_traded_for_an_httponly_secure_strict_session_cookie(app: Flask) -> None:
    answer = app.test_client().post("/v1/session", headers=_bearer(_account(app)))
    assert answer.status_code == 201
    attributes = {part.strip().split("=")[0].lower()
                  for part in answer.headers["Set-Cookie"].split(";")[1:]}
    assert {"httponly", "secure", "path", "samesite"} <= attributes
    assert "samesite=strict" in answer.headers["Set-Cookie"].lower()
    assert answer.headers["Set-Cookie"].startswith(COOKIE + "=")


def test_the_cookie_holds_a_session_of_its_own_not_the_token_traded(app: Flask) -> None:
    token = _account(app)
    client, secret = _signed_in(app, token)
    assert secret != token
    tokens = client.get("/v1/users/me/tokens").json["tokens"]
    assert len(tokens) == 2 and tokens[-1]["name"] == "web session"


def test_the_session_grants_what_the_token_traded_grants_and_no_more(app: Flask) -> None:
    token = _account(app)
    narrow = app.test_client().post("/v1/users/me/tokens", headers=_bearer(token), json={
        "name": "reader", "scopes": ["read"]}).json["token"]
    client, _ = _signed_in(app, narrow)
    assert client.get("/v1/users/me").status_code == 200
    refused = client.post("/v1/games", json=NEW_GAME, headers=PAGE)
    assert (refused.status_code, refused.json["scope"]) == (403, "play")


def test_the_page_acts_with_the_cookie_alone(app: Flask) -> None:
    client, _ = _signed_in(app)
    assert client.get("/v1/users/me").json["name"] == "Ada"
    assert client.post("/v1/games", json=NEW_GAME, headers=PAGE).status_code == 201


@pytest.mark.parametrize("headers", [
    {},  # a form or an image another site sends: nothing of the page's
    {"Origin": f"http://{HOST}", "Sec-Fetch-Site": "same-origin"},  # no X-TTR-Client
    {"Origin": "https://elsewhere.example", "X-TTR-Client": "web"},
    {**PAGE, "Sec-Fetch-Site": "cross-site"},
    {**PAGE, "Sec-Fetch-Site": "same-site"},
    {"X-TTR-Client": "web"},  # neither Origin nor Sec-Fetch-Site: not a browser's fetch
], ids=["bare", "no-client-header", "other-origin", "cross-site", "same-site", "no-origin"])
def test_a_change_signed_by_the_cookie_is_taken_only_from_the_page(
        app: Flask, headers: dict[str, str]) -> None:
    client, _ = _signed_in(app)
    before = len(client.get("/v1/users/me/games").json["games"])
    refused = client.post("/v1/games", json=NEW_GAME, headers=headers)
    assert refused.status_code == 403
    assert refused.mimetype == "application/problem+json"
    assert refused.json["code"] == "cross_site_request"
    assert len(client.get("/v1/users/me/games").json["games"]) == before  # nothing changed


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "same-origin", "X-TTR-Client": "web"},  # behind a proxy renaming
    {"Origin": f"http://{HOST}", "X-TTR-Client": "web"},  # a browser without Sec-Fetch-*
], ids=["sec-fetch-site", "origin"])
def test_the_browser_says_same_origin_one_way_or_the_other(
        app: Flask, headers: dict[str, str]) -> None:
    client, _ = _signed_in(app)
    assert client.post("/v1/games", json=NEW_GAME, headers=headers).status_code == 201


def test_reading_with_the_cookie_needs_no_proof_of_the_page(app: Flask) -> None:
    client, _ = _signed_in(app)
    assert client.get("/v1/users/me/games").status_code == 200


def test_a_bearer_token_client_is_unaffected_by_the_rules_of_the_cookie(app: Flask) -> None:
    token = _account(app)
    client, _ = _signed_in(app)  # another account's cookie along: the header decides
    made = client.post("/v1/games", json=NEW_GAME, headers=_bearer(token))
    assert made.status_code == 201
    me = client.get("/v1/users/me", headers=_bearer(token)).json["id"]
    assert made.json["players"][0]["user_id"] == me


def test_signing_out_ends_the_session_and_drops_the_cookie(app: Flask) -> None:
    client, secret = _signed_in(app)
    answer = client.delete("/v1/session", headers=PAGE)
    assert answer.status_code == 204
    assert client.get_cookie(COOKIE) is None
    after = app.test_client().get("/v1/users/me", headers=_bearer(secret))
    assert after.status_code == 401


def test_signing_out_is_a_change_taken_only_from_the_page(app: Flask) -> None:
    client, secret = _signed_in(app)
    assert client.delete("/v1/session").status_code == 403
    assert app.test_client().get("/v1/users/me", headers=_bearer(secret)).status_code == 200


def test_ending_a_session_with_a_bearer_token_revokes_nothing(app: Flask) -> None:
    token = _account(app)
    assert app.test_client().delete("/v1/session", headers=_bearer(token)).status_code == 204
    assert app.test_client().get("/v1/users/me", headers=_bearer(token)).status_code == 200


def test_an_ended_session_is_no_credential_and_its_cookie_is_dropped(app: Flask) -> None:
    client, secret = _signed_in(app)
    token_id = client.get("/v1/users/me/tokens").json["tokens"][-1]["id"]
    app.test_client().delete(f"/v1/users/me/tokens/{token_id}", headers=_bearer(secret))
    maps = client.get("/v1/maps")  # a public read still answers, as to a visitor
    assert maps.status_code == 200
    assert client.get_cookie(COOKIE) is None
    assert client.get("/v1/users/me").status_code == 401


def test_a_session_needs_a_valid_token(app: Flask) -> None:
    answer = app.test_client().post("/v1/session", headers=_bearer("ttr_made_up"))
    assert answer.status_code == 401
    assert "Set-Cookie" not in answer.headers
    assert app.test_client().post("/v1/session").status_code == 401


def test_an_account_full_of_tokens_can_still_sign_in(app: Flask) -> None:
    token = _account(app)
    for n in range(MAX_TOKENS - 2):
        app.test_client().post("/v1/users/me/tokens", headers=_bearer(token),
                               json={"name": f"t{n}", "scopes": ["read"]})
    first, first_secret = _signed_in(app, token)  # the fiftieth token
    _, second_secret = _signed_in(app, token)
    names = [t["name"] for t in first.get("/v1/users/me/tokens",
                                          headers=_bearer(token)).json["tokens"]]
    assert len(names) == MAX_TOKENS and names.count("web session") == 1
    assert app.test_client().get("/v1/users/me", headers=_bearer(second_secret)).status_code \
        == 200
    assert app.test_client().get("/v1/users/me", headers=_bearer(first_secret)).status_code \
        == 401  # the oldest session made room
