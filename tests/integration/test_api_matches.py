"""Quick match through the API, on every adapter (both databases and the in-memory
store): requests that agree sit at one game that starts at once, impossible requests
are refused with the rule they break, cancelling works, bots fill a table after the
wait a player chose."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask

from tests.api_support import Client, StillClock, app_on, feed_games


@pytest.fixture
def clock() -> StillClock:
    return StillClock()


@pytest.fixture
def app(adapter_url: str, clock: StillClock) -> Iterator[Flask]:
    """The app on each adapter."""
    yield from app_on(adapter_url, clock)


def ask(client: Client, token: str, status: int = 201, **body: Any) -> dict[str, Any]:
    answer = client.post("/v1/matches", token=token, json=body)
    assert answer.status_code == status, answer.json
    return answer.json  # type: ignore[return-value]


def look(client: Client, token: str, request_id: str) -> dict[str, Any]:
    answer = client.get(f"/v1/matches/{request_id}", token=token)
    assert answer.status_code == 200, answer.json
    return answer.json  # type: ignore[return-value]


def test_two_players_asking_for_the_same_game_sit_at_one_that_has_started(
        client: Client) -> None:
    alice, bob = client.new_user("Alice"), client.new_user("Bob")
    first = ask(client, alice, map="nordic")
    assert (first["state"], first["game_id"]) == ("waiting", None)
    second = ask(client, bob, map=None)
    assert second["state"] == "matched" and second["game_map"] == "nordic"
    assert look(client, alice, first["id"])["game_id"] == second["game_id"]
    game = client.get(f"/v1/games/{second['game_id']}", token=alice).json
    assert game is not None and game["status"] == "playing"
    assert sorted(p["name"] for p in game["players"]) == ["Alice", "Bob"]


def test_a_matched_game_is_in_each_players_feed(client: Client) -> None:
    alice, bob = client.new_user("Alice"), client.new_user("Bob")
    ask(client, alice)
    game_id = ask(client, bob)["game_id"]
    for token in (alice, bob):
        assert game_id in feed_games(client, token, game_id)


def test_requests_that_differ_in_pace_or_rating_do_not_sit_together(client: Client) -> None:
    tokens = [client.new_user(f"P{i}") for i in range(3)]
    ask(client, tokens[0], turn_time_limit=120)
    assert ask(client, tokens[1], days_per_turn=2)["state"] == "waiting"
    assert ask(client, tokens[2], turn_time_limit=120, rated=False)["state"] == "waiting"


def test_five_players_on_nordic_are_refused_by_the_maps_rule(client: Client) -> None:
    refused = ask(client, client.new_user(), 422, map="nordic", min_players=5)
    assert refused["code"] == "match_players" and "2 to 3 players" in refused["rule"]


def test_a_turn_time_below_the_servers_least_is_refused(client: Client) -> None:
    refused = ask(client, client.new_user(), 422, turn_time_limit=5)
    assert refused["code"] == "match_turn_time"


def test_live_and_correspondence_at_once_is_refused(client: Client) -> None:
    refused = ask(client, client.new_user(), 422, turn_time_limit=120, days_per_turn=1)
    assert refused["code"] == "match_pace"


def test_a_second_waiting_request_is_refused_naming_the_first(client: Client) -> None:
    token = client.new_user()
    first = ask(client, token, map="usa")
    refused = ask(client, token, 409, map="usa")
    assert (refused["code"], refused["request_id"]) == ("match_waiting", first["id"])


def test_a_cancelled_request_is_never_seated(client: Client) -> None:
    alice, bob = client.new_user("Alice"), client.new_user("Bob")
    first = ask(client, alice)
    cancelled = client.request("DELETE", f"/v1/matches/{first['id']}", token=alice).json
    assert cancelled is not None and cancelled["state"] == "cancelled"
    assert ask(client, bob)["state"] == "waiting"


def test_nobody_sees_or_cancels_another_players_request(client: Client) -> None:
    alice, bob = client.new_user("Alice"), client.new_user("Bob")
    first = ask(client, alice)
    assert client.get(f"/v1/matches/{first['id']}", token=bob).status_code == 404
    assert client.request("DELETE", f"/v1/matches/{first['id']}",
                          token=bob).status_code == 404
    assert look(client, alice, first["id"])["state"] == "waiting"


def test_bots_of_the_chosen_level_take_the_empty_seats_after_the_wait(
        client: Client, clock: StillClock) -> None:
    alice = client.new_user("Alice")
    request = ask(client, alice, map="usa", min_players=3, bots_after=30, bot_level="easy")
    assert look(client, alice, request["id"])["state"] == "waiting"
    clock.now += timedelta(seconds=31)
    end = time.monotonic() + 20
    while look(client, alice, request["id"])["state"] == "waiting":
        assert time.monotonic() < end, "the bots' job did not run"
        time.sleep(0.05)
    game = client.get(f"/v1/games/{look(client, alice, request['id'])['game_id']}",
                      token=alice).json
    assert game is not None and game["status"] == "playing"
    assert [(p["bot"], p["level"]) for p in game["players"]] == [
        (False, None), (True, "easy"), (True, "easy")]
