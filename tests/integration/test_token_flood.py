"""Made-up tokens cost their sender alone: however many an address sends, a valid token
from the same address is never refused for them, while they themselves run out of
their own bucket (issue 29). On each database, in process and behind a real server in
both serving modes (embedded: one process on SQLite; production: gunicorn workers on
PostgreSQL and Redis)."""

from __future__ import annotations

import http.client
import json
import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from events.accounts import SCOPES, Token
from service.auth import token_hash
from tests.api_support import Client, free_port, make_app, wait_until_serving

ROOT = Path(__file__).absolute().parents[2]
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


def test_a_token_whose_mac_fails_is_refused_without_a_look_up(app: Flask) -> None:
    store = app.extensions["ttr"].store
    looked_up: list[str] = []
    original = store.token_by_hash

    def counting(digest: str) -> Any:
        looked_up.append(digest)
        return original(digest)

    store.token_by_hash = counting
    client = Client(app)
    assert client.get("/v1/users/me", token=made_up_sealed()).status_code == 401
    assert client.get("/v1/users/me", token="not even a token").status_code == 401
    assert looked_up == []


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


# -- behind a real server -----------------------------------------------------------------

# The test's own address (any of 127/8 reaches the server): the Redis buckets are keyed
# by address, and another test's server may be counting 127.0.0.1's just now.
ADDRESS = "127." + ".".join(str(secrets.randbelow(250) + 2) for _ in range(3))


def call(port: int, method: str, path: str, token: str | None = None,
         body: dict[str, Any] | None = None) -> tuple[int, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20,
                                            source_address=(ADDRESS, 0))
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request(method, path, body=None if body is None else json.dumps(body),
                           headers=headers)
        response = connection.getresponse()
        raw = response.read()
        is_json = "json" in (response.getheader("Content-Type") or "")
        return response.status, json.loads(raw) if is_json and raw else None
    finally:
        connection.close()


def flood_through(port: int) -> tuple[list[int], list[int]]:
    """A new account's token and made-up ones of both formats, in turn, from one
    address: what the valid token got, and what the made-up ones got."""
    status, made = call(port, "POST", "/v1/users", body={"name": "Valid"})
    assert status == 201, made
    token = made["token"]
    valid, made_up = [], []
    for number in range(FLOOD):
        fake = made_up_sealed() if number % 2 else made_up_legacy()
        made_up.append(call(port, "GET", "/v1/users/me", fake)[0])
        valid.append(call(port, "GET", "/v1/users/me", token)[0])
    status, fresh = call(port, "POST", "/v1/users/me/tokens", token,
                         {"name": "fresh", "scopes": ["read"]})
    assert status == 201, fresh
    # a token no process has looked up yet, sent to each worker in turn
    valid += [call(port, "GET", "/v1/users/me", fresh["token"])[0] for _ in range(4)]
    return valid, made_up


def serve(env: dict[str, str], tmp_path: Path, workers: int) -> tuple[int, Any, Path]:
    port = free_port()
    log_path = tmp_path / "server.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "bootstrap.cli", "serve", "--bind", f"127.0.0.1:{port}",
             "--workers", str(workers)], cwd=tmp_path, env=env,
            stdout=subprocess.DEVNULL, stderr=log)
    return port, server, log_path


def limited_env(**more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TTR_")}
    return {**env, "PYTHONPATH": str(ROOT), "TTR_RATE_PER_ADDRESS": "0.01",
            "TTR_BURST_PER_ADDRESS": "5", "TTR_LOG_LEVEL": "warning", **more}


@pytest.mark.parametrize("mode", ["embedded", "production"])
def test_behind_the_server_a_flood_of_made_up_tokens_refuses_no_valid_request(
        mode: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if mode == "production":
        env = limited_env(TTR_DATABASE_URL=request.getfixturevalue("pg_schema_url"),
                          TTR_REDIS_URL=request.getfixturevalue("redis_url"),
                          TTR_TOKEN_KEYS=KEY)
    else:
        env = limited_env(TTR_DATABASE_URL=f"sqlite:///{tmp_path / 'ttr.sqlite3'}")
    port, server, log_path = serve(env, tmp_path, workers=2 if mode == "production" else 1)
    try:
        wait_until_serving(port, server, log_path)
        valid, made_up = flood_through(port)
    finally:
        server.terminate()
        server.wait(20)
    assert valid == [200] * len(valid)
    assert made_up[:5] == [401] * 5 and set(made_up[5:]) == {429}
