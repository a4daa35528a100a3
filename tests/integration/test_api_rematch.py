"""Rematch through the API, on every adapter (both databases and the in-memory store):
the players of a finished game offer and accept a rematch, which starts a new game
with the same seats and settings; bots accept at once; the offer lapses after its
time or when declined; only the game's players may answer, and not before its end."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask

from tests.api_support import Client, StillClock, app_on, feed_games, open_table


@pytest.fixture
def clock() -> StillClock:
    return StillClock()


@pytest.fixture
def app(adapter_url: str, clock: StillClock) -> Iterator[Flask]:
    """The app on each adapter."""
    yield from app_on(adapter_url, clock)


def finished_game(client: Client, players: int = 2, **options: Any) -> tuple[str, list[str]]:
    """A game whose players all but the first resigned (so it is over)."""
    table = open_table(client, "nordic", players, **options)
    for token in table.tokens[1:]:
        resigned = client.post(f"/v1/games/{table.game_id}/actions", token=token,
                               json={"type": "resign"})
        assert resigned.status_code == 200, resigned.json
    state = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
    assert state is not None and state["phase"] == "ended"
    return table.game_id, table.tokens


def rematch(client: Client, game_id: str, token: str, method: str = "POST",
            status: int = 200) -> dict[str, Any]:
    answer = client.request(method, f"/v1/games/{game_id}/rematch", token=token)
    assert answer.status_code == status, answer.json
    return answer.json  # type: ignore[return-value]


def test_a_rematch_starts_a_new_game_with_the_same_seats_once_all_accept(
        client: Client) -> None:
    game_id, (alice, bob) = finished_game(client)
    offered = rematch(client, game_id, alice)
    assert (offered["state"], offered["accepted"], offered["new_game_id"]) == (
        "offered", 1, None)
    started = rematch(client, game_id, bob)
    assert started["state"] == "started" and started["new_game_id"] != game_id
    old = client.get(f"/v1/games/{game_id}", token=alice).json
    new = client.get(f"/v1/games/{started['new_game_id']}", token=alice).json
    assert old is not None and new is not None and new["status"] == "playing"
    assert [p["name"] for p in new["players"]] == [p["name"] for p in old["players"]]
    assert rematch(client, game_id, alice, "GET")["new_game_id"] == started["new_game_id"]


def test_the_rematch_keeps_the_games_settings(client: Client) -> None:
    game_id, (alice, bob) = finished_game(client, rated=False, drop_after_timeouts=5)
    rematch(client, game_id, alice)
    new_id = rematch(client, game_id, bob)["new_game_id"]
    new = client.get(f"/v1/games/{new_id}", token=alice).json
    assert new is not None and new["map"] == "nordic"
    assert (new["options"]["rated"], new["options"]["drop_after_timeouts"]) == (False, 5)
    assert new["seed_commitment"] != client.get(f"/v1/games/{game_id}",
                                                token=alice).json["seed_commitment"]


def test_the_players_hear_of_the_new_game_in_their_feeds(client: Client) -> None:
    game_id, (alice, bob) = finished_game(client)
    rematch(client, game_id, alice)
    new_id = rematch(client, game_id, bob)["new_game_id"]
    for token in (alice, bob):
        assert new_id in feed_games(client, token, new_id)


def test_bots_accept_at_once(client: Client) -> None:
    alice = client.new_user("Alice")
    created = client.post("/v1/games", token=alice,
                          json={"map": "nordic", "seats": 2, "bots": ["easy"]}).json
    assert created is not None
    resigned = client.post(f"/v1/games/{created['id']}/actions", token=alice,
                           json={"type": "resign"})
    assert resigned.status_code == 200, resigned.json
    started = rematch(client, created["id"], alice)
    assert started["state"] == "started"
    assert [(p["bot"], p["accepted"]) for p in started["players"]] == [
        (False, True), (True, True)]


def test_a_private_games_rematch_is_private_with_its_players_seated(
        client: Client) -> None:
    alice, bob = client.new_user("Alice"), client.new_user("Bob")
    made = client.post("/v1/games", token=alice,
                       json={"map": "nordic", "seats": 2, "private": True}).json
    assert made is not None
    joined = client.post(f"/v1/games/{made['id']}/players", token=bob,
                         json={"invite_code": made["invite_code"]})
    assert joined.status_code == 200, joined.json
    client.post(f"/v1/games/{made['id']}/actions", token=bob, json={"type": "resign"})
    rematch(client, made["id"], alice)
    new_id = rematch(client, made["id"], bob)["new_game_id"]
    new = client.get(f"/v1/games/{new_id}", token=bob).json
    assert new is not None and new["private"] and new["status"] == "playing"
    assert client.get(f"/v1/games/{new_id}", token=client.new_user("Eve")).status_code == 404


def test_offering_again_changes_nothing(client: Client) -> None:
    game_id, (alice, *_) = finished_game(client, 3)
    first = rematch(client, game_id, alice)
    again = rematch(client, game_id, alice)
    assert (again["accepted"], again["offered_at"]) == (1, first["offered_at"])


def test_the_offer_lapses_after_its_time(client: Client, clock: StillClock) -> None:
    game_id, (alice, bob) = finished_game(client)
    rematch(client, game_id, alice)
    clock.now += timedelta(minutes=10)
    assert rematch(client, game_id, bob, "GET")["state"] == "lapsed"
    refused = rematch(client, game_id, bob, status=422)
    assert refused["code"] == "rematch_lapsed" and "10 minutes" in refused["rule"]


def test_a_declined_offer_lapses_for_everyone(client: Client) -> None:
    game_id, (alice, bob, carol) = finished_game(client, 3)
    rematch(client, game_id, alice)
    assert rematch(client, game_id, bob, "DELETE")["state"] == "declined"
    assert rematch(client, game_id, carol, status=422)["code"] == "rematch_lapsed"


def test_only_the_games_players_may_answer(client: Client) -> None:
    game_id, _ = finished_game(client)
    refused = rematch(client, game_id, client.new_user("Eve"), status=403)
    assert refused["code"] == "not_seated"


def test_no_rematch_before_the_game_is_over(client: Client) -> None:
    table = open_table(client, "nordic", 2)
    refused = rematch(client, table.game_id, table.tokens[0], status=422)
    assert refused["code"] == "rematch_not_over"
