"""Hints for learners, through the HTTP API in the embedded mode: in an unrated game a
player with a decision to make is shown the hard level's bot's move for their seat (thought
out in the bots' thinking processes, from their seat's view), and the game's log and
export record that a hint was given; rated games, spectators and finished games get
none."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from events import MEMORY_URL, SqlStore, open_store
from events.verify import verify_export
from tests.api_support import Client, Table, make_app, open_table, play_to_the_end, wait_for_score
from worker.bot_turns import choose_command
from worker.hints import ADVISER, hint_rng
from worker.thinking import Thinking

BUDGET_MS = 600_000  # (the strong agent plays out all its playouts: its choice is fixed)


@pytest.fixture
def app() -> Iterator[Flask]:
    store: SqlStore = open_store(MEMORY_URL)
    app = make_app(MEMORY_URL, store=store, bot_pause=0.0, bot_budget_ms=BUDGET_MS,
                   bot_setup_budget_ms=BUDGET_MS)
    yield app
    app.extensions["ttr"].close()


def unrated(client: Client) -> Table:
    return open_table(client, "usa", 2, rated=False)


def hint(client: Client, game_id: str, token: str) -> Any:
    return client.post(f"/v1/games/{game_id}/hints", token=token)


def events_of(client: Client, game_id: str, token: str) -> list[dict[str, Any]]:
    page = client.get(f"/v1/games/{game_id}/events?after=0&limit=5000", token=token).json
    return page["events"]  # type: ignore[index,no-any-return]


def test_a_player_of_an_unrated_game_is_shown_the_strong_bots_move_from_their_view(
        app: Flask, client: Client) -> None:
    table = unrated(client)
    answer = hint(client, table.game_id, table.tokens[0])
    assert answer.status_code == 200, answer.json
    body = answer.json
    loaded = app.extensions["ttr"].log.state_at(table.game_id, body["version"])
    unbounded = Thinking(BUDGET_MS / 1000, setup_budget=BUDGET_MS / 1000)
    expected = choose_command(unbounded, ADVISER, loaded.game, 0,
                              hint_rng(table.game_id, body["version"], 0))
    assert body["seat"] == 0 and body["command"] == expected.as_dict()
    moves = client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[0]).json
    assert body["command"] in moves["moves"]  # type: ignore[index]
    followed = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[0],
                           json=body["command"])
    assert followed.status_code == 200, followed.json


def test_a_hint_is_recorded_in_the_games_log_with_the_seat_alone(client: Client) -> None:
    table = unrated(client)
    body = hint(client, table.game_id, table.tokens[1]).json
    [given] = [e for e in events_of(client, table.game_id, table.tokens[0])
               if e["type"] == "hint_given"]
    assert given["version"] == body["recorded_version"] == body["version"] + 1
    assert given["data"] == {"seat": 1} and given["hidden"] == []
    assert given["actor"]["seat"] == 1


def test_no_hint_in_a_rated_game(client: Client) -> None:
    table = open_table(client, "usa", 2, rated=True)
    refused = hint(client, table.game_id, table.tokens[0])
    assert refused.status_code == 422 and refused.json["code"] == "hints_rated"
    assert not any(e["type"] == "hint_given"
                   for e in events_of(client, table.game_id, table.tokens[0]))


def test_no_hint_for_a_spectator(client: Client) -> None:
    table = unrated(client)
    stranger = client.new_user("Onlooker")
    refused = hint(client, table.game_id, stranger)
    assert refused.status_code == 403 and refused.json["code"] == "not_seated"


def test_no_hint_when_it_is_not_the_players_decision(client: Client) -> None:
    table = unrated(client)
    for token in table.tokens:  # the setup's tickets: both keep what they were dealt
        moves = client.get(f"/v1/games/{table.game_id}/moves", token=token).json["moves"]  # type: ignore[index]
        keep = max((m for m in moves if m["type"] == "keep_tickets"),
                   key=lambda m: len(m["tickets"]))
        assert client.post(f"/v1/games/{table.game_id}/actions", token=token,
                           json=keep).status_code == 200
    state = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
    waiting = table.tokens[1 - state["to_act"][0]]  # type: ignore[index]
    refused = hint(client, table.game_id, waiting)
    assert refused.status_code == 422 and refused.json["code"] == "not_your_turn"


def test_the_export_of_a_game_with_hints_shows_them_and_still_verifies_and_analyses(
        client: Client) -> None:
    table = unrated(client)
    assert hint(client, table.game_id, table.tokens[0]).status_code == 200
    play_to_the_end(client, table)
    wait_for_score(client, table)
    export = client.get(f"/v1/games/{table.game_id}/export", token=table.tokens[0])
    lines = export.data.decode().splitlines()
    records = [json.loads(line) for line in lines if line]
    assert [r["data"] for r in records if r["type"] == "hint_given"] == [{"seat": 0}]
    assert verify_export(lines).ok
    analysis = client.get(f"/v1/games/{table.game_id}/analysis", token=table.tokens[0])
    assert analysis.status_code == 200, analysis.json  # the analysis passes over the hint
    late = hint(client, table.game_id, table.tokens[0])
    assert late.status_code == 422 and late.json["code"] == "game_over"
