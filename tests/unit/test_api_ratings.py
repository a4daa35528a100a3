"""Ratings, leaderboards, profiles and the post-game analysis over HTTP (every answer
checked against openapi.yaml by the test client): shown once a game is finished,
never before."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from events import MEMORY_URL
from tests.api_support import Client, Table, make_app, open_table, play_to_the_end


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    """The boards show a player from their first rated game (their minimum's own tests:
    tests/integration/test_ratings_rules.py)."""
    app = make_app(MEMORY_URL, leaderboard_min_games=1)
    yield app
    app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def finished(app: Flask) -> tuple[Table, dict[str, Any]]:
    """A finished, rated game of two players on Tinyland-free USA, and its ratings."""
    client = Client(app)
    table = open_table(client, "usa", 2)
    play_to_the_end(client, table, seed=11)
    return table, wait_for_ratings(client, table)


def wait_for_ratings(client: Client, table: Table, timeout: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = client.get(f"/v1/games/{table.game_id}/ratings")
        if response.status_code == 200 and response.json and response.json["projected"]:
            body: dict[str, Any] = response.json
            return body
        time.sleep(0.05)
    raise AssertionError("the game's ratings were not projected in time")


def user_id(client: Client, token: str) -> str:
    me = client.get("/v1/users/me", token=token).json
    assert me is not None
    return str(me["id"])


def test_a_running_games_analysis_and_ratings_are_not_served(client: Client) -> None:
    table = open_table(client, "usa", 2)
    for path in ("analysis", "ratings"):
        response = client.get(f"/v1/games/{table.game_id}/{path}", token=table.tokens[0])
        assert response.status_code == 404


def test_a_finished_game_shows_each_players_rating_change(
        finished: tuple[Table, dict[str, Any]]) -> None:
    _, ratings = finished
    players = ratings["players"]
    assert len(players) == 2 and all(p["rated"] for p in players)
    winner = min(players, key=lambda p: p["rank"])
    assert winner["change"] is not None
    assert all(p["provisional"] for p in players)


def test_a_game_resigned_at_once_says_why_it_moved_no_rating(client: Client) -> None:
    table = open_table(client, "usa", 2)
    resigned = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[1],
                           json={"type": "resign"})
    assert resigned.status_code == 200, resigned.json
    players = wait_for_ratings(client, table)["players"]
    assert [(p["rated"], p["change"], p["unrated_reason"]) for p in players] == [
        (False, None, "early_resignation")] * 2


def test_a_rated_line_has_no_unrated_reason(finished: tuple[Table, dict[str, Any]]) -> None:
    _, ratings = finished
    assert [p["unrated_reason"] for p in ratings["players"]] == [None, None]


def test_the_analysis_shows_the_score_over_time_and_the_ticket_timeline(
        client: Client, finished: tuple[Table, dict[str, Any]]) -> None:
    table, _ = finished
    body = client.get(f"/v1/games/{table.game_id}/analysis").json
    assert body is not None
    assert body["turn_count"] == len(body["turns"]) > 0
    assert [p["final"]["routes"] for p in body["players"]] == body["turns"][-1]["scores"]
    assert all(p["tickets"] for p in body["players"])
    assert body["ratings"]["projected"]


def test_the_leaderboard_ranks_the_players_and_gives_the_callers_rank(
        client: Client, finished: tuple[Table, dict[str, Any]]) -> None:
    table, ratings = finished
    board = client.get("/v1/leaderboards/usa?me=true&limit=100",
                       token=table.tokens[1]).json
    assert board is not None
    ids = [e["user_id"] for e in board["entries"]]
    mine = user_id(client, table.tokens[1])
    assert board["me"]["user_id"] == mine
    assert ids.index(mine) + 1 == board["me"]["rank"]
    ratings_seen = [e["rating"] for e in board["entries"]]
    assert ratings_seen == sorted(ratings_seen, reverse=True)
    assert not any(e["bot"] for e in board["entries"])


def test_the_bots_board_holds_no_players(client: Client,
                                         finished: tuple[Table, dict[str, Any]]) -> None:
    board = client.get("/v1/leaderboards/usa?bots=true").json
    assert board is not None and board["entries"] == [] and board["total"] == 0


def test_an_unknown_maps_leaderboard_is_not_found(client: Client) -> None:
    assert client.get("/v1/leaderboards/atlantis").status_code == 404


def test_a_profile_shows_public_results_only(client: Client,
                                            finished: tuple[Table, dict[str, Any]]) -> None:
    table, _ = finished
    profile = client.get(f"/v1/users/{user_id(client, table.tokens[0])}").json
    assert profile is not None
    assert profile["games_played"] >= 1 and not profile["bot"]
    assert profile["ratings"][0]["map"] == "usa" and profile["ratings"][0]["provisional"]
    assert profile["most_claimed_routes"]
    assert "token" not in profile and "hand" not in str(profile)


def test_a_profiles_games_filter_by_result_and_opponent(
        client: Client, finished: tuple[Table, dict[str, Any]]) -> None:
    table, ratings = finished
    first, second = (user_id(client, t) for t in table.tokens)
    games = client.get(f"/v1/users/{first}/games?opponent={second}").json
    assert games is not None and [g["game_id"] for g in games["games"]] == [table.game_id]
    won = next(p for p in ratings["players"] if p["user_id"] == first)["winner"]
    other = "lost" if won else "won"
    none = client.get(f"/v1/users/{first}/games?result={other}").json
    assert none is not None and none["games"] == []


def test_an_unknown_users_profile_is_not_found(client: Client) -> None:
    assert client.get("/v1/users/u_nobody").status_code == 404
    assert client.get("/v1/users/u_nobody/games").status_code == 404


def test_an_unrated_game_moves_no_rating(client: Client) -> None:
    table = open_table(client, "usa", 2, rated=False)
    play_to_the_end(client, table, seed=12)
    ratings = wait_for_ratings(client, table)
    assert all(not p["rated"] and p["change"] is None for p in ratings["players"])
