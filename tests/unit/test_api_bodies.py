"""Request bodies: every operation that takes one reads it by the same rules
(`service.api.bodies`): its documented media type or 415, UTF-8 only, each key once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask

from events import MEMORY_URL
from service.operations import OPERATIONS
from service.problems import PROBLEM_JSON
from tests.api_support import Client, make_app

ADMIN = "admin-secret-token"
SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())
# every operation of the table whose spec documents a body
TAKING_A_BODY = sorted((method, path) for method, path in OPERATIONS
                       if "requestBody" in SPEC["paths"][path][method.lower()])


def body_types(op: tuple[str, str]) -> list[str]:
    method, path = op
    return list(SPEC["paths"][path][method.lower()]["requestBody"]["content"])


EXPORTS = [op for op in TAKING_A_BODY if "application/x-ndjson" in body_types(op)]
ID = {op: OPERATIONS[op].operation_id for op in TAKING_A_BODY}


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL, admin_token=ADMIN)
    yield app
    app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def token(app: Flask) -> str:
    return Client(app).new_user("Reader")


def send(client: Client, op: tuple[str, str], body: str | bytes, token: str | None,
         content_type: str | None) -> Any:
    method, path = op
    # the body is refused before the game is looked for: any id does
    url = path.replace("{game_id}", "g_nowhere")
    headers = {} if content_type is None else {"Content-Type": content_type}
    return client.request(method, url, data=body, headers=headers,
                          token=ADMIN if op in EXPORTS else token)


def problem(response: Any, status: int, kind: str) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(True)
    assert response.mimetype == PROBLEM_JSON
    body: dict[str, Any] = response.json
    assert body["type"] == f"/problems/{kind}"
    return body


def test_the_table_has_operations_that_take_a_body() -> None:
    # (the parametrized tests below would pass vacuously on an empty list)
    assert ("POST", "/v1/games/{game_id}/actions") in TAKING_A_BODY and len(EXPORTS) == 2


@pytest.mark.parametrize("op", TAKING_A_BODY, ids=ID.get)
def test_an_object_naming_a_key_twice_is_refused(client: Client, token: str,
                                                 op: tuple[str, str]) -> None:
    body = '{"name": "Ada", "map": "usa", "name": "Bea"}'
    if op in EXPORTS:  # an export as JSON is an array of events
        body = f"[{body}]"
    refused = problem(send(client, op, body, token, "application/json"), 400,
                      "invalid-request")
    assert refused["errors"] == {"json": {"name": ["Named twice in one object."]}}


@pytest.mark.parametrize("op", EXPORTS, ids=ID.get)
def test_an_export_line_naming_a_key_twice_is_refused(client: Client, token: str,
                                                      op: tuple[str, str]) -> None:
    body = '{"game_id": "g_1", "version": 1}\n{"game_id": "g_1", "version": 2, "version": 3}\n'
    refused = problem(send(client, op, body, token, "application/x-ndjson"), 400,
                      "invalid-request")
    assert "version" in refused["errors"]["json"]


def test_a_key_repeated_deep_inside_the_body_is_refused(client: Client, token: str) -> None:
    body = '{"type": "claim_route", "route": {"from": "A", "from": "B"}}'
    refused = problem(send(client, ("POST", "/v1/games/{game_id}/actions"), body, token,
                           "application/json"), 400, "invalid-request")
    assert "from" in refused["detail"]


def test_a_refused_body_changes_nothing(client: Client, token: str) -> None:
    before = client.get("/v1/users/me/games", token=token).json
    problem(send(client, ("POST", "/v1/games"), '{"map": "usa", "seats": 2, "seats": 5}',
                 token, "application/json"), 400, "invalid-request")
    assert client.get("/v1/users/me/games", token=token).json == before


@pytest.mark.parametrize("op", TAKING_A_BODY, ids=ID.get)
def test_a_body_without_content_type_is_unsupported(client: Client, token: str,
                                                    op: tuple[str, str]) -> None:
    refused = problem(send(client, op, '{"name": "Ada"}', token, None), 415,
                      "unsupported-media-type")
    assert "application/json" in refused["detail"]
    assert refused["errors"]["headers"]["Content-Type"]


@pytest.mark.parametrize("op", TAKING_A_BODY, ids=ID.get)
def test_valid_json_sent_as_plain_text_is_unsupported(client: Client, token: str,
                                                      op: tuple[str, str]) -> None:
    refused = problem(send(client, op, '{"name": "Ada"}', token, "text/plain"), 415,
                      "unsupported-media-type")
    assert "text/plain" in refused["detail"] and "application/json" in refused["detail"]


@pytest.mark.parametrize("content_type", ["application/problem+json",
                                          "application/x-www-form-urlencoded"])
def test_only_the_documented_type_is_taken(client: Client, token: str,
                                           content_type: str) -> None:
    problem(send(client, ("POST", "/v1/users"), '{"name": "Ada"}', token, content_type), 415,
            "unsupported-media-type")


@pytest.mark.parametrize("op", TAKING_A_BODY, ids=ID.get)
def test_a_charset_other_than_utf8_is_refused(client: Client, token: str,
                                              op: tuple[str, str]) -> None:
    media_type = body_types(op)[0]
    refused = problem(send(client, op, '{"name": "Ada"}', token,
                           f"{media_type}; charset=klingon"), 400, "invalid-request")
    assert "klingon" in refused["detail"]
    assert refused["errors"]["headers"]["Content-Type"] == ["Only charset=utf-8."]


@pytest.mark.parametrize("charset", ["", "; charset=utf-8", '; charset="UTF-8"'])
def test_json_in_utf8_is_read_with_or_without_the_charset(client: Client, charset: str) -> None:
    response = send(client, ("POST", "/v1/users"), '{"name": "Zoë"}'.encode(), None,
                    f"application/json{charset}")
    assert response.status_code == 201, response.get_data(True)
    assert response.json["name"] == "Zoë"


def test_bytes_that_are_not_utf8_are_refused(client: Client, token: str) -> None:
    problem(send(client, ("POST", "/v1/users"), '{"name": "Zoë"}'.encode("latin-1"), token,
                 "application/json"), 400, "invalid-request")


def test_a_request_without_a_body_is_told_what_it_misses(client: Client, token: str) -> None:
    # no body, no Content-Type: not a body of the wrong type, but no body at all
    refused = problem(send(client, ("POST", "/v1/games/{game_id}/actions"), b"", token, None),
                      400, "invalid-request")
    assert "needs a JSON body" in refused["detail"]


def test_an_export_is_taken_as_ndjson_or_as_json(client: Client) -> None:
    for body, content_type in (('{"game_id": "g_1"}\n', "application/x-ndjson"),
                               ('[{"game_id": "g_1"}]', "application/json")):
        answer = client.post("/v1/verify", data=body, headers={"Content-Type": content_type})
        assert answer.status_code == 200 and answer.json["ok"] is False


def test_the_spec_documents_the_415_of_every_operation_that_takes_a_body() -> None:
    for method, path in TAKING_A_BODY:
        assert "415" in SPEC["paths"][path][method.lower()]["responses"], (method, path)
