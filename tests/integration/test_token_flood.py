"""Made-up tokens cost their sender alone: however many an address sends, a valid token
from the same address is never refused for them, while they themselves run out of
their own bucket (issue 29). On each database, in process and behind a real server in
both serving modes (embedded: one process on SQLite; production: gunicorn workers on
PostgreSQL and Redis)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from events.accounts import SCOPES, Token
from service.auth import token_hash
from tests.api_support import Client, make_app
from tests.bot_tables import EmbeddedServer

KEY = secrets.token_urlsafe(32)
FLOOD = 20
# an address's budget: 3 requests, then one every 100 s (none within a test)
TIGHT = {"rate_per_address": 0.01, "burst_per_address": 3}


def made_up_sealed() -> str:
    """A token of the new format whose MAC is made up."""
    return f"ttr_{secrets.token_urlsafe(32)}_{secrets.token_urlsafe(16)}"


def made_up_legacy() -> str:
    """A token of the old format (no MAC) that the server never made."""
    return "ttr_" + secrets.token_urlsafe(32)


MADE_UP = {"sealed": made_up_sealed, "legacy": made_up_legacy}


@pytest.fixture
def app(store_url: str) -> Iterator[Flask]:
    """Tight address limits; PostgreSQL is given its key, SQLite keeps one beside it."""
    keys = (KEY,) if store_url.startswith("postgresql") else ()
    app = make_app(store_url, token_keys=keys, **TIGHT)
    yield app
    app.extensions["ttr"].close()


def user_id_of(client: Client, token: str) -> str:
    found: str = client.get("/v1/users/me", token=token).json["id"]  # type: ignore[index]
    return found


def legacy_token_of(app: Flask, user_id: str) -> str:
    """A token in the format made before the MAC, as an old installation holds them."""
    store = app.extensions["ttr"].store
    legacy = made_up_legacy()
    store.add_token(Token("t_legacy" + secrets.token_hex(4), user_id, "old",
                          frozenset(SCOPES), store.clock()), token_hash(legacy))
    return legacy


@pytest.mark.parametrize("kind", list(MADE_UP))
def test_made_up_tokens_never_refuse_a_valid_token_from_their_address(
        app: Flask, kind: str) -> None:
    client = Client(app)
    token = client.new_user()  # the address's first request
    user_id = user_id_of(client, token)
    valid, made_up = [], []
    for _ in range(FLOOD):
        made_up.append(client.get("/v1/users/me", token=MADE_UP[kind]()).status_code)
        # not cached: its next request is looked up again, as every 5 s in a server
        app.extensions["ttr"].accounts.forget(user_id)
        valid.append(client.get("/v1/users/me", token=token).status_code)
    fresh = client.post("/v1/users/me/tokens", token=token,
                        json={"name": "fresh", "scopes": ["read"]}).json["token"]  # type: ignore[index]
    assert valid == [200] * FLOOD
    assert client.get("/v1/users/me", token=fresh).status_code == 200  # its first use
    assert made_up == [401, 401, 401] + [429] * (FLOOD - 3)


def test_made_up_tokens_leave_the_addresss_anonymous_budget_alone(app: Flask) -> None:
    client = Client(app)
    for _ in range(FLOOD):
        client.get("/v1/users/me", token=made_up_sealed())
    assert [client.get("/v1/maps").status_code for _ in range(4)] == [200, 200, 200, 429]


def test_a_token_of_the_old_format_still_works(app: Flask) -> None:
    client = Client(app)
    legacy = legacy_token_of(app, user_id_of(client, client.new_user()))
    assert client.get("/v1/users/me", token=legacy).status_code == 200


def test_an_old_format_token_once_found_valid_is_not_refused_for_made_up_ones(
        app: Flask) -> None:
    client = Client(app)
    user_id = user_id_of(client, client.new_user())
    legacy = legacy_token_of(app, user_id)
    assert client.get("/v1/users/me", token=legacy).status_code == 200
    for _ in range(FLOOD):
        client.get("/v1/users/me", token=made_up_legacy())
    app.extensions["ttr"].accounts.forget(user_id)
    assert client.get("/v1/users/me", token=legacy).status_code == 200


def test_without_keys_on_postgresql_tokens_are_made_in_the_old_format_and_work(
        pg_schema_url: str) -> None:
    app = make_app(pg_schema_url, **TIGHT)
    client = Client(app)
    token = client.new_user()
    assert len(token) == len(made_up_legacy())
    assert client.get("/v1/users/me", token=token).status_code == 200
    for _ in range(FLOOD):  # found valid once: made-up ones no longer refuse it
        client.get("/v1/users/me", token=made_up_legacy())
    app.extensions["ttr"].accounts.forget(user_id_of(client, token))
    assert client.get("/v1/users/me", token=token).status_code == 200
    app.extensions["ttr"].close()


# -- behind a real server -----------------------------------------------------------------

# The test's own address (any of 127/8 reaches the server): the Redis buckets are keyed
# by address, and another test's server may be counting 127.0.0.1's just now.
ADDRESS = "127." + ".".join(str(secrets.randbelow(250) + 2) for _ in range(3))


def flood_through(server: EmbeddedServer) -> tuple[list[int], list[int]]:
    """A new account's token and made-up ones of both formats, in turn, from one
    address: what the valid token got, and what the made-up ones got."""
    server.client_address = ADDRESS
    token = server.new_user("Valid")
    valid, made_up = [], []
    for number in range(FLOOD):
        fake = made_up_sealed() if number % 2 else made_up_legacy()
        made_up.append(server.request("GET", "/v1/users/me", fake)[0])
        valid.append(server.request("GET", "/v1/users/me", token)[0])
    status, fresh = server.request("POST", "/v1/users/me/tokens", token,
                                   {"name": "fresh", "scopes": ["read"]})
    assert status == 201, fresh
    # a token no process has looked up yet, sent to each worker in turn
    valid += [server.request("GET", "/v1/users/me", fresh["token"])[0] for _ in range(4)]
    return valid, made_up


@pytest.mark.parametrize("mode", ["embedded", "production"])
def test_behind_the_server_a_flood_of_made_up_tokens_refuses_no_valid_request(
        mode: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    # the address's budget: 5 requests, then one every 100 s
    settings = {"TTR_RATE_PER_ADDRESS": "0.01", "TTR_BURST_PER_ADDRESS": "5"}
    if mode == "production":  # (`ttr serve` as EmbeddedServer starts it, on PG and Redis)
        settings.update(TTR_DATABASE_URL=request.getfixturevalue("pg_schema_url"),
                        TTR_REDIS_URL=request.getfixturevalue("redis_url"),
                        TTR_TOKEN_KEYS=KEY, TTR_WEB_WORKERS="2")
    with EmbeddedServer(tmp_path, **settings) as server:
        valid, made_up = flood_through(server)
    assert valid == [200] * len(valid)
    assert made_up[:5] == [401] * 5 and set(made_up[5:]) == {429}
