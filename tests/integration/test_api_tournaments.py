"""Tournaments through the API, on every adapter: organised, joined until the start,
paired into started games at the start, refused with the rule a request breaks."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
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


def _entrants(client: Client, token: str, cup: dict[str, Any]) -> list[str]:
    return [e["name"] for e in client.get(f"/v1/tournaments/{cup['id']}", token=token)
            .json["entrants"]]


def test_a_player_may_leave_before_the_start(client: Client, clock: StillClock) -> None:
    host, ann = client.new_user("Host"), client.new_user("Ann")
    cup = organise(client, host, clock)
    client.post(f"/v1/tournaments/{cup['id']}/entrants", token=ann, json={})
    answer = client.request("DELETE", f"/v1/tournaments/{cup['id']}/entrants/me", token=ann)
    assert answer.status_code == 200, answer.json
    assert _entrants(client, host, cup) == []


def test_nobody_leaves_once_the_tournament_has_started(client: Client,
                                                       clock: StillClock) -> None:
    host, ann = client.new_user("Host"), client.new_user("Ann")
    cup = organise(client, host, clock)
    client.post(f"/v1/tournaments/{cup['id']}/entrants", token=ann, json={})
    client.post(f"/v1/tournaments/{cup['id']}/entrants", token=host, json={"bot_level": "easy"})
    clock.now += timedelta(hours=1)
    answer = client.request("DELETE", f"/v1/tournaments/{cup['id']}/entrants/me", token=ann)
    assert answer.json is not None and answer.json["code"] == "tournament_started"


def test_a_player_cannot_take_another_out(client: Client, clock: StillClock) -> None:
    host, ann, bob = client.new_user("Host"), client.new_user("Ann"), client.new_user("Bob")
    cup = organise(client, host, clock)
    joined = client.post(f"/v1/tournaments/{cup['id']}/entrants", token=ann, json={}).json
    ann_id = joined["entrants"][0]["id"]  # type: ignore[index]
    answer = client.request("DELETE", f"/v1/tournaments/{cup['id']}/entrants/{ann_id}",
                            token=bob)
    assert answer.json is not None and answer.json["code"] == "not_organiser"
    assert _entrants(client, host, cup) == ["Ann"]


def test_leaving_a_tournament_one_is_not_in_is_refused(client: Client,
                                                       clock: StillClock) -> None:
    host, ann = client.new_user("Host"), client.new_user("Ann")
    cup = organise(client, host, clock)
    answer = client.request("DELETE", f"/v1/tournaments/{cup['id']}/entrants/me", token=ann)
    assert answer.json is not None and answer.json["code"] == "not_joined"


def test_a_bot_added_after_one_was_taken_out_gets_an_id_of_its_own(
        client: Client, clock: StillClock) -> None:
    host = client.new_user("Host")
    cup = organise(client, host, clock)
    path = f"/v1/tournaments/{cup['id']}/entrants"
    client.post(path, token=host, json={"bot_level": "easy"})
    client.post(path, token=host, json={"bot_level": "easy"})
    client.request("DELETE", f"{path}/tb_easy_1", token=host)
    answer = client.post(path, token=host, json={"bot_level": "easy"})
    assert answer.status_code == 201, answer.json
    assert [(e["id"], e["name"]) for e in answer.json["entrants"]] == [  # type: ignore[index]
        ("tb_easy_2", "Easy bot 2"), ("tb_easy_3", "Easy bot 3")]


def test_the_organiser_may_start_before_the_start_time(client: Client,
                                                       clock: StillClock) -> None:
    host = client.new_user("Host")
    cup = organise(client, host, clock)
    for _ in range(2):
        client.post(f"/v1/tournaments/{cup['id']}/entrants", token=host,
                    json={"bot_level": "easy"})
    answer = client.post(f"/v1/tournaments/{cup['id']}/start", token=host)
    assert answer.status_code == 200, answer.json
    assert answer.json is not None and answer.json["status"] == "playing"
    assert datetime.fromisoformat(answer.json["starts_at"]) == clock()
    assert len(answer.json["played_rounds"]) == 1


def test_only_the_organiser_starts_a_tournament_early(client: Client,
                                                      clock: StillClock) -> None:
    host, ann = client.new_user("Host"), client.new_user("Ann")
    cup = organise(client, host, clock)
    answer = client.post(f"/v1/tournaments/{cup['id']}/start", token=ann)
    assert answer.json is not None and answer.json["code"] == "not_organiser"
    assert client.get(f"/v1/tournaments/{cup['id']}", token=host).json["status"] == "open"
