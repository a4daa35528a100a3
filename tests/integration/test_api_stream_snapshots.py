"""A game stream asked for `snapshots=each`: after every write of events, the game as the
stream's holder now sees it and, for a seat, its legal moves, so that a page following
the game needs no request of its own after a change (and sees nothing it may not)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tests.api_support import Client, Table, make_app, open_table, read_sse

STREAM = {"Accept": "text/event-stream"}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(f"sqlite:///{tmp_path / 'snapshots.sqlite3'}", sse_keepalive=0.2)
    yield app
    app.extensions["ttr"].close()


def keep(client: Client, table: Table, seat: int) -> None:
    """Seat `seat` keeps its setup tickets (a move any seat may make at the start)."""
    moves = client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[seat]).json
    move = next(m for m in moves["moves"] if m["type"] == "keep_tickets")  # type: ignore[index]
    answer = client.fork().post(f"/v1/games/{table.game_id}/actions",
                                token=table.tokens[seat], json=move)
    assert answer.status_code == 200, answer.json


def stream_around_a_move(client: Client, table: Table, token: str | None, mover: int,
                         query: str = "?snapshots=each") -> list[dict[str, Any]]:
    """The messages of a stream held by `token` (None: a visitor) from its start until
    a keep-alive after seat `mover`'s move: (event, data) of each."""
    acting: list[threading.Thread] = []

    def act_once_started_then_wait_for_quiet(messages: list[dict[str, str]]) -> bool:
        if any(m.get("event") == "snapshot" for m in messages) and not acting:
            acting.append(threading.Thread(target=keep, args=(client, table, mover)))
            acting[0].start()
        moved = any(m.get("event") == "tickets_kept" for m in messages)
        return moved and messages[-1].get("comment") == "keep-alive"

    response = client.get(f"/v1/games/{table.game_id}/events{query}", token=token,
                          headers=STREAM, buffered=False)
    assert response.status_code == 200
    messages = read_sse(response, act_once_started_then_wait_for_quiet)[1]
    for thread in acting:
        thread.join()
    return [{"event": m["event"], "data": json.loads(m["data"])}
            for m in messages if "event" in m and m["event"] != "spectators"]


def kinds(messages: list[dict[str, Any]]) -> list[str]:
    return [m["event"] for m in messages]


def test_a_seats_stream_sends_the_game_and_its_moves_after_each_change(client: Client) -> None:
    table = open_table(client, "usa", 2)
    messages = stream_around_a_move(client, table, table.tokens[0], mover=1)
    assert kinds(messages) == ["snapshot", "moves", "tickets_kept", "snapshot", "moves"]
    event, snapshot, moves = (m["data"] for m in messages[2:])
    assert snapshot["version"] == moves["version"] == event["version"]


def test_the_moves_a_stream_sends_are_those_the_moves_endpoint_answers(client: Client) -> None:
    table = open_table(client, "usa", 2)
    messages = stream_around_a_move(client, table, table.tokens[0], mover=1)
    asked = client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[0]).json
    assert messages[-1]["data"] == asked


def test_a_snapshot_after_a_change_shows_the_streams_own_seat_only(client: Client) -> None:
    table = open_table(client, "usa", 3)
    messages = stream_around_a_move(client, table, table.tokens[2], mover=0)
    snapshot, moves = messages[-2]["data"], messages[-1]["data"]
    assert snapshot["you"]["seat"] == 2 and moves["seat"] == 2
    seen = client.get(f"/v1/games/{table.game_id}", token=table.tokens[2]).json
    assert snapshot["you"] == seen["you"]  # type: ignore[index]


def test_a_spectators_stream_gets_the_game_but_no_hand_and_no_moves(client: Client) -> None:
    table = open_table(client, "usa", 2)
    watcher = client.new_user("Watcher")
    messages = stream_around_a_move(client, table, watcher, mover=0)
    assert kinds(messages) == ["snapshot", "tickets_kept", "snapshot"]
    assert all("you" not in m["data"] or m["data"]["you"] is None
               for m in messages if m["event"] == "snapshot")


def test_a_stream_not_asking_for_snapshots_sends_only_the_first(client: Client) -> None:
    table = open_table(client, "usa", 2)
    messages = stream_around_a_move(client, table, table.tokens[0], mover=1, query="")
    assert kinds(messages) == ["snapshot", "tickets_kept"]


def test_snapshots_is_start_or_each(client: Client) -> None:
    table = open_table(client, "usa", 2)
    answer = client.get(f"/v1/games/{table.game_id}/events?snapshots=always",
                        token=table.tokens[0], headers=STREAM)
    assert answer.status_code == 400
    assert answer.json is not None and "snapshots" in json.dumps(answer.json)


def test_a_player_whose_seat_a_stand_in_holds_gets_a_spectators_snapshot(
        client: Client) -> None:
    table = open_table(client, "usa", 2, stand_in=True, stand_in_level="easy")
    quitter = table.tokens[1]
    resigned: list[threading.Thread] = []

    def resign() -> None:
        client.fork().post(f"/v1/games/{table.game_id}/actions", token=quitter,
                           json={"type": "resign"})

    def resign_once_started_then_wait_for_quiet(messages: list[dict[str, str]]) -> bool:
        if any(m.get("event") == "snapshot" for m in messages) and not resigned:
            resigned.append(threading.Thread(target=resign))
            resigned[0].start()
        seated = any(m.get("event") == "stand_in_seated" for m in messages)
        return seated and messages[-1].get("comment") == "keep-alive"

    response = client.get(f"/v1/games/{table.game_id}/events?snapshots=each", token=quitter,
                          headers=STREAM, buffered=False)
    messages = [m for m in read_sse(response, resign_once_started_then_wait_for_quiet)[1]
                if "event" in m and m["event"] != "spectators"]
    for thread in resigned:
        thread.join()
    after = messages[[m["event"] for m in messages].index("stand_in_seated"):]
    snapshots = [json.loads(m["data"]) for m in after if m["event"] == "snapshot"]
    assert snapshots and all(s["you"] is None for s in snapshots)
    assert "moves" not in [m["event"] for m in after]
