"""A shared link of a private game carries a share: a read-only capability for that one
game, which reads its export and analysis and nothing else, until it expires or is
revoked. On every adapter (both databases and the in-memory store)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from flask import Flask

from tests.api_support import Client, StillClock, app_on


@pytest.fixture
def clock() -> StillClock:
    return StillClock()


@pytest.fixture
def app(adapter_url: str, clock: StillClock) -> Iterator[Flask]:
    """The app on each adapter."""
    yield from app_on(adapter_url, clock)


def private_game(client: Client) -> tuple[str, str]:
    """A private game (its creator seated) and its creator's token."""
    token = client.new_user("Alice")
    made = client.post("/v1/games", token=token,
                       json={"map": "nordic", "seats": 2, "private": True}).json
    assert made is not None
    return made["id"], token


def share(client: Client, game_id: str, token: str, **body: object) -> dict[str, str]:
    made = client.post(f"/v1/games/{game_id}/shares", token=token, json=body)
    assert made.status_code == 201, made.json
    return made.json  # type: ignore[return-value]


def as_share(capability: str) -> dict[str, str]:
    return {"Authorization": f"Share {capability}"}


def test_a_share_reads_its_private_games_export(client: Client) -> None:
    game_id, token = private_game(client)
    capability = share(client, game_id, token)["capability"]
    assert client.get(f"/v1/games/{game_id}/export").status_code == 404
    export = client.get(f"/v1/games/{game_id}/export", headers=as_share(capability))
    assert export.status_code == 200
    assert '"type": "game_created"' in export.get_data(True)


def test_a_share_link_carries_the_capability_in_its_fragment(client: Client) -> None:
    game_id, token = private_game(client)
    made = share(client, game_id, token)
    assert made["link"] == f"/games/{game_id}/replay#share={made['capability']}"
    assert token not in made["link"]


def test_a_share_reads_no_other_game(client: Client) -> None:
    game_id, token = private_game(client)
    other, _ = private_game(client)
    capability = share(client, game_id, token)["capability"]
    assert client.get(f"/v1/games/{other}/export",
                      headers=as_share(capability)).status_code == 404
    assert client.get(f"/v1/games/{other}/analysis",
                      headers=as_share(capability)).status_code == 404


def test_a_share_reads_nothing_but_the_games_record(client: Client) -> None:
    game_id, token = private_game(client)
    headers = as_share(share(client, game_id, token)["capability"])
    assert client.get(f"/v1/games/{game_id}", headers=headers).status_code == 404
    assert client.get(f"/v1/games/{game_id}/events", headers=headers).status_code == 404
    assert client.get("/v1/users/me", headers=headers).status_code == 401


def test_a_share_cannot_act_or_post(client: Client) -> None:
    game_id, token = private_game(client)
    headers = as_share(share(client, game_id, token)["capability"])
    acted = client.post(f"/v1/games/{game_id}/actions", headers=headers,
                        json={"type": "resign"})
    assert acted.status_code == 401
    assert client.post(f"/v1/games/{game_id}/start", headers=headers).status_code == 401
    assert client.post(f"/v1/games/{game_id}/shares", headers=headers,
                       json={}).status_code == 401


def test_no_token_is_made_from_a_share(client: Client) -> None:
    game_id, token = private_game(client)
    capability = share(client, game_id, token)["capability"]
    assert client.post("/v1/users/me/tokens", headers=as_share(capability),
                       json={"name": "mine", "scopes": ["read"]}).status_code == 401
    assert client.post("/v1/signin-codes", headers=as_share(capability),
                       json={}).status_code == 401
    assert client.post("/v1/signin", json={"code": capability}).status_code == 401
    assert client.get("/v1/users/me", token=capability).status_code == 401


def test_a_revoked_share_is_refused(client: Client) -> None:
    game_id, token = private_game(client)
    made = share(client, game_id, token)
    assert client.request("DELETE", f"/v1/games/{game_id}/shares/{made['id']}",
                          token=token).status_code == 204
    refused = client.get(f"/v1/games/{game_id}/export", headers=as_share(made["capability"]))
    assert refused.status_code == 401
    assert refused.json is not None and "revoked" in refused.json["detail"]


def test_a_share_expires_when_its_player_chose(client: Client, clock: StillClock) -> None:
    game_id, token = private_game(client)
    made = share(client, game_id, token, expires_in=3600)
    clock.now += timedelta(hours=1)
    assert client.get(f"/v1/games/{game_id}/export",
                      headers=as_share(made["capability"])).status_code == 401
    listed = client.get(f"/v1/games/{game_id}/shares", token=token).json
    assert listed == {"shares": []}


def test_a_share_lasts_a_week_unless_chosen(client: Client, clock: StillClock) -> None:
    game_id, token = private_game(client)
    made = share(client, game_id, token)
    assert datetime.fromisoformat(made["expires_at"]) == clock.now + timedelta(days=7)


def test_only_a_player_shares_a_game(client: Client) -> None:
    game_id, _ = private_game(client)
    stranger = client.new_user("Mallory")
    assert client.post(f"/v1/games/{game_id}/shares", token=stranger,
                       json={}).status_code == 404
    public = client.post("/v1/games", token=client.new_user("Bob"),
                         json={"map": "nordic", "seats": 2}).json
    assert public is not None
    refused = client.post(f"/v1/games/{public['id']}/shares", token=stranger, json={})
    assert refused.status_code == 403


def test_nobody_revokes_another_players_share(client: Client) -> None:
    game_id, token = private_game(client)
    made = share(client, game_id, token)
    stranger = client.new_user("Mallory")
    assert client.request("DELETE", f"/v1/games/{game_id}/shares/{made['id']}",
                          token=stranger).status_code == 404
    assert client.get(f"/v1/games/{game_id}/export",
                      headers=as_share(made["capability"])).status_code == 200
