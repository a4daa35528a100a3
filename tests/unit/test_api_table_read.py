"""A table's first read (`GET /v1/games/{id}/table`): the game, its events and the
caller's moves, all of one version, each as its own read answers it; nothing for a
spectator to play, and nothing of a private game for an outsider."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from events import MEMORY_URL
from tests.api_support import Client, Table, choose, make_app, open_table


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL)
    yield app
    app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def client(app: Flask) -> Client:
    return Client(app)


@pytest.fixture(scope="module")
def table(client: Client) -> Table:
    """A three-player game some turns in."""
    table = open_table(client, "europe", 3)
    rng = random.Random(3)
    for _ in range(12):
        state = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
        assert state is not None
        seat = state["to_act"][0]
        moves = client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[seat]).json
        assert moves is not None
        assert client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                           json=choose(moves["moves"], rng)).status_code == 200
    return table


def read(client: Client, table: Table, token: str | None) -> dict[str, Any]:
    response = client.get(f"/v1/games/{table.game_id}/table", token=token)
    assert response.status_code == 200, response.json
    answer: dict[str, Any] = response.json  # type: ignore[assignment]
    return answer


def test_the_game_its_events_and_my_moves_are_of_one_version(client: Client,
                                                             table: Table) -> None:
    answer = read(client, table, table.tokens[1])
    version = answer["game"]["version"]
    assert answer["events"]["version"] == answer["moves"]["version"] == version
    assert answer["events"]["events"][-1]["version"] == version


def test_each_part_is_what_its_own_read_answers(client: Client, table: Table) -> None:
    for seat, token in enumerate(table.tokens):
        answer = read(client, table, token)
        path = f"/v1/games/{table.game_id}"
        assert answer["game"] == client.get(path, token=token).json
        assert answer["events"] == client.get(f"{path}/events?after=0&limit=5000",
                                              token=token).json
        assert answer["moves"] == client.get(f"{path}/moves", token=token).json
        assert answer["moves"]["seat"] == seat


def test_a_spectator_has_no_moves(client: Client, table: Table) -> None:
    for token in (None, client.new_user("Spectator")):
        answer = read(client, table, token)
        assert answer["moves"] is None
        assert answer["game"]["you"] is None


def test_a_private_game_is_not_found_by_an_outsider(client: Client) -> None:
    creator = client.new_user("Host")
    game = client.post("/v1/games", token=creator,
                       json={"map": "nordic", "seats": 2, "private": True}).json
    assert game is not None
    path = f"/v1/games/{game['id']}/table"
    assert client.get(path, token=client.new_user("Outsider")).status_code == 404
    assert client.get(path, token=creator).status_code == 200


def test_no_such_game_is_not_found(client: Client) -> None:
    response = client.get("/v1/games/g_nosuchgame/table")
    assert response.status_code == 404
    assert response.json is not None and response.json["type"] == "/problems/not-found"
