"""A fourth map written as data alone (tests/fixtures/maps/tinyland.json) plays whole
games like the shipped three: through the engine to the final score, and over HTTP
from creating the game to `GET /score`."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from openapi_core import Config, OpenAPI

from domain.audit import audit
from domain.autoplay import game_seed, play_random_game
from domain.ending import score_game
from domain.events import Event, RouteClaimed
from domain.evolve import replay
from domain.maps import MAP_NAMES, MapEntry
from service.api.pages import build_spec
from service.problems import PROBLEM_JSON
from tests.api_support import Client, make_app, open_table, play_to_the_end, wait_for_score
from tests.tinyland import NAME, registered

GAMES_PER_COUNT = 10


@pytest.fixture
def tinyland() -> Iterator[MapEntry]:
    with registered() as entry:
        yield entry


def random_games(entry: MapEntry) -> Iterator[tuple[int, list[Event]]]:
    """Random legal games of every player count, played to the end: (players, log)."""
    rules = entry.rules_in(1)
    for players in range(rules.min_players, rules.max_players + 1):
        for number in range(GAMES_PER_COUNT):
            game, log = play_random_game(NAME, players, game_seed(players, number),
                                         random.Random(number))
            assert game.phase == "ended"
            yield players, log


def test_random_games_of_the_data_map_end_and_are_scored(tinyland: MapEntry) -> None:
    for players, log in random_games(tinyland):
        game = replay(log)
        assert game.phase == "ended" and game.map == NAME
        scores = score_game(game)
        assert len(scores) == players
        assert any(s.winner for s in scores)


def test_games_of_the_data_map_pass_the_audit(tinyland: MapEntry) -> None:
    for _, log in random_games(tinyland):
        report = audit(log)
        assert report.ok, report.reason


def test_the_data_maps_tunnels_ferry_stations_and_double_route_are_played(
        tinyland: MapEntry) -> None:
    board = tinyland.board
    claimed: set[str] = set()
    types: set[str] = set()
    for _, log in random_games(tinyland):
        types |= {e.TYPE for e in log}
        claimed |= {e.route for e in log if isinstance(e, RouteClaimed)}
    tunnels = {r.id for r in board.routes if r.tunnel}
    ferries = {r.id for r in board.routes if r.ferry}
    doubles = {r.id for r in board.routes if r.double_group is not None}
    assert tunnels and ferries and len(doubles) == 2
    assert {"tunnel_attempted", "station_built"} <= types
    assert tunnels <= claimed and ferries <= claimed and doubles <= claimed


# -- over HTTP ----------------------------------------------------------------------

@pytest.fixture
def app(store_url: str, tinyland: MapEntry) -> Iterator[Flask]:
    app = make_app(store_url)
    yield app
    app.extensions["ttr"].close()


def contract_with_the_test_map(app: Flask) -> OpenAPI:
    """The served contract with the test map added wherever it lists the maps.

    The contract documents the maps the product ships (openapi.yaml must not change
    for a map that only the tests register), so a game of Tinyland is outside it in
    exactly one way: the `map` enums. Only those are widened; every response is still
    held to everything else the contract says.
    """
    def widen(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("enum") == list(MAP_NAMES):
                node["enum"] = [*MAP_NAMES, NAME]
            for value in node.values():
                widen(value)
        elif isinstance(node, list):
            for item in node:
                widen(item)

    spec = build_spec(app)
    widen(spec)
    return OpenAPI.from_dict(spec, config=Config(
        extra_media_type_deserializers={PROBLEM_JSON: json.loads}))


@pytest.fixture
def client(app: Flask) -> Client:
    return Client(app, contract_with_the_test_map(app))


def test_the_contract_lists_only_the_shipped_maps(app: Flask) -> None:
    enums: list[list[str]] = []

    def collect(node: Any) -> None:
        if isinstance(node, dict):
            if NAME in node.get("enum", ()) or "usa" in node.get("enum", ()):
                enums.append(node["enum"])
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for item in node:
                collect(item)

    collect(build_spec(app))
    assert enums and all(enum == list(MAP_NAMES) for enum in enums)


def test_the_server_lists_and_serves_a_registered_map(client: Client,
                                                      tinyland: MapEntry) -> None:
    maps = client.get("/v1/maps").json["maps"]  # type: ignore[index]
    listed = {m["map"]: m for m in maps}
    assert listed[NAME]["name"] == tinyland.title
    assert listed[NAME]["routes"] == len(tinyland.board.routes)
    board = client.get(f"/v1/maps/{NAME}").json
    assert board is not None
    assert [r["id"] for r in board["routes"]] == [r.id for r in tinyland.board.routes]
    assert board["rules"]["trains"] == tinyland.rules_in(1).trains


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_game_of_the_data_map_is_played_over_http_and_scored(
        client: Client, players: int) -> None:
    table = open_table(client, NAME, players)
    actions = play_to_the_end(client, table, seed=players, checked=True)
    assert actions > 10
    score = wait_for_score(client, table)
    assert len(score["players"]) == players
    assert score["winners"] and all(score["players"][s]["winner"] for s in score["winners"])
    final = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
    assert final is not None and final["status"] == "finished" and final["map"] == NAME


def test_the_lobby_lists_the_open_games_of_a_registered_map(client: Client) -> None:
    host = client.new_user("Host")
    created = client.post("/v1/games", token=host, json={"map": NAME, "seats": 3})
    assert created.status_code == 201, created.json
    lobby = client.get(f"/v1/games?map={NAME}", token=host)
    assert lobby.status_code == 200, lobby.json
    assert [g["id"] for g in lobby.json["games"]] == [created.json["id"]]  # type: ignore[index]
