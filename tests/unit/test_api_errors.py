"""Errors: every one a problem+json with its stable type, and none of them changes anything."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from events import MEMORY_URL
from service.problems import PROBLEM_JSON
from tests.api_support import Client, make_app, open_table


@pytest.fixture
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL)
    yield app
    app.extensions["ttr"].close()


def problem(response: object, status: int, kind: str) -> dict:  # type: ignore[type-arg]
    assert response.status_code == status, response.get_data(True)  # type: ignore[attr-defined]
    assert response.mimetype == PROBLEM_JSON  # type: ignore[attr-defined]
    body = response.json  # type: ignore[attr-defined]
    assert body["type"] == f"/problems/{kind}" and body["status"] == status
    return body  # type: ignore[no-any-return]


def version(client: Client, game_id: str, token: str) -> int:
    return client.get(f"/v1/games/{game_id}", token=token).json["version"]  # type: ignore[index]


def test_a_request_without_a_token_is_unauthorized(client: Client) -> None:
    body = problem(client.get("/v1/users/me"), 401, "unauthorized")
    assert "bearer token" in body["detail"]


def test_an_unknown_token_is_unauthorized(client: Client) -> None:
    response = client.get("/v1/users/me", token="ttr_nope")
    problem(response, 401, "unauthorized")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_an_unknown_game_is_not_found(client: Client) -> None:
    token = client.new_user()
    problem(client.get("/v1/games/g_nothing", token=token), 404, "not-found")


def test_an_unknown_path_is_a_problem_too(client: Client) -> None:
    response = client.get("/v1/nowhere", check=False)
    assert response.status_code == 404 and response.mimetype == PROBLEM_JSON


def test_a_wrong_method_is_a_problem_with_the_allowed_ones(client: Client) -> None:
    response = client.request("DELETE", "/v1/maps", check=False)
    assert response.status_code == 405 and response.mimetype == PROBLEM_JSON
    assert "GET" in response.headers["Allow"]


def test_invalid_fields_are_listed(client: Client) -> None:
    token = client.new_user()
    body = problem(client.post("/v1/games", token=token, json={"map": "mars", "seats": 9}),
                   400, "invalid-request")
    assert set(body["errors"]["json"]) == {"map", "seats"}


def test_a_body_that_is_not_json_is_refused(client: Client) -> None:
    t = open_table(client, "usa", 2)
    response = client.post(f"/v1/games/{t.game_id}/actions", token=t.tokens[0],
                           data="draw please", headers={"Content-Type": "text/plain"})
    problem(response, 415, "unsupported-media-type")


def test_broken_json_is_refused(client: Client) -> None:
    t = open_table(client, "usa", 2)
    response = client.post(f"/v1/games/{t.game_id}/actions", token=t.tokens[0],
                           data="{not json", headers={"Content-Type": "application/json"})
    problem(response, 400, "invalid-request")


@pytest.mark.parametrize("path", ["/v1/users", "/v1/games", "/v1/verify"])
def test_json_nested_too_deeply_is_refused_not_a_crash(client: Client, path: str) -> None:
    token = client.new_user()
    deep = "[" * 20000 + "]" * 20000
    response = client.post(path, token=token, data=deep,
                           headers={"Content-Type": "application/json"}, check=False)
    assert response.status_code in (200, 400), response.get_data(True)
    if response.status_code == 200:  # the verifier answers with a verdict
        assert response.json["ok"] is False  # type: ignore[index]
    else:
        assert response.mimetype == PROBLEM_JSON


def test_an_unknown_command_is_malformed(client: Client) -> None:
    t = open_table(client, "usa", 2)
    body = problem(client.post(f"/v1/games/{t.game_id}/actions", token=t.tokens[0],
                               json={"type": "teleport"}), 400, "malformed-command")
    assert body["code"] == "unknown_command"


def test_a_command_against_the_rules_names_the_rule_and_changes_nothing(
        client: Client) -> None:
    t = open_table(client, "usa", 2)
    before = version(client, t.game_id, t.tokens[0])
    body = problem(client.post(f"/v1/games/{t.game_id}/actions", token=t.tokens[0],
                               json={"type": "draw_card", "source": "deck"}),
                   422, "rule-violation")
    assert body["code"] == "game_not_started" and body["rule"]
    assert version(client, t.game_id, t.tokens[0]) == before


def test_only_a_seated_player_acts(client: Client) -> None:
    t = open_table(client, "usa", 2)
    stranger = client.new_user("Mallory")
    body = problem(client.post(f"/v1/games/{t.game_id}/actions", token=stranger,
                               json={"type": "draw_tickets"}), 403, "forbidden")
    assert body["code"] == "not_seated"


def test_a_stale_if_match_is_a_failed_precondition(client: Client) -> None:
    t = open_table(client, "usa", 2)
    current = version(client, t.game_id, t.tokens[0])
    moves = client.get(f"/v1/games/{t.game_id}/moves", token=t.tokens[0]).json
    body = problem(client.post(f"/v1/games/{t.game_id}/actions", token=t.tokens[0],
                               json=moves["moves"][0],  # type: ignore[index]
                               headers={"If-Match": f'"{current - 1}"'}),
                   412, "precondition-failed")
    assert body["current_version"] == current
    assert version(client, t.game_id, t.tokens[0]) == current


def test_a_current_if_match_lets_the_action_through(client: Client) -> None:
    t = open_table(client, "usa", 2)
    current = version(client, t.game_id, t.tokens[0])
    moves = client.get(f"/v1/games/{t.game_id}/moves", token=t.tokens[0]).json
    response = client.post(f"/v1/games/{t.game_id}/actions", token=t.tokens[0],
                           json=moves["moves"][0],  # type: ignore[index]
                           headers={"If-Match": f'"{current}"'})
    assert response.status_code == 200
    assert response.headers["ETag"] == f'"{response.json["version"]}"'  # type: ignore[index]


def test_an_idempotency_key_reused_for_another_command_is_refused(client: Client) -> None:
    t = open_table(client, "usa", 2)
    moves = client.get(f"/v1/games/{t.game_id}/moves", token=t.tokens[0]).json["moves"]  # type: ignore[index]
    first = client.post(f"/v1/games/{t.game_id}/actions", token=t.tokens[0], json=moves[0],
                        headers={"Idempotency-Key": "k-1"})
    assert first.status_code == 200
    problem(client.post(f"/v1/games/{t.game_id}/actions", token=t.tokens[0], json=moves[-1],
                        headers={"Idempotency-Key": "k-1"}), 422, "idempotency-key-reused")


def test_a_body_over_the_limit_is_refused() -> None:
    app = make_app(MEMORY_URL, max_body_bytes=1024)
    client = Client(app)
    response = client.post("/v1/users", json={"name": "x" * 5000}, check=False)
    assert response.status_code == 413 and response.mimetype == PROBLEM_JSON
    app.extensions["ttr"].close()


def test_too_many_requests_get_429_with_retry_after() -> None:
    app = make_app(MEMORY_URL, rate_per_token=0.001,
                   burst_per_token=3)
    client = Client(app)
    token = client.new_user()
    statuses = [client.get("/v1/users/me", token=token).status_code for _ in range(5)]
    assert statuses[:3] == [200, 200, 200] and statuses[-1] == 429
    limited = client.get("/v1/users/me", token=token)
    body = problem(limited, 429, "rate-limited")
    assert int(limited.headers["Retry-After"]) >= 1 and body["detail"]
    app.extensions["ttr"].close()


def test_anonymous_requests_are_limited_per_address() -> None:
    app = make_app(MEMORY_URL, rate_per_address=0.001,
                   burst_per_address=2)
    client = Client(app)
    statuses = [client.get("/v1/maps").status_code for _ in range(4)]
    assert statuses == [200, 200, 429, 429]
    app.extensions["ttr"].close()


def test_problem_types_have_a_page(client: Client) -> None:
    response = client.get("/problems/rule-violation", check=False)
    assert response.status_code == 200 and "not_your_turn" in response.get_data(True)
