"""Hostile and careless input, on both stores: each is refused with a 400 problem that
says what is wrong (never a 500), and changes nothing; per-viewer answers are private
to their caller; a private game is, to an outsider, a game that does not exist."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask

from service.problems import PROBLEM_JSON
from tests.api_support import Client, Table, make_app, open_table

ADMIN = "admin-secret-token"
ROOT = Path(__file__).absolute().parents[2]
EXPORT = ROOT / "tests" / "fixtures" / "europe-3p-rules-v1.ndjson"
HUGE = "9" * 5000  # beyond Python's 4,300 digits for int()


@pytest.fixture
def app(store_url: str) -> Iterator[Flask]:
    app = make_app(store_url, admin_token=ADMIN)
    yield app
    app.extensions["ttr"].close()


def refused(response: Any, status: int = 400, kind: str = "invalid-request") -> dict[str, Any]:
    assert response.status_code == status, response.get_data(True)[:500]
    assert response.mimetype == PROBLEM_JSON
    body: dict[str, Any] = response.json
    assert body["type"] == f"/problems/{kind}"
    return body


def raw_json(client: Client, method: str, path: str, text: str,
             token: str | None = None) -> Any:
    return client.request(method, path, token=token, data=text,
                          headers={"Content-Type": "application/json"})


def users(app: Flask) -> int:
    with app.extensions["ttr"].store.reading() as cur:
        cur.execute("SELECT COUNT(*) FROM users")
        return int(cur.fetchone()[0])


# -- item 3: no input a client can send produces a 500 ------------------------------------------

def test_an_if_none_match_of_thousands_of_digits_names_no_version(client: Client) -> None:
    table = open_table(client, "usa", 2)
    answer = client.get(f"/v1/games/{table.game_id}", headers={"If-None-Match": f'"{HUGE}"'})
    assert answer.status_code == 200


def test_an_if_match_of_thousands_of_digits_is_refused(client: Client) -> None:
    table = open_table(client, "usa", 2)
    before = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0]).json
    moves = client.get(f"/v1/games/{table.game_id}/moves", token=table.tokens[0]).json
    answer = client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[0],
                         json=moves["moves"][0], headers={"If-Match": f'"{HUGE}"'})
    assert "If-Match" in refused(answer)["detail"]
    assert client.get(f"/v1/games/{table.game_id}",
                      token=table.tokens[0]).json["version"] == before["version"]


@pytest.mark.parametrize("number", [HUGE, "-" + HUGE, "1e400", "-1e400", "NaN", "Infinity",
                                    "-Infinity", "1" + "0" * 400 + ".5"])
def test_a_number_beyond_a_double_in_a_body_is_refused(client: Client, number: str) -> None:
    token = client.new_user()
    answer = raw_json(client, "POST", "/v1/games",
                      f'{{"map": "usa", "seats": {number}}}', token)
    assert "not valid JSON" in refused(answer)["detail"]
    assert client.get("/v1/users/me/games", token=token).json["games"] == []


@pytest.mark.parametrize("path,method,body", [
    ("/v1/users", "POST", '{"name": "\\ud800"}'),
    ("/v1/games", "POST", '{"map": "usa", "seats": 2, "name": "A\\udfff"}'),
    ("/v1/users/me/webhook", "PUT",
     '{"url": "https://example.com/hook", "secret": "\\ud800xxxxxxxxxxxxxxxxxxxxxxxx"}'),
])
def test_a_lone_surrogate_in_a_string_is_refused(client: Client, path: str, method: str,
                                                 body: str) -> None:
    token = client.new_user()
    refused(raw_json(client, method, path, body, token))
    assert client.get("/v1/users/me/games", token=token).json["games"] == []
    assert client.get("/v1/users/me/webhook", token=token).status_code == 404


@pytest.mark.parametrize("path", ["/v1/games/%00", "/v1/games/g_%00x/events",
                                  "/v1/games/%00/moves", "/v1/games/%00/states/1",
                                  "/v1/games/%00/score", "/v1/games/%00/export",
                                  "/v1/maps/%00"])
def test_a_nul_in_a_path_id_is_refused_naming_it(client: Client, path: str) -> None:
    body = refused(client.get(path, token=client.new_user()))
    assert list(body["errors"]["path"]) in (["game_id"], ["map_name"])


def test_a_nul_in_a_name_is_refused_naming_it(app: Flask, client: Client) -> None:
    before = users(app)
    body = refused(client.post("/v1/users", json={"name": "Al\x00ice"}))
    assert body["errors"]["json"] == {"name": ["Holds a NUL character (\\u0000)."]}
    assert users(app) == before


def test_a_nul_in_a_webhook_secret_is_refused_naming_it(client: Client) -> None:
    token = client.new_user()
    body = refused(client.request("PUT", "/v1/users/me/webhook", token=token, json={
        "url": "https://example.com/hook", "secret": "s3cret\x00" * 4}))
    assert list(body["errors"]["json"]) == ["secret"]
    assert client.get("/v1/users/me/webhook", token=token).status_code == 404


def test_a_nul_anywhere_in_a_command_is_refused_naming_it(client: Client) -> None:
    table = open_table(client, "usa", 2)
    body = refused(client.post(f"/v1/games/{table.game_id}/actions", token=table.tokens[0],
                               json={"type": "keep_tickets", "tickets": ["usa/a\x00b"]}))
    assert list(body["errors"]["json"]) == ["tickets.0"]


def test_an_export_holding_a_nul_is_not_imported(client: Client) -> None:
    records = [json.loads(line) for line in EXPORT.read_text().splitlines()]
    seat = next(i for i, r in enumerate(records) if r["type"] == "seat_taken")
    records[seat]["data"]["name"] = "P\x000"
    body = refused(client.post("/v1/games/import", token=ADMIN,
                               data="\n".join(json.dumps(r) for r in records),
                               headers={"Content-Type": "application/x-ndjson"}))
    assert list(body["errors"]["body"]) == [f"{seat + 1}.data.name"]
    assert client.get(f"/v1/games/{records[0]['game_id']}").status_code == 404


def test_an_export_holding_a_lone_surrogate_is_not_json(client: Client) -> None:
    text = EXPORT.read_text().replace('"name": "P0"', '"name": "P\\ud800"', 1)
    assert text != EXPORT.read_text()
    answer = client.post("/v1/games/import", token=ADMIN, data=text,
                         headers={"Content-Type": "application/x-ndjson"})
    assert "not NDJSON" in refused(answer)["detail"]


# -- item 8: caching, unknown parameters, names, private games ---------------------------------

def game_paths(table: Table) -> list[str]:
    g = f"/v1/games/{table.game_id}"
    return [g, f"{g}/moves", f"{g}/events", f"{g}/export", f"{g}/states/1", "/v1/games",
            "/v1/users/me", "/v1/users/me/games", "/v1/users/me/events", "/v1/games/g_none"]


def test_per_viewer_answers_are_private_and_vary_with_the_token(client: Client) -> None:
    table = open_table(client, "usa", 2)
    for path in game_paths(table):
        answer = client.get(path, token=table.tokens[0])
        assert answer.headers["Cache-Control"].startswith("private"), path
        assert "Authorization" in answer.headers["Vary"], path


def test_a_not_modified_answer_is_private_too(client: Client) -> None:
    table = open_table(client, "usa", 2)
    first = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0])
    again = client.get(f"/v1/games/{table.game_id}", token=table.tokens[0],
                       headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.headers["Cache-Control"] == "private"
    assert "Authorization" in again.headers["Vary"]


def test_a_stream_is_private_and_not_cached(client: Client) -> None:
    table = open_table(client, "usa", 2)
    stream = client.get(f"/v1/games/{table.game_id}/events", token=table.tokens[0],
                        headers={"Accept": "text/event-stream"})
    try:
        assert stream.headers["Cache-Control"] == "private, no-cache"
        assert "Authorization" in stream.headers["Vary"]
    finally:
        stream.close()


def test_the_maps_are_the_same_for_everyone_and_cacheable(client: Client) -> None:
    for path in ("/v1/maps", "/v1/maps/usa"):
        assert client.get(path).headers["Cache-Control"].startswith("public, max-age=")


@pytest.mark.parametrize("query", ["?foo=1", "?limit=5&sort=new", "?min_version=1&x=2"])
def test_an_unknown_query_parameter_is_refused_naming_it(client: Client, query: str) -> None:
    table = open_table(client, "usa", 2)
    unknown = query.split("&")[-1].lstrip("?").split("=")[0]
    for path in (f"/v1/games/{table.game_id}/moves", "/v1/games", "/v1/users/me",
                 f"/v1/games/{table.game_id}/events"):
        body = refused(client.get(path + query, token=table.tokens[0]))
        assert unknown in body["errors"]["query"] and unknown in body["detail"], path


def test_an_unknown_query_parameter_on_a_write_changes_nothing(client: Client) -> None:
    token = client.new_user()
    refused(client.post("/v1/games?privat=true", token=token, json={"map": "usa", "seats": 2}))
    assert client.get("/v1/users/me/games", token=token).json["games"] == []


def test_the_moves_of_a_known_version_still_come_at_once(client: Client) -> None:
    table = open_table(client, "usa", 2)
    answer = client.get(f"/v1/games/{table.game_id}/moves?min_version=1", token=table.tokens[0])
    assert answer.status_code == 200 and answer.json["moves"]


@pytest.mark.parametrize("name", [
    "Eve\x1b[31m", "Bob\x07", "Al\x7fice", "Car\x9bol",           # control and ANSI escapes
    "Mallory\u202eevil", "x\u202ay", "x\u2066y", "x\u2069", "\u200fRTL",  # bidirectional
    "\u200dZed", "Zed\u200d", "Z\u200d\u200de", "a\u200bb", "\ufeffBOM",  # invisible
    "line\u2028break", "tab\there", "new\nline",
])
def test_a_name_refuses_control_bidi_and_invisible_characters(client: Client,
                                                              name: str) -> None:
    for path in ("/v1/users",):
        body = refused(client.post(path, json={"name": name}))
        assert "control characters" in body["errors"]["json"]["name"][0]
    token = client.new_user()
    refused(client.post("/v1/games", token=token, json={"map": "usa", "seats": 2,
                                                        "name": name}))
    game = client.post("/v1/games", token=client.new_user(),
                       json={"map": "usa", "seats": 2}).json
    refused(client.post(f"/v1/games/{game['id']}/players", token=token, json={"name": name}))


@pytest.mark.parametrize("name", ["Zoë", "李小龍", "محمد", "👩\u200d🚀 Ada", "می\u200cخواهم",
                                  "O'Brien-Smith"])
def test_a_name_in_any_script_and_emoji_sequences_are_welcome(client: Client,
                                                              name: str) -> None:
    assert client.post("/v1/users", json={"name": name}).status_code == 201


def test_the_name_rule_is_in_the_contract() -> None:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    name = spec["components"]["schemas"]["NewUser"]["properties"]["name"]
    assert "pattern" in name and "bidirectional" in name["description"]


def private_game(client: Client, seats: int = 2) -> tuple[str, str, str]:
    host = client.new_user("Host")
    game = client.post("/v1/games", token=host,
                       json={"map": "usa", "seats": seats, "private": True}).json
    return game["id"], game["invite_code"], host


def nonexistent(client: Client, method: str, path: str, token: str,
                json: Any = None) -> dict[str, Any]:
    return refused(client.request(method, path, token=token, json=json), 404, "not-found")


def test_an_outsider_posting_to_a_private_game_is_told_it_does_not_exist(
        client: Client) -> None:
    game_id, _, _ = private_game(client)
    outsider = client.new_user("Outsider")
    missing = nonexistent(client, "POST", "/v1/games/g_nothing/players", outsider, {})
    for path, body in ((f"/v1/games/{game_id}/players", {}),
                       (f"/v1/games/{game_id}/players", {"invite_code": "guess"}),
                       (f"/v1/games/{game_id}/start", None),
                       (f"/v1/games/{game_id}/actions", {"type": "pass"})):
        assert nonexistent(client, "POST", path, outsider, body)["detail"] == \
            missing["detail"], path


def test_an_outsider_is_not_told_a_private_game_is_full_or_started(client: Client) -> None:
    game_id, code, _ = private_game(client)
    assert client.post(f"/v1/games/{game_id}/players", token=client.new_user(),
                       json={"invite_code": code}).status_code == 200  # full, and started
    outsider = client.new_user("Outsider")
    nonexistent(client, "POST", f"/v1/games/{game_id}/players", outsider, {})
    nonexistent(client, "POST", f"/v1/games/{game_id}/players", outsider,
                {"invite_code": "guess"})
    nonexistent(client, "POST", f"/v1/games/{game_id}/start", outsider)


def test_with_the_invite_code_the_rules_answer(client: Client) -> None:
    game_id, code, _ = private_game(client)
    client.post(f"/v1/games/{game_id}/players", token=client.new_user(),
                json={"invite_code": code})
    late = client.post(f"/v1/games/{game_id}/players", token=client.new_user(),
                       json={"invite_code": code})
    assert refused(late, 422, "rule-violation")["code"] == "game_already_started"
