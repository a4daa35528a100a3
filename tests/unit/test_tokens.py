"""Named tokens with scopes: made, listed (never shown again), revoked at once, rotated,
expired; every operation asks its scope; closing an account."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask

from events import MEMORY_URL
from events.accounts import SCOPES, Token
from service import auth
from service.api.pages import build_spec
from service.auth import Accounts, token_hash
from service.scopes import SCOPE_OF, UNDECLARED, openapi_path, scope_of
from tests.api_support import Client, make_app, open_table


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Path, clock: Clock) -> Iterator[Flask]:
    """In memory; on a SQLite file for the tests that read or change its tables by hand."""
    by_hand = request.node.get_closest_marker("sql_tables") is not None
    url = f"sqlite:///{tmp_path / 'tokens.sqlite3'}" if by_hand else MEMORY_URL
    app = make_app(url, clock=clock)
    yield app
    app.extensions["ttr"].close()


def make_token(client: Client, token: str, *scopes: str, name: str = "bot",
               **more: object) -> str:
    made = client.post("/v1/users/me/tokens", token=token,
                       json={"name": name, "scopes": list(scopes), **more})
    assert made.status_code == 201, made.json
    secret: str = made.json["token"]  # type: ignore[index]
    return secret


def listed(client: Client, token: str) -> list[dict[str, object]]:
    response = client.get("/v1/users/me/tokens", token=token)
    assert response.status_code == 200, response.json
    return response.json["tokens"]  # type: ignore[index,no-any-return]


def test_an_accounts_first_token_grants_every_scope(client: Client) -> None:
    token = client.new_user()
    [first] = listed(client, token)
    assert first["name"] == "account" and sorted(first["scopes"]) == sorted(SCOPES)  # type: ignore[arg-type]


def test_a_new_token_is_shown_once_and_listed_without_it(client: Client) -> None:
    token = client.new_user()
    secret = make_token(client, token, "read", "play", name="my bot")
    tokens = listed(client, token)
    assert [t["name"] for t in tokens] == ["account", "my bot"]
    assert all("token" not in t for t in tokens)
    assert secret not in str(tokens)
    assert client.get("/v1/users/me", token=secret).status_code == 200


@pytest.mark.sql_tables
def test_the_store_keeps_only_the_hash_of_a_token(app: Flask, client: Client) -> None:
    token = client.new_user()
    secret = make_token(client, token, "read")
    store = app.extensions["ttr"].store
    with store.reading() as cur:
        cur.execute("SELECT token_sha256 FROM tokens")
        hashes = {row[0] for row in cur.fetchall()}
    assert hashes == {token_hash(token), token_hash(secret)}


def test_a_token_without_the_operations_scope_gets_insufficient_scope(client: Client) -> None:
    reader = make_token(client, client.new_user(), "read")
    refused = client.post("/v1/games", token=reader, json={"map": "usa", "seats": 2})
    assert refused.status_code == 403
    assert refused.json["type"] == "/problems/insufficient-scope"  # type: ignore[index]
    assert refused.json["scope"] == "play"  # type: ignore[index]
    assert client.get("/v1/games", token=reader).status_code == 200


def test_a_play_token_plays_but_cannot_touch_the_webhook_or_the_tokens(client: Client) -> None:
    player = make_token(client, client.new_user(), "play")
    assert client.post("/v1/games", token=player,
                       json={"map": "usa", "seats": 2}).status_code == 201
    assert client.get("/v1/users/me/webhook", token=player).json["scope"] == "webhooks"  # type: ignore[index]
    assert client.get("/v1/users/me/tokens", token=player).json["scope"] == "admin"  # type: ignore[index]


def test_a_token_cannot_make_a_token_with_more_scopes_than_its_own(client: Client) -> None:
    token = client.new_user()
    manager = make_token(client, token, "admin", "read")
    refused = client.post("/v1/users/me/tokens", token=manager,
                          json={"name": "more", "scopes": ["play"]})
    assert refused.status_code == 403 and refused.json["scope"] == "play"  # type: ignore[index]
    assert len(listed(client, token)) == 2


def test_an_unknown_scope_is_an_invalid_request(client: Client) -> None:
    refused = client.post("/v1/users/me/tokens", token=client.new_user(),
                          json={"name": "x", "scopes": ["everything"]})
    assert refused.status_code == 400


def test_a_revoked_token_is_refused_at_once(client: Client) -> None:
    token = client.new_user()
    secret = make_token(client, token, "read")
    assert client.get("/v1/users/me", token=secret).status_code == 200  # now cached
    token_id = listed(client, token)[1]["id"]
    revoked = client.request("DELETE", f"/v1/users/me/tokens/{token_id}", token=token)
    assert revoked.status_code == 204
    assert client.get("/v1/users/me", token=secret).status_code == 401
    assert client.get("/v1/users/me", token=token).status_code == 200


def test_rotating_a_token_keeps_both_working_until_the_old_is_revoked(client: Client) -> None:
    old = make_token(client, client.new_user(), "admin", "read", name="v1")
    new = make_token(client, old, "admin", "read", name="v2")
    assert [client.get("/v1/users/me", token=t).status_code for t in (old, new)] == [200, 200]
    old_id = next(t["id"] for t in listed(client, new) if t["name"] == "v1")
    assert client.request("DELETE", f"/v1/users/me/tokens/{old_id}", token=new).status_code == 204
    assert [client.get("/v1/users/me", token=t).status_code for t in (old, new)] == [401, 200]


def test_a_token_can_revoke_itself(client: Client) -> None:
    token = client.new_user()
    own_id = listed(client, token)[0]["id"]
    assert client.request("DELETE", f"/v1/users/me/tokens/{own_id}", token=token).status_code == 204
    assert client.get("/v1/users/me", token=token).status_code == 401


def test_nobody_revokes_another_accounts_token(client: Client) -> None:
    alice, bob = client.new_user("Alice"), client.new_user("Bob")
    alice_id = listed(client, alice)[0]["id"]
    refused = client.request("DELETE", f"/v1/users/me/tokens/{alice_id}", token=bob)
    assert refused.status_code == 404
    assert client.get("/v1/users/me", token=alice).status_code == 200


def test_a_token_stops_working_when_it_expires(client: Client, clock: Clock) -> None:
    token = client.new_user()
    brief = make_token(client, token, "read", expires_in=3600)
    [_, entry] = listed(client, token)
    assert entry["expires_at"] == "2030-01-01T01:00:00.000000Z"
    assert client.get("/v1/users/me", token=brief).status_code == 200
    clock.now += timedelta(hours=1)
    assert client.get("/v1/users/me", token=brief).status_code == 401


def test_a_token_cannot_make_a_token_that_outlives_it(client: Client) -> None:
    brief = make_token(client, client.new_user(), "admin", "read", expires_in=60)
    refused = client.post("/v1/users/me/tokens", token=brief,
                          json={"name": "longer", "scopes": ["read"], "expires_in": 3600})
    assert refused.status_code == 400
    assert refused.json["type"] == "/problems/invalid-request"  # type: ignore[index]
    assert "cannot outlive the token that makes it" in refused.json["detail"]  # type: ignore[index]
    assert refused.json["errors"]["expires_in"] == [  # type: ignore[index]
        "At most 60: a token cannot outlive the token that makes it."]
    assert [t["name"] for t in listed(client, brief)] == ["account", "bot"]


def test_a_token_made_without_expiry_by_an_expiring_token_expires_with_it(
        client: Client, clock: Clock) -> None:
    brief = make_token(client, client.new_user(), "admin", "read", expires_in=60)
    child = make_token(client, brief, "read", name="child")
    entry = next(t for t in listed(client, brief) if t["name"] == "child")
    assert entry["expires_at"] == "2030-01-01T00:01:00.000000Z"
    clock.now += timedelta(seconds=60)
    assert client.get("/v1/users/me", token=child).status_code == 401


def test_a_token_may_make_one_that_expires_when_it_does(client: Client) -> None:
    brief = make_token(client, client.new_user(), "admin", "read", expires_in=3600)
    make_token(client, brief, "read", name="child", expires_in=3600)
    entry = next(t for t in listed(client, brief) if t["name"] == "child")
    assert entry["expires_at"] == "2030-01-01T01:00:00.000000Z"


def test_a_token_records_when_it_was_last_used(client: Client) -> None:
    token = client.new_user()
    secret = make_token(client, token, "read")
    assert listed(client, token)[1]["last_used_at"] is None
    client.get("/v1/users/me", token=secret)
    assert listed(client, token)[1]["last_used_at"] == "2030-01-01T00:00:00.000000Z"


@pytest.mark.sql_tables
def test_a_hash_changed_in_the_database_stops_working_within_seconds(
        app: Flask, client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody tells the processes of a change made by hand: the cache does not keep a
    token working for long (it was a minute)."""
    token = client.new_user()
    accounts: Accounts = app.extensions["ttr"].accounts
    now = [1000.0]
    monkeypatch.setattr(accounts, "_monotonic", lambda: now[0])
    assert accounts.holder(token) is not None
    with app.extensions["ttr"].store.transaction() as cur:
        cur.execute("UPDATE tokens SET token_sha256 = 'changed'")
    assert accounts.holder(token) is not None  # cached, for a few seconds
    now[0] += auth.CACHE_SECONDS
    assert accounts.holder(token) is None
    assert auth.CACHE_SECONDS <= 5


