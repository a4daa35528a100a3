"""Spectators: someone signed in who opens a game without a seat sees only what is
public, is counted as watching while their stream is held (not once more for a second
tab, and never a player), and is told, as every stream of the game is, how many watch;
the lobby lists the public games in progress to watch, never a private one."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from tests.api_support import Client, Table, make_app, open_table, read_sse

STREAM = {"Accept": "text/event-stream"}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = make_app(f"sqlite:///{tmp_path / 'watch.sqlite3'}", sse_keepalive=0.2,
                   spectator_ttl=1.0)
    yield app
    app.extensions["ttr"].close()


def eventually(condition: Callable[[], bool], timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def watching(client: Client, table: Table, token: str) -> int:
    game = client.get(f"/v1/games/{table.game_id}", token=token).json
    assert game is not None
    return int(game["spectators"])


def open_stream(client: Client, table: Table, token: str) -> tuple[TestResponse, dict[str, Any]]:
    """A stream of the game, read up to its snapshot (the spectator is counted by then)."""
    response = client.get(f"/v1/games/{table.game_id}/events", token=token, headers=STREAM,
                          buffered=False)
    chunks = iter(response.response)
    text = ""
    while "event: snapshot" not in text or not text.endswith("\n\n"):
        text += next(chunks).decode()
    data = next(line for line in text.split("\n") if line.startswith("data: {"))
    return response, json.loads(data.removeprefix("data: "))


def private_game(client: Client) -> Table:
    tokens = [client.new_user("Host"), client.new_user("Guest")]
    created = client.post("/v1/games", token=tokens[0],
                          json={"map": "usa", "seats": 2, "private": True}).json
    assert created is not None
    joined = client.post(f"/v1/games/{created['id']}/players", token=tokens[1],
                         json={"invite_code": created["invite_code"]})
    assert joined.status_code == 200, joined.json
    return Table(created["id"], tokens, created)


def test_a_spectator_sees_no_hand_and_no_tickets_of_anyone(client: Client) -> None:
    table = open_table(client, "usa", 2)
    game = client.get(f"/v1/games/{table.game_id}", token=client.new_user("Watcher")).json
    assert game is not None and game["status"] == "playing"
    assert game["you"] is None
    for player in game["players"]:
        assert not {"hand", "tickets", "pending_tickets"} & set(player)
        assert player["ticket_count"] + player["pending_ticket_count"] > 0


def test_a_spectators_snapshot_holds_no_hand_and_no_tickets(client: Client) -> None:
    table = open_table(client, "usa", 2)
    response, snapshot = open_stream(client, table, client.new_user("Watcher"))
    response.close()
    assert snapshot["you"] is None
    assert all(not {"hand", "tickets", "pending_tickets"} & set(p) for p in snapshot["players"])


def test_a_spectator_has_no_moves(client: Client) -> None:
    table = open_table(client, "usa", 2)
    moves = client.get(f"/v1/games/{table.game_id}/moves", token=client.new_user("Watcher")).json
    assert moves is not None and moves["seat"] is None and moves["moves"] == []


def test_nobody_watches_a_game_nobody_opened(client: Client) -> None:
    table = open_table(client, "usa", 2)
    assert watching(client, table, table.tokens[0]) == 0


def test_a_spectators_stream_counts_them_as_watching(client: Client) -> None:
    table = open_table(client, "usa", 2)
    response, snapshot = open_stream(client, table, client.new_user("Watcher"))
    assert snapshot["spectators"] == 1
    assert watching(client, table, table.tokens[0]) == 1
    response.close()


def test_the_count_drops_when_the_spectators_stream_ends(client: Client) -> None:
    table = open_table(client, "usa", 2)
    response, _ = open_stream(client, table, client.new_user("Watcher"))
    response.close()
    assert watching(client, table, table.tokens[0]) == 0


def test_a_spectator_whose_stream_went_quiet_lapses_after_the_ttl(client: Client) -> None:
    table = open_table(client, "usa", 2)
    response, _ = open_stream(client, table, client.new_user("Watcher"))
    # (no longer read: the stream sends no keep-alive, as a connection gone dead)
    assert watching(client, table, table.tokens[0]) == 1
    assert eventually(lambda: watching(client, table, table.tokens[0]) == 0)
    response.close()


def test_players_watching_their_own_game_are_not_spectators(client: Client) -> None:
    table = open_table(client, "usa", 2)
    streams = [open_stream(client, table, token)[0] for token in table.tokens]
    assert watching(client, table, table.tokens[0]) == 0
    for response in streams:
        response.close()


def test_a_player_a_stand_in_bot_sits_in_for_is_not_a_spectator(client: Client) -> None:
    table = open_table(client, "usa", 2, stand_in=True, stand_in_level="easy")
    quitter = table.tokens[1]
    resigned = client.post(f"/v1/games/{table.game_id}/actions", token=quitter,
                           json={"type": "resign"})
    assert resigned.status_code == 200, resigned.json

    def stood_in() -> bool:
        game = client.get(f"/v1/games/{table.game_id}", token=quitter).json
        return game is not None and game["players"][1]["stands_in_for"] is not None

    assert eventually(stood_in)
    response, snapshot = open_stream(client, table, quitter)
    assert snapshot["you"] is None and snapshot["spectators"] == 0
    response.close()


def test_the_same_user_in_two_tabs_counts_once(client: Client) -> None:
    table = open_table(client, "usa", 2)
    watcher = client.new_user("Watcher")
    first, _ = open_stream(client, table, watcher)
    second, snapshot = open_stream(client, table, watcher)
    assert snapshot["spectators"] == 1
    first.close()
    assert watching(client, table, table.tokens[0]) == 1  # still there in the other tab
    second.close()


def test_someone_not_signed_in_is_not_counted(client: Client) -> None:
    table = open_table(client, "usa", 2)
    response = client.get(f"/v1/games/{table.game_id}/events", headers=STREAM, buffered=False)
    read_sse(response, lambda messages: any(m.get("event") == "snapshot" for m in messages))
    assert watching(client, table, table.tokens[0]) == 0


def test_a_players_stream_is_told_how_many_watch_as_it_changes(client: Client) -> None:
    table = open_table(client, "usa", 2)
    player = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0],
                        headers=STREAM, buffered=False)
    counts: list[int] = []
    snapshot_in = threading.Event()

    def told(messages: list[dict[str, str]]) -> bool:
        if any(m.get("event") == "snapshot" for m in messages):
            snapshot_in.set()
        counts[:] = [json.loads(m["data"])["count"] for m in messages
                     if m.get("event") == "spectators"]
        return counts[-2:] == [1, 0]

    reader = threading.Thread(target=read_sse, args=(player, told), kwargs={"timeout": 30})
    reader.start()
    assert snapshot_in.wait(15)
    watcher = client.fork()
    spectator, _ = open_stream(watcher, table, watcher.new_user("Watcher"))
    assert eventually(lambda: 1 in counts)
    spectator.close()
    reader.join(30)
    assert counts[-2:] == [1, 0]


def test_the_lobby_lists_public_games_in_progress_to_watch(client: Client) -> None:
    playing = open_table(client, "usa", 2)
    waiting = client.post("/v1/games", token=client.new_user("Host"),
                          json={"map": "europe", "seats": 3}).json
    assert waiting is not None
    listed = client.get("/v1/games?status=playing").json
    assert listed is not None
    ids = [g["id"] for g in listed["games"]]
    assert playing.game_id in ids and waiting["id"] not in ids
    entry = next(g for g in listed["games"] if g["id"] == playing.game_id)
    assert entry["map"] == "usa" and [p["name"] for p in entry["players"]] == ["P0", "P1"]


def test_a_private_game_is_never_listed_to_watch(client: Client) -> None:
    hidden = private_game(client)
    assert client.get(f"/v1/games/{hidden.game_id}", token=hidden.tokens[0]).json[  # type: ignore[index]
        "status"] == "playing"
    for status in ("playing", "open"):
        listed = client.get(f"/v1/games?status={status}", token=hidden.tokens[0]).json
        assert listed is not None
        assert hidden.game_id not in [g["id"] for g in listed["games"]]


def test_the_lobby_lists_games_of_no_other_status(client: Client) -> None:
    answer = client.get("/v1/games?status=finished")
    assert answer.status_code == 400 and answer.json is not None
    assert answer.json["type"] == "/problems/invalid-request"


@pytest.fixture
def nodes(tmp_path: Path, redis_url: str, queue: str) -> Iterator[tuple[Client, Client]]:
    """Two API processes' apps behind one load balancer: one database, one Redis."""
    url = f"sqlite:///{tmp_path / 'nodes.sqlite3'}"
    apps = [make_app(url, redis_url=redis_url, queue=queue, sse_keepalive=0.2,
                     spectator_ttl=1.0) for _ in range(2)]
    yield Client(apps[0]), Client(apps[1])
    for app in apps:
        app.extensions["ttr"].close()


