"""The boards: the server lists the three maps it plays and serves each board as its data
file has it, with the route ids that claim moves name."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest
from flask import Flask

from domain.maps import map_entry
from events import MEMORY_URL
from service.problems import PROBLEM_JSON
from tests.api_support import Client, choose, make_app, open_table

MAPS = ("usa", "europe", "nordic")


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL)
    yield app
    app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def client(app: Flask) -> Client:
    return Client(app)


def board_data(name: str) -> dict[str, Any]:
    """The board as its file in domain/maps holds it."""
    data: dict[str, Any] = json.loads(
        resources.files("domain.maps").joinpath(f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_the_server_plays_three_maps(client: Client) -> None:
    maps = client.get("/v1/maps").json["maps"]  # type: ignore[index]
    assert [m["map"] for m in maps] == list(MAPS)
    for summary in maps:
        data = board_data(summary["map"])
        assert (summary["cities"], summary["routes"], summary["tickets"]) == (
            len(data["cities"]), len(data["routes"]), len(data["tickets"]))


def test_each_map_is_listed_under_the_title_its_registry_entry_gives(client: Client) -> None:
    maps = client.get("/v1/maps").json["maps"]  # type: ignore[index]
    assert {m["map"]: m["name"] for m in maps} == {
        "usa": "Ticket to Ride (North America)", "europe": "Ticket to Ride Europe",
        "nordic": "Ticket to Ride Nordic Countries"}
    assert all(m["name"] == map_entry(m["map"]).title for m in maps)


@pytest.mark.parametrize("name", MAPS)
def test_a_map_is_served_as_its_board_file_has_it(client: Client, name: str) -> None:
    board = client.get(f"/v1/maps/{name}").json
    data = board_data(name)
    assert board is not None and board["map"] == name
    assert board["cities"] == data["cities"]
    assert [r["id"] for r in board["routes"]] == [r["id"] for r in data["routes"]]
    assert [t["id"] for t in board["tickets"]] == [t["id"] for t in data["tickets"]]


@pytest.mark.parametrize("name", MAPS)
def test_a_map_says_where_each_of_its_cities_is_drawn(client: Client, name: str) -> None:
    board = client.get(f"/v1/maps/{name}").json
    assert board is not None
    layout = board["layout"]
    assert set(layout["cities"]) == set(board["cities"]) == set(layout["labels"])
    assert all(0 <= x <= layout["width"] and 0 <= y <= layout["height"]
               for x, y in layout["cities"].values())


@pytest.mark.parametrize("name", MAPS)
def test_claim_moves_name_routes_by_the_maps_route_ids(client: Client, name: str) -> None:
    route_ids = {r["id"] for r in client.get(f"/v1/maps/{name}").json["routes"]}  # type: ignore[index]
    table = open_table(client, name, 2)
    rng = random.Random(7)
    offered: set[str] = set()
    for _ in range(40):
        state = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
        assert state is not None and state["phase"] != "ended"
        seat = state["to_act"][0]
        moves = client.get(f"/v1/games/{table.game_id}/moves",
                           token=table.tokens[seat]).json["moves"]  # type: ignore[index]
        offered |= {m["route"] for m in moves if m["type"] == "claim_route"}
        assert client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                           json=choose(moves, rng)).status_code == 200
    events = client.get(f"/v1/games/{table.game_id}/events?after=0&limit=5000",
                        token=table.tokens[0]).json["events"]  # type: ignore[index]
    claimed = {e["data"]["route"] for e in events if e["type"] == "route_claimed"}
    assert offered and claimed
    assert offered <= route_ids and claimed <= route_ids


def test_an_unknown_map_is_not_found(client: Client) -> None:
    response = client.get("/v1/maps/atlantis")
    assert response.status_code == 404 and response.mimetype == PROBLEM_JSON
    assert response.json is not None and response.json["status"] == 404