def test_every_operation_declares_its_scope(app: Flask) -> None:
    operations = {(method, openapi_path(rule.rule)) for rule in app.url_map.iter_rules()
                  if rule.rule.startswith("/v1/")
                  for method in rule.methods or () if method not in ("HEAD", "OPTIONS")}
    assert operations == set(SCOPE_OF)
    assert scope_of("POST", "/v1/something/new") == UNDECLARED


def test_the_spec_names_each_operations_scope(app: Flask) -> None:
    spec = build_spec(app)
    assert spec["paths"]["/v1/games"]["post"]["x-scope"] == "play"  # type: ignore[index]
    assert "x-scope" not in spec["paths"]["/v1/maps"]["get"]  # type: ignore[index]


# -- closing an account --------------------------------------------------------------------


def test_closing_an_account_revokes_all_its_tokens_at_once(client: Client) -> None:
    token = client.new_user()
    other = make_token(client, token, "read")
    assert client.get("/v1/users/me", token=other).status_code == 200
    assert client.request("DELETE", "/v1/users/me", token=token).status_code == 204
    assert [client.get("/v1/users/me", token=t).status_code for t in (token, other)] == \
        [401, 401]


def test_closing_an_account_needs_the_admin_scope(client: Client) -> None:
    player = make_token(client, client.new_user(), "play", "read")
    refused = client.request("DELETE", "/v1/users/me", token=player)
    assert refused.status_code == 403 and refused.json["scope"] == "admin"  # type: ignore[index]


