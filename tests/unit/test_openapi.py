"""openapi.yaml is the contract: it is what the code generates, it is served, and the
command shapes it documents are exactly the ones the game takes."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask
from openapi_schema_validator import OAS30Validator

from domain.commands import COMMAND_TYPES, command_from_dict
from domain.decide import decide
from domain.evolve import replay
from domain.moves import legal_moves
from domain.setup import start_game
from domain.violations import CODES
from events import MEMORY_URL
from service.api.pages import spec_yaml
from service.commands_spec import COMMANDS, EXAMPLES
from tests.api_support import make_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def app() -> Iterator[Flask]:
    app = make_app(MEMORY_URL)
    yield app
    app.extensions["ttr"].close()


@pytest.fixture(scope="module")
def spec(app: Flask) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(spec_yaml(app))
    return loaded


def test_the_committed_contract_is_what_the_code_generates(app: Flask) -> None:
    committed = (ROOT / "openapi.yaml").read_text()
    assert committed == spec_yaml(app), (
        "openapi.yaml is stale: regenerate it with `ttr openapi > openapi.yaml`")


def test_the_contract_has_no_yaml_aliases_for_tools_that_refuse_them() -> None:
    root = yaml.compose((ROOT / "openapi.yaml").read_text())
    seen: set[int] = set()

    def walk(node: yaml.Node) -> None:
        assert id(node) not in seen, f"an alias at line {node.start_mark.line + 1}"
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(key)
                walk(value)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                walk(item)

    assert root is not None
    walk(root)


def test_the_contract_is_a_valid_openapi_document(spec: dict[str, Any]) -> None:
    from openapi_spec_validator import validate

    validate(spec)
    assert spec["openapi"] == "3.0.3"


def test_the_server_serves_the_contract_and_its_docs(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/openapi.yaml").get_data(True) == (ROOT / "openapi.yaml").read_text()
    page = client.get("/docs").get_data(True)
    assert "/docs/assets/swagger-ui-bundle.js" in page and "http" not in page
    with client.get("/docs/assets/swagger-ui-bundle.js") as asset:
        assert asset.status_code == 200 and asset.mimetype == "text/javascript"


def test_the_docs_ask_no_outside_validator_for_a_badge(app: Flask) -> None:
    script = app.test_client().get("/docs/start.js").get_data(True)
    assert "validatorUrl: null" in script and "http" not in script


def test_every_operation_documents_the_rate_limit_and_when_to_retry(
        spec: dict[str, Any]) -> None:
    # every request under /v1 passes the per-token or per-address limit
    undocumented = [f"{method.upper()} {path}" for path, operations in spec["paths"].items()
                    if path.startswith("/v1/")
                    for method, operation in operations.items()
                    if method != "parameters" and "429" not in operation["responses"]]
    assert undocumented == []
    limited = spec["components"]["responses"]["Problem429"]
    assert limited["headers"]["Retry-After"]["schema"]["type"] == "integer"


@pytest.mark.parametrize("path", ["/v1/games/{game_id}/events", "/v1/users/me/events"])
def test_both_feeds_document_their_query_and_where_a_stream_resumes(
        spec: dict[str, Any], path: str) -> None:
    parameters = {(p["in"], p["name"]) for p in spec["paths"][path]["get"]["parameters"]}
    assert {("query", "after"), ("query", "wait"), ("query", "limit"),
            ("header", "Last-Event-ID")} <= parameters


def test_every_command_type_is_documented(spec: dict[str, Any]) -> None:
    documented = {s["properties"]["type"]["enum"][0] for s in COMMANDS.values()}
    assert documented == set(COMMAND_TYPES) | {"resign"}
    assert len(spec["components"]["schemas"]["Command"]["oneOf"]) == len(documented)


def test_every_rule_code_is_listed(spec: dict[str, Any]) -> None:
    assert spec["x-rule-codes"] == CODES


def test_every_legal_move_fits_the_documented_command_shapes(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    by_type = {s["properties"]["type"]["enum"][0]: OAS30Validator(s)
               for s in COMMANDS.values()}
    seen: set[str] = set()
    for map_name, players in (("usa", 3), ("europe", 4), ("nordic", 2)):
        choices = random.Random(1)
        game = replay(start_game(map_name, players, b"spec"))
        while game.phase != "ended":
            seat = (next(s for s, p in enumerate(game.players) if p.pending_tickets)
                    if game.phase == "setup" else game.current)
            moves = legal_moves(game, seat)
            for move in moves:
                body = move.as_dict()
                by_type[body["type"]].validate(body)
                assert command_from_dict(body) == move
                seen.add(body["type"])
            game = replay(decide(game, seat, choices.choice(moves)), game)
    assert {"draw_card", "claim_route", "draw_tickets", "keep_tickets", "build_station",
            "pay_tunnel", "decline_tunnel"} <= seen
    assert schemas["Command"]["oneOf"]


def test_every_example_is_a_command_the_game_parses() -> None:
    for name, example in EXAMPLES.items():
        if example["value"]["type"] == "resign":
            continue
        assert command_from_dict(example["value"]).as_dict() == example["value"], name