def test_a_spectator_on_one_api_process_is_counted_by_another(
        nodes: tuple[Client, Client]) -> None:
    first, second = nodes
    table = open_table(first, "usa", 2)
    spectator, _ = open_stream(first, table, first.new_user("Watcher"))
    assert watching(second, table, table.tokens[0]) == 1
    spectator.close()
    assert watching(second, table, table.tokens[0]) == 0


def test_a_players_stream_on_another_process_is_told_of_a_new_spectator(
        nodes: tuple[Client, Client]) -> None:
    first, second = nodes
    table = open_table(first, "usa", 2)
    player = second.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0],
                        headers=STREAM, buffered=False)
    counts: list[int] = []
    snapshot_in = threading.Event()

    def told(messages: list[dict[str, str]]) -> bool:
        if any(m.get("event") == "snapshot" for m in messages):
            snapshot_in.set()
        counts[:] = [json.loads(m["data"])["count"] for m in messages
                     if m.get("event") == "spectators"]
        return 1 in counts

    reader = threading.Thread(target=read_sse, args=(player, told), kwargs={"timeout": 30})
    reader.start()
    assert snapshot_in.wait(15)
    spectator, _ = open_stream(first, table, first.new_user("Watcher"))
    reader.join(30)
    spectator.close()
    assert 1 in counts
