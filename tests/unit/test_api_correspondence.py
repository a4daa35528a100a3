"""Correspondence play over days: the lobby and invitations, your games and whose turn,
turn deadlines on a simulated clock (a turn that runs out passes, the setup choice
keeps every ticket, repeated time-outs drop a player), and resigning."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask

from events import MEMORY_URL, SqlStore, open_store
from tests.api_support import Client, Table, make_app, open_table, play_to_the_end, wait_for_score
from tests.worker_support import FakeClock

DAY = 24 * 3600


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(clock: FakeClock) -> Iterator[Flask]:
    store: SqlStore = open_store(MEMORY_URL, clock=clock)
    app = make_app(MEMORY_URL, min_turn_time_limit=60, store=store, clock=clock)
    yield app
    app.extensions["ttr"].close()


def view(client: Client, table: Table, seat: int = 0) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/v1/games/{table.game_id}",
                                      token=table.tokens[seat]).json  # type: ignore[assignment]
    return body


def keep_all(client: Client, table: Table, seats: list[int]) -> None:
    for seat in seats:
        moves = client.get(f"/v1/games/{table.game_id}/moves",
                           token=table.tokens[seat]).json["moves"]  # type: ignore[index]
        keep = max((m for m in moves if m["type"] == "keep_tickets"),
                   key=lambda m: len(m["tickets"]))
        assert client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                           json=keep).status_code == 200


def events_of(client: Client, table: Table, after: int = 0) -> list[dict[str, Any]]:
    page = client.get(f"/v1/games/{table.game_id}/events?after={after}&limit=5000",
                      token=table.tokens[0]).json
    return page["events"]  # type: ignore[index,no-any-return]


def run_deadlines(app: Flask, until: Any, timeout: float = 10.0) -> None:
    """Let the in-process deadline timer catch up with the moved clock."""
    jobs = app.extensions["ttr"].jobs
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the deadline job did not run"
        time.sleep(0.05)
    jobs.wait_idle()


# -- the lobby and invitations ---------------------------------------------------------------

def test_the_lobby_lists_open_public_games_with_free_seats(client: Client) -> None:
    host = client.new_user("Host")
    public = client.post("/v1/games", token=host, json={"map": "europe", "seats": 3}).json
    secret = client.post("/v1/games", token=host,
                         json={"map": "europe", "seats": 3, "private": True}).json
    lobby = client.get("/v1/games?status=open&map=europe").json["games"]  # type: ignore[index]
    ids = [g["id"] for g in lobby]
    assert public["id"] in ids and secret["id"] not in ids  # type: ignore[index]
    entry = next(g for g in lobby if g["id"] == public["id"])  # type: ignore[index]
    assert entry["seats"] == 3 and entry["seats_taken"] == 1


def test_a_private_game_is_joined_with_its_invite_code(client: Client) -> None:
    host, guest = client.new_user("Host"), client.new_user("Guest")
    game = client.post("/v1/games", token=host,
                       json={"map": "nordic", "seats": 2, "private": True}).json
    assert game is not None and game["invite_code"]
    refused = client.post(f"/v1/games/{game['id']}/players", token=guest,
                          json={"invite_code": "guess"})
    # a wrong code tells nothing: the answer is the one for a game that does not exist
    assert refused.status_code == 404 and refused.json["type"] == "/problems/not-found"  # type: ignore[index]
    joined = client.post(f"/v1/games/{game['id']}/players", token=guest,
                         json={"invite_code": game["invite_code"]})
    assert joined.status_code == 200 and joined.json["status"] == "playing"  # type: ignore[index]


def test_a_game_starts_by_itself_when_its_seats_are_full(client: Client) -> None:
    table = open_table(client, "usa", 3)
    assert view(client, table)["phase"] == "setup"


def test_the_creator_starts_early_with_two_players(client: Client) -> None:
    host, guest = client.new_user("Host"), client.new_user("Guest")
    game = client.post("/v1/games", token=host, json={"map": "usa", "seats": 5}).json
    client.post(f"/v1/games/{game['id']}/players", token=guest, json={})  # type: ignore[index]
    started = client.post(f"/v1/games/{game['id']}/start", token=host)  # type: ignore[index]
    assert started.status_code == 200 and len(started.json["players"]) == 2  # type: ignore[index]


# -- my games ---------------------------------------------------------------------------------

def test_my_games_say_whose_turn_it_is(client: Client) -> None:
    table = open_table(client, "usa", 2)
    keep_all(client, table, [0, 1])
    current = view(client, table)["turn"]["seat"]
    mine = client.get("/v1/users/me/games?my_turn=true",
                      token=table.tokens[current]).json["games"]  # type: ignore[index]
    theirs = client.get("/v1/users/me/games?my_turn=true",
                        token=table.tokens[1 - current]).json["games"]  # type: ignore[index]
    assert [g["id"] for g in mine] == [table.game_id] and theirs == []
    assert mine[0]["your_turn"] and mine[0]["your_seat"] == current
    everything = client.get("/v1/users/me/games?status=playing",
                            token=table.tokens[1 - current]).json["games"]  # type: ignore[index]
    assert [g["id"] for g in everything] == [table.game_id]


# -- deadlines ---------------------------------------------------------------------------------

def test_the_turn_deadline_is_shown_with_the_turn(client: Client, clock: FakeClock) -> None:
    table = open_table(client, "usa", 2, turn_time_limit=DAY)
    assert view(client, table)["deadline"] == (clock.now + timedelta(days=1)).strftime(
        "%Y-%m-%dT%H:%M:%S.%fZ")
    clock.advance(hours=5)
    keep_all(client, table, [0, 1])
    # the game's first turn began when the last player chose: its own day starts then
    assert view(client, table)["deadline"].startswith(
        (clock.now + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"))


def test_a_retry_shows_the_deadline_the_first_answer_showed(client: Client,
                                                           clock: FakeClock) -> None:
    table = open_table(client, "usa", 2, turn_time_limit=DAY)
    moves = client.get(f"/v1/games/{table.game_id}/moves",
                       token=table.tokens[1]).json["moves"]  # type: ignore[index]
    keep = next(m for m in moves if m["type"] == "keep_tickets")
    first = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[1],
                        json=keep, headers={"Idempotency-Key": "once"})
    setup_deadline = first.json["game"]["deadline"]  # type: ignore[index]
    assert setup_deadline is not None  # the setup's, kept by this choice
    clock.advance(hours=5)
    keep_all(client, table, [0])  # the first turn begins: a deadline of its own
    assert view(client, table)["deadline"] != setup_deadline
    again = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[1],
                        json=keep, headers={"Idempotency-Key": "once"})
    assert again.status_code == 200 and again.get_data() == first.get_data()


def test_a_setup_choice_that_runs_out_keeps_every_dealt_ticket(app: Flask, client: Client,
                                                              clock: FakeClock) -> None:
    table = open_table(client, "europe", 2, turn_time_limit=DAY)
    keep_all(client, table, [0])
    dealt = view(client, table, 1)["you"]["pending_tickets"]
    clock.advance(days=1, seconds=1)
    run_deadlines(app, lambda: view(client, table)["phase"] == "playing")
    you = view(client, table, 1)["you"]
    assert [t["id"] for t in you["tickets"]] == [t["id"] for t in dealt]
    timed_out = [e for e in events_of(client, table) if e["type"] == "turn_timed_out"]
    assert [e["data"]["seat"] for e in timed_out] == [1]
    assert timed_out[0]["actor"] == {"kind": "system", "name": "clock"}


def test_a_turn_that_runs_out_passes_to_the_next_player(app: Flask, client: Client,
                                                        clock: FakeClock) -> None:
    table = open_table(client, "usa", 3, turn_time_limit=3600)
    keep_all(client, table, [0, 1, 2])
    before = view(client, table)
    late = before["turn"]["seat"]
    clock.advance(hours=1, seconds=1)
    run_deadlines(app, lambda: view(client, table)["turn"]["seat"] != late)
    after = view(client, table)
    assert after["turn"]["seat"] == (late + 1) % 3
    timed_out = [e for e in events_of(client, table, before["version"])
                 if e["type"] == "turn_timed_out"]
    assert timed_out[0]["data"]["deadline"] == before["deadline"]
    assert after["players"][late]["timeouts_in_a_row"] == 1


def test_a_player_who_moves_in_time_is_not_timed_out(app: Flask, client: Client,
                                                     clock: FakeClock) -> None:
    table = open_table(client, "usa", 2, turn_time_limit=3600)
    keep_all(client, table, [0, 1])
    seat = view(client, table)["turn"]["seat"]
    clock.advance(minutes=59)
    moves = client.get(f"/v1/games/{table.game_id}/moves",
                       token=table.tokens[seat]).json["moves"]  # type: ignore[index]
    drawn = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                        json=next(m for m in moves if m["type"] == "draw_tickets"))
    client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                json=drawn.json["moves"][0])  # type: ignore[index]  # keep: the turn ends
    clock.advance(minutes=2)
    app.extensions["ttr"].jobs.wait_idle()
    time.sleep(1.2)  # the timer looks at the clock every second
    assert not [e for e in events_of(client, table) if e["type"] == "turn_timed_out"]


def test_repeated_time_outs_drop_a_player_and_the_others_play_on(app: Flask, client: Client,
                                                                 clock: FakeClock) -> None:
    table = open_table(client, "usa", 3, turn_time_limit=3600, drop_after_timeouts=2)
    keep_all(client, table, [0, 1, 2])
    absent = view(client, table)["turn"]["seat"]
    for _ in range(2):
        # the absent player's turn runs out; the two others move in time
        version = view(client, table)["version"]
        clock.advance(hours=1, seconds=1)
        run_deadlines(app, lambda v=version: view(client, table)["version"] > v)  # type: ignore[misc]
        for _ in range(2):
            state = view(client, table)
            if state["turn"] is None or state["turn"]["seat"] == absent:
                break
            seat = state["turn"]["seat"]
            moves = client.get(f"/v1/games/{table.game_id}/moves",
                               token=table.tokens[seat]).json["moves"]  # type: ignore[index]
            claim = next((m for m in moves if m["type"] == "draw_tickets"), moves[0])
            client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                        json=claim)
            moves = client.get(f"/v1/games/{table.game_id}/moves",
                               token=table.tokens[seat]).json["moves"]  # type: ignore[index]
            if moves and moves[0]["type"] == "keep_tickets":
                client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[seat],
                            json=moves[0])
    state = view(client, table)
    assert state["players"][absent]["out"] == "dropped"
    assert state["status"] == "playing" and absent not in state["to_act"]
    dropped = [e for e in events_of(client, table) if e["type"] == "player_dropped"]
    assert [e["data"]["seat"] for e in dropped] == [absent]


# -- resigning ---------------------------------------------------------------------------------

def test_in_a_game_of_three_one_resigns_and_the_others_finish(client: Client) -> None:
    table = open_table(client, "europe", 3)
    keep_all(client, table, [0, 1, 2])
    quitter = (view(client, table)["turn"]["seat"] + 1) % 3
    resigned = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[quitter],
                           json={"type": "resign"})
    assert resigned.status_code == 200
    assert resigned.json["game"]["players"][quitter]["out"] == "resigned"  # type: ignore[index]
    play_to_the_end(client, table, seed=2)
    score = wait_for_score(client, table)
    ranks = {p["seat"]: p["rank"] for p in score["players"]}
    assert ranks[quitter] == 3 and quitter not in score["winners"]
    turns = [e for e in events_of(client, table) if e["type"] == "turn_ended"]
    assert all(e["data"]["next_seat"] != quitter for e in turns if e["version"]
               > resigned.json["version"])  # type: ignore[index]


def test_when_one_player_is_left_the_game_ends_and_is_scored(client: Client) -> None:
    table = open_table(client, "nordic", 2)
    keep_all(client, table, [0, 1])
    client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[0],
                json={"type": "resign"})
    score = wait_for_score(client, table)
    assert score["winners"] == [1]
    assert view(client, table)["end_reason"] == "last_player"