def test_closing_an_account_resigns_its_games_in_play(client: Client) -> None:
    table = open_table(client, "usa", 3)
    assert client.request("DELETE", "/v1/users/me", token=table.tokens[2]).status_code == 204
    game = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
    events = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0]).json
    assert game["status"] == "playing"  # type: ignore[index]
    assert [p["out"] for p in game["players"]] == [None, None, "resigned"]  # type: ignore[index]
    assert "player_resigned" in [e["type"] for e in events["events"]]  # type: ignore[index]


def test_closing_an_account_leaves_the_tables_not_yet_started(client: Client) -> None:
    host, guest = client.new_user("Host"), client.new_user("Guest")
    game_id = client.post("/v1/games", token=host, json={"map": "usa", "seats": 3}).json["id"]  # type: ignore[index]
    client.post(f"/v1/games/{game_id}/players", token=guest, json={})
    assert client.request("DELETE", "/v1/users/me", token=guest).status_code == 204
    game = client.get(f"/v1/games/{game_id}", token=host).json
    assert [p["name"] for p in game["players"]] == ["Host"]  # type: ignore[index]


def test_a_closed_accounts_finished_games_keep_their_history(app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 2)
    client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[0],
                json={"type": "resign"})
    # finished: the score is in (the in-process scoring job runs on a thread of its own)
    deadline = time.monotonic() + 20
    while client.get(f"/v1/games/{table.game_id}/score").status_code != 200:
        assert time.monotonic() < deadline, "the game was never scored"
        time.sleep(0.05)
    before = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0]).json
    assert client.request("DELETE", "/v1/users/me", token=table.tokens[1]).status_code == 204
    after = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0]).json
    assert after == before


@pytest.mark.sql_tables
def test_a_closed_account_has_a_neutral_name(app: Flask, client: Client) -> None:
    token = client.new_user("Alice")
    user_id = client.get("/v1/users/me", token=token).json["id"]  # type: ignore[index]
    client.request("DELETE", "/v1/users/me", token=token)
    with app.extensions["ttr"].store.reading() as cur:
        cur.execute("SELECT name FROM users WHERE user_id = %s", (user_id,))
        assert cur.fetchone() == ("former player",)


def test_store_tokens_round_trip(app: Flask) -> None:
    store = app.extensions["ttr"].store
    user = store.create_user("u_x", "X", "hash-x", token_id="t_first")
    made = Token("t_two", user.user_id, "two", frozenset({"read"}), user.created_at,
                 None, user.created_at + timedelta(days=1))
    store.add_token(made, "hash-two")
    assert store.tokens_of("u_x")[1] == made
    assert store.token_by_hash("hash-two") == (user, made)
