"""Tournaments through the API, on every adapter: organised, joined until the start,
paired into started games at the start, refused with the rule a request breaks."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

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


def organise(client: Client, token: str, clock: StillClock, **more: Any) -> dict[str, Any]:
    body = {"name": "Autumn cup", "map": "usa", "players_per_table": 2, "rounds": 2,
            "starts_at": (clock() + timedelta(hours=1)).isoformat(), **more}
    answer = client.post("/v1/tournaments", token=token, json=body)
    assert answer.status_code == 201, answer.json
    return answer.json  # type: ignore[return-value]


def test_players_join_an_open_tournament(client: Client, clock: StillClock) -> None:
    host, ann = client.new_user("Host"), client.new_user("Ann")
    cup = organise(client, host, clock)
    answer = client.post(f"/v1/tournaments/{cup['id']}/entrants", token=ann, json={})
    assert answer.status_code == 201, answer.json
    assert answer.json is not None and [e["name"] for e in answer.json["entrants"]] == ["Ann"]


def test_the_first_round_is_paired_into_started_games_at_the_start(
        client: Client, clock: StillClock) -> None:
    host = client.new_user("Host")
    cup = organise(client, host, clock)
    for _ in range(2):
        client.post(f"/v1/tournaments/{cup['id']}/entrants", token=host,
                    json={"bot_level": "easy"})
    client.post(f"/v1/tournaments/{cup['id']}/entrants", token=host, json={})
    assert client.get(f"/v1/tournaments/{cup['id']}", token=host).json["status"] == "open"
    clock.now += timedelta(hours=1)
    seen = client.get(f"/v1/tournaments/{cup['id']}", token=host).json
    assert seen["status"] == "playing"
    tables = seen["played_rounds"][0]["tables"]
    assert sorted(len(t["entrants"]) for t in tables) == [3]
    game = client.get(f"/v1/games/{tables[0]['game_id']}", token=host).json
    assert game is not None and game["status"] == "playing"


def test_bots_are_refused_where_the_organiser_allowed_none(
        client: Client, clock: StillClock) -> None:
    host = client.new_user("Host")
    cup = organise(client, host, clock, bots_allowed=False)
    answer = client.post(f"/v1/tournaments/{cup['id']}/entrants", token=host,
                         json={"bot_level": "easy"})
    assert answer.status_code in (409, 422) and answer.json is not None
    assert answer.json["code"] == "bots_not_allowed"


def test_an_invitation_only_tournament_refuses_a_player_joining_alone(
        client: Client, clock: StillClock) -> None:
    host, ann = client.new_user("Host"), client.new_user("Ann")
    cup = organise(client, host, clock, invitation_only=True)
    answer = client.post(f"/v1/tournaments/{cup['id']}/entrants", token=ann, json={})
    assert answer.json is not None and answer.json["code"] == "invitation_only"


def test_a_pace_both_live_and_correspondence_is_refused(client: Client,
                                                        clock: StillClock) -> None:
    host = client.new_user("Host")
    answer = client.post("/v1/tournaments", token=host, json={
        "name": "Cup", "map": "usa", "turn_time_limit": 120, "days_per_turn": 2})
    assert answer.json is not None and answer.json["code"] == "tournament_pace"


def test_an_unknown_tournament_is_not_found(client: Client) -> None:
    host = client.new_user("Host")
    assert client.get("/v1/tournaments/t_nothing", token=host).status_code == 404
    assert client.get("/v1/tournaments/t_nothing/log", token=host).status_code == 404


def test_the_log_names_every_event_in_order(client: Client, clock: StillClock) -> None:
    host = client.new_user("Host")
    cup = organise(client, host, clock)
    client.post(f"/v1/tournaments/{cup['id']}/entrants", token=host, json={})
    events = client.get(f"/v1/tournaments/{cup['id']}/log", token=host).json["events"]
    assert [(e["version"], e["type"]) for e in events] == [
        (1, "tournament_created"), (2, "entrant_joined")]
