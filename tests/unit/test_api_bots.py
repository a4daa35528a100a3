"""Bots at the table, through the HTTP API in the embedded mode (in-process jobs, no pause):
a person alone against bots to the end on every map, bots seated while a table waits,
bots marked as bots everywhere, and stand-ins for players who resign or vanish."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from domain.maps import MAP_NAMES
from events import MEMORY_URL, SqlStore, open_store
from events.verify import verify_export
from tests.api_support import Client, Table, choose, make_app, open_table, wait_for_score
from tests.worker_support import FakeClock
from worker.inline_jobs import InlineJobs

SHIPPED_MAPS = [m for m in ("usa", "europe", "nordic") if m in MAP_NAMES]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(clock: FakeClock) -> Iterator[Flask]:
    store: SqlStore = open_store(MEMORY_URL, clock=clock)
    app = make_app(MEMORY_URL, min_turn_time_limit=60, store=store, clock=clock, bot_pause=0.0)
    yield app
    app.extensions["ttr"].close()


def jobs_of(app: Flask) -> InlineJobs:
    jobs = app.extensions["ttr"].jobs
    assert isinstance(jobs, InlineJobs)
    return jobs


def view(client: Client, game_id: str, token: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/v1/games/{game_id}", token=token).json  # type: ignore[assignment]
    return body


def events_of(client: Client, game_id: str, token: str) -> list[dict[str, Any]]:
    page = client.get(f"/v1/games/{game_id}/events?after=0&limit=5000", token=token).json
    return page["events"]  # type: ignore[index,no-any-return]


def wait_for_turn(app: Flask, client: Client, game_id: str, token: str,
                  timeout: float = 60.0) -> dict[str, Any]:
    """The game once the caller must act or it has ended (the bots' jobs run meanwhile)."""
    end = time.monotonic() + timeout
    while True:
        state = view(client, game_id, token)
        mine = state["you"] is not None and state["you"]["seat"] in state["to_act"]
        if mine or state["phase"] == "ended":
            return state
        assert time.monotonic() < end, f"the bots did not move: {state['to_act']}"
        jobs_of(app).wait_idle(5)
        time.sleep(0.01)


def play_against_bots(app: Flask, client: Client, game_id: str, token: str,
                      seed: int = 0, max_actions: int = 2000) -> int:
    """Play the caller's seat from GET …/moves until the game ends; the bots play theirs."""
    rng = random.Random(seed)
    for actions in range(max_actions):
        state = wait_for_turn(app, client, game_id, token)
        if state["phase"] == "ended":
            return actions
        moves = client.get(f"/v1/games/{game_id}/moves", token=token).json["moves"]  # type: ignore[index]
        acted = client.post(f"/v1/games/{game_id}/actions", token=token,
                            json=choose(moves, rng))
        assert acted.status_code == 200, acted.json
    raise AssertionError(f"no end after {max_actions} actions")


# -- a person alone against bots ----------------------------------------------------------------

@pytest.mark.parametrize("map_name", SHIPPED_MAPS)
def test_a_person_alone_plays_two_hard_bots_to_the_end(app: Flask, client: Client,
                                                        map_name: str) -> None:
    played_against_bots_to_the_end(app, client, map_name, ["hard", "hard"])


def test_a_person_alone_plays_an_expert_bot_to_the_end(app: Flask, client: Client) -> None:
    played_against_bots_to_the_end(app, client, "usa", ["expert"])


def played_against_bots_to_the_end(app: Flask, client: Client, map_name: str,
                                   bots: list[str]) -> None:
    """A person plays a table the bots of `bots` fill to its end and score, the bots
    playing their own seats."""
    me = client.new_user("Alone")
    created = client.post("/v1/games", token=me, json={
        "map": map_name, "seats": 1 + len(bots), "bots": bots})
    assert created.status_code == 201, created.json
    game = created.json
    assert game is not None and game["status"] == "playing"  # the bots filled the table
    game_id = game["id"]
    play_against_bots(app, client, game_id, me)
    jobs_of(app).wait_idle(20)
    score = client.get(f"/v1/games/{game_id}/score", token=me)
    deadline = time.monotonic() + 20
    while score.status_code == 202 and time.monotonic() < deadline:
        time.sleep(0.05)
        score = client.get(f"/v1/games/{game_id}/score", token=me)
    assert score.status_code == 200, score.json
    events = events_of(client, game_id, me)
    bot_moves = {e["actor"]["seat"] for e in events
                 if e["actor"]["kind"] == "seat" and e["type"] in ("route_claimed",
                                                                   "card_drawn_blind",
                                                                   "card_taken",
                                                                   "tickets_kept")}
    assert set(range(1, 1 + len(bots))) <= bot_moves  # the bots played their own seats


def test_a_table_filled_with_bots_at_creation_starts_at_once(client: Client) -> None:
    me = client.new_user()
    game = client.post("/v1/games", token=me, json={"map": "usa", "seats": 2,
                                                    "bots": ["easy"]}).json
    assert game is not None and game["status"] == "playing"
    assert [(p["bot"], p["level"]) for p in game["players"]] == [(False, None), (True, "easy")]


def test_more_bots_than_free_seats_is_refused_and_creates_nothing(client: Client) -> None:
    me = client.new_user()
    refused = client.post("/v1/games", token=me, json={"map": "usa", "seats": 2,
                                                       "bots": ["easy", "hard"]})
    assert refused.status_code == 422 and refused.json["code"] == "table_full"  # type: ignore[index]
    assert client.get("/v1/users/me/games", token=me).json["games"] == []  # type: ignore[index]


def test_an_unknown_level_is_a_bad_request(client: Client) -> None:
    me = client.new_user()
    assert client.post("/v1/games", token=me, json={"map": "usa", "seats": 2,
                                                    "bots": ["godlike"]}).status_code == 400


# -- seating bots while the table waits ---------------------------------------------------------

def test_the_creator_seats_a_bot_while_the_table_waits(app: Flask, client: Client) -> None:
    me = client.new_user()
    game_id = client.post("/v1/games", token=me, json={"map": "europe", "seats": 3}).json["id"]  # type: ignore[index]
    seated = client.post(f"/v1/games/{game_id}/bots", token=me, json={"level": "medium"})
    assert seated.status_code == 200, seated.json
    body = seated.json
    assert body is not None and body["status"] == "open"
    assert body["players"][1]["bot"] is True and body["players"][1]["level"] == "medium"
    full = client.post(f"/v1/games/{game_id}/bots", token=me, json={"level": "hard"}).json
    assert full is not None and full["status"] == "playing"  # a full table starts as usual
    assert full["players"][2]["name"] == "Hard bot"


def test_only_the_creator_seats_bots(client: Client) -> None:
    host, guest = client.new_user("Host"), client.new_user("Guest")
    game_id = client.post("/v1/games", token=host, json={"map": "usa", "seats": 3}).json["id"]  # type: ignore[index]
    client.post(f"/v1/games/{game_id}/players", token=guest, json={})
    refused = client.post(f"/v1/games/{game_id}/bots", token=guest, json={"level": "easy"})
    assert refused.status_code == 422 and refused.json["code"] == "not_creator"  # type: ignore[index]


def test_no_bot_is_seated_once_the_game_has_started(client: Client) -> None:
    me = client.new_user()
    game_id = client.post("/v1/games", token=me, json={"map": "usa", "seats": 2,
                                                       "bots": ["easy"]}).json["id"]  # type: ignore[index]
    late = client.post(f"/v1/games/{game_id}/bots", token=me, json={"level": "easy"})
    assert late.status_code == 422 and late.json["code"] == "game_already_started"  # type: ignore[index]


def test_bots_are_marked_in_the_lobby_your_games_the_game_and_its_events(
        client: Client) -> None:
    me = client.new_user()
    game_id = client.post("/v1/games", token=me, json={"map": "usa", "seats": 3,
                                                       "bots": ["hard"]}).json["id"]  # type: ignore[index]
    lobby = client.get("/v1/games?map=usa").json["games"]  # type: ignore[index]
    row = next(g for g in lobby if g["id"] == game_id)
    assert [(p["bot"], p["level"]) for p in row["players"]] == [(False, None), (True, "hard")]
    mine = client.get("/v1/users/me/games", token=me).json["games"]  # type: ignore[index]
    assert [p["bot"] for p in mine[0]["players"]] == [False, True]
    players = view(client, game_id, me)["players"]
    assert players[1]["user_id"] == "bot-hard-1" and players[1]["bot"] is True
    taken = [e["data"] for e in events_of(client, game_id, me) if e["type"] == "seat_taken"]
    assert [t["bot"] for t in taken] == [None, "hard"]


# -- standing in ----------------------------------------------------------------------------------

def test_a_bot_stands_in_for_a_player_who_resigns_and_they_may_return(
        app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 2, stand_in=True, stand_in_level="easy")
    game_id, quitter = table.game_id, table.tokens[1]
    resigned = client.post(f"/v1/games/{game_id}/actions", token=quitter,
                           json={"type": "resign"})
    assert resigned.status_code == 200, resigned.json
    jobs_of(app).wait_idle(10)
    state = view(client, game_id, table.tokens[0])
    holder = state["players"][1]
    assert (holder["bot"], holder["level"], holder["user_id"]) == (True, "easy", "bot-easy-1")
    assert holder["stands_in_for"] is not None and holder["out"] is None
    assert state["players"][1]["pending_ticket_count"] == 0  # the bot chose the tickets
    back = client.post(f"/v1/games/{game_id}/return", token=quitter)
    assert back.status_code == 200, back.json
    returned = back.json
    assert returned is not None and returned["players"][1]["bot"] is False
    assert returned["you"]["seat"] == 1
    kinds = [e["type"] for e in events_of(client, game_id, quitter)]
    assert kinds.count("stand_in_seated") == 1 and kinds[-1] == "player_returned"


def test_a_player_a_bot_stands_in_for_still_finds_the_game_among_theirs(
        app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 2, stand_in=True, stand_in_level="easy")
    game_id, quitter = table.game_id, table.tokens[1]
    client.post(f"/v1/games/{game_id}/actions", token=quitter, json={"type": "resign"})
    jobs_of(app).wait_idle(10)
    mine = client.get("/v1/users/me/games", token=quitter).json
    assert mine is not None
    listed = next(g for g in mine["games"] if g["id"] == game_id)
    assert listed["your_seat"] == 1 and listed["your_turn"] is False
    assert listed["seats_taken"] == 2
    assert [(p["seat"], p["bot"]) for p in listed["players"]] == [(0, False), (1, True)]
    client.post(f"/v1/games/{game_id}/return", token=quitter)
    back = client.get("/v1/users/me/games", token=quitter).json
    assert back is not None
    again = next(g for g in back["games"] if g["id"] == game_id)
    assert [(p["seat"], p["bot"]) for p in again["players"]] == [(0, False), (1, False)]


def test_without_the_option_nobody_returns(client: Client) -> None:
    table = open_table(client, "usa", 2)
    refused = client.post(f"/v1/games/{table.game_id}/return", token=table.tokens[1])
    assert refused.status_code == 422 and refused.json["code"] == "no_stand_in"  # type: ignore[index]


def test_only_the_player_a_bot_stands_in_for_may_return(client: Client) -> None:
    table = open_table(client, "usa", 2, stand_in=True)
    refused = client.post(f"/v1/games/{table.game_id}/return", token=table.tokens[0])
    assert refused.status_code == 422 and refused.json["code"] == "not_replaced"  # type: ignore[index]


def test_a_correspondence_game_whose_player_vanished_is_finished_by_a_stand_in(
        app: Flask, client: Client, clock: FakeClock) -> None:
    table = open_table(client, "usa", 2, turn_time_limit=86400, drop_after_timeouts=1,
                       stand_in=True)
    game_id, present, vanished = table.game_id, table.tokens[0], table.tokens[1]
    vanished_id = view(client, game_id, vanished)["players"][1]["user_id"]
    # the setup choice: one keeps their tickets, the other never comes back
    moves = client.get(f"/v1/games/{game_id}/moves", token=present).json["moves"]  # type: ignore[index]
    client.post(f"/v1/games/{game_id}/actions", token=present, json=choose(moves,
                                                                          random.Random(0)))
    version = view(client, game_id, present)["version"]
    clock.advance(days=1, seconds=1)
    end = time.monotonic() + 20
    while view(client, game_id, present)["version"] == version:
        assert time.monotonic() < end, "the deadline job did not run"
        time.sleep(0.05)
    jobs_of(app).wait_idle(10)
    stand_in = view(client, game_id, present)["players"][1]
    assert stand_in["bot"] is True and stand_in["stands_in_for"] == vanished_id
    play_against_bots(app, client, game_id, present, seed=3)
    score = wait_for_score(client, Table(game_id, [present]))
    assert score["status"] == "finished"
    events = events_of(client, game_id, present)
    took = next(e for e in events if e["type"] == "stand_in_seated")
    assert took["data"]["replaced"] == vanished_id and took["data"]["reason"] == "timed_out"
    assert not any(e["type"] == "player_dropped" for e in events)
    after = [e for e in events if e["version"] > took["version"]]
    assert any(e["actor"] == {"kind": "seat", "seat": 1} for e in after)  # the bot played
    export = client.get(f"/v1/games/{game_id}/export", token=present).get_data(True)
    verdict = verify_export(export.splitlines())
    assert verdict.ok, verdict.as_dict()
    assert json.loads(export.splitlines()[0])["data"]["stand_in"] == "hard"
