"""Views and their headers: ETag and If-None-Match, time travel after the end, the user's
stream, CORS for browser clients, and the conflict a client sees after lost races."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from flask import Flask

from events import MEMORY_URL, VersionConflict
from service.problems import PROBLEM_JSON
from tests.api_support import (
    Client,
    idle,
    make_app,
    open_table,
    play_to_the_end,
    read_sse,
    wait_for_score,
)


@pytest.fixture
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL, sse_keepalive=0.2,
                   cors_origins=("https://play.example",))
    yield app
    app.extensions["ttr"].close()


def test_the_etag_is_the_version_and_if_none_match_gives_304(client: Client) -> None:
    table = open_table(client, "usa", 2)
    first = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0])
    assert first.headers["ETag"] == f'"{first.json["version"]}"'  # type: ignore[index]
    again = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0],
                       headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    moves = client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[1]).json
    client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[1],
                json=moves["moves"][0])  # type: ignore[index]
    changed = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0],
                         headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]


def test_after_the_end_every_past_state_shows_every_hand_and_ticket(client: Client) -> None:
    table = open_table(client, "nordic", 2)
    play_to_the_end(client, table, seed=4)
    wait_for_score(client, table)
    state = client.get(f"/v1/games/{table.game_id}/states/10", token=table.tokens[0]).json
    assert state is not None and state["version"] == 10 and state["phase"] != "ended"
    assert all("hand" in p and "tickets" in p and "pending_tickets" in p
               for p in state["players"])


def test_a_state_beyond_the_last_version_is_not_found(client: Client) -> None:
    table = open_table(client, "usa", 2)
    response = client.get(f"/v1/games/{table.game_id}/states/999", token=table.tokens[0])
    assert response.status_code == 404 and response.mimetype == PROBLEM_JSON


def test_the_users_stream_sends_the_events_of_all_their_games(client: Client) -> None:
    table = open_table(client, "usa", 2)
    response = client.get("/v1/users/me/events", token=table.tokens[1],
                          headers={"Accept": "text/event-stream"}, buffered=False)
    _, messages = read_sse(response, lambda ms: idle(ms) or sum("event" in m for m in ms) >= 3)
    events = [m for m in messages if "event" in m]
    data = [json.loads(m["data"]) for m in events]
    assert len(events) >= 3 and {d["game_id"] for d in data} == {table.game_id}
    ids = [int(m["id"]) for m in events]
    assert ids == sorted(ids) and ids == [d["position"] for d in data]


def test_browser_clients_of_an_allowed_origin_get_cors_headers(client: Client) -> None:
    preflight = client.request("OPTIONS", "/v1/games", check=False, headers={
        "Origin": "https://play.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Authorization, Idempotency-Key"})
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://play.example"
    assert "idempotency-key" in preflight.headers["Access-Control-Allow-Headers"].lower()
    other = client.get("/v1/maps", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers
    allowed = client.get("/v1/maps", headers={"Origin": "https://play.example"})
    assert "ETag" in allowed.headers.get("Access-Control-Expose-Headers", "")


def test_after_too_many_lost_races_the_client_gets_409(app: Flask, client: Client,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    table = open_table(client, "usa", 2)
    moves = client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[0]).json

    def always_beaten(*args: object, **kwargs: object) -> None:
        raise VersionConflict(table.game_id, 4, 9)

    monkeypatch.setattr(app.extensions["ttr"].log, "execute", always_beaten)
    response = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[0],
                           json=moves["moves"][0])  # type: ignore[index]
    assert response.status_code == 409 and response.mimetype == PROBLEM_JSON
    assert response.json["type"] == "/problems/version-conflict"  # type: ignore[index]
    assert response.json["current_version"] == 9  # type: ignore[index]


def test_serving_requests_does_not_grow_what_the_app_remembers_of_its_functions(
        app: Flask, client: Client) -> None:
    table = open_table(client, "usa", 2)
    client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[0])
    remembered = len(app._coroutine_functions)  # type: ignore[attr-defined]
    for _ in range(5):  # each request makes its view's bound method anew
        client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[0])
    assert len(app._coroutine_functions) == remembered > 0  # type: ignore[attr-defined]


def test_an_unhashable_callable_is_still_run_as_flask_runs_it(app: Flask) -> None:
    class Handler:
        __hash__ = None  # type: ignore[assignment]

        def __call__(self) -> str:
            return "ran"

    handler = Handler()
    assert app.ensure_sync(handler)() == "ran"
