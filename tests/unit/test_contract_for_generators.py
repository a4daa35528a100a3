"""openapi.yaml is written so that client generators type everything: one enum per
concept, nullable references they understand, every event type's data with an example,
every operation named (see service/schemas/contract.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from openapi_schema_validator import OAS30Validator

from events.catalogue import TYPES, decode
from service.schemas.contract import NAMED_ENUMS
from service.schemas.events import schema_name

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    return loaded


def nodes(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from nodes(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from nodes(item, f"{where}/{i}")


def validator(spec: dict[str, Any], name: str) -> OAS30Validator:
    return OAS30Validator({"$ref": f"#/components/schemas/{name}",
                           "components": spec["components"]})


def test_each_concept_has_one_named_enum(spec: dict[str, Any]) -> None:
    concepts = {frozenset(values): name for name, values in NAMED_ENUMS.items()}
    for where, node in nodes(spec):
        values = frozenset(v for v in node.get("enum", ()) if v is not None)
        if values in concepts:
            assert where == f"/components/schemas/{concepts[values]}", where


def test_no_nullable_reference_is_an_empty_object_to_generators(spec: dict[str, Any]) -> None:
    for where, node in nodes(spec):
        assert node != {"type": "object", "nullable": True}, where
        if node.get("nullable") and "$ref" not in node:
            assert "allOf" not in node, f"{where}: nullable does not reach into allOf"


def test_a_nullable_reference_takes_null_and_the_model(spec: dict[str, Any]) -> None:
    turn = spec["components"]["schemas"]["Game"]["properties"]["turn"]
    check = OAS30Validator({**turn, "components": spec["components"]})
    assert check.is_valid(None) and check.is_valid({"seat": 1, "step": "start", "number": 3})
    assert not check.is_valid({}) and not check.is_valid({"seat": "one"})


def test_every_event_type_has_its_data_schema_and_an_example(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    mapping = schemas["Event"]["discriminator"]["mapping"]
    assert set(mapping) == set(TYPES)
    for type_name in TYPES:
        data = schemas[schema_name(type_name, "Data")]
        assert validator(spec, schema_name(type_name, "Data")).is_valid(data["example"])
        event = schemas[schema_name(type_name, "Event")]
        assert event["properties"]["type"]["enum"] == [type_name]


def test_an_event_of_another_type_is_not_taken_for_this_one(spec: dict[str, Any]) -> None:
    event = {"game_id": "g_1", "version": 3, "position": 3, "type": "passed",
             "schema_version": 1, "recorded_at": "2026-01-01T00:00:00.000000Z",
             "actor": {"kind": "seat", "seat": 1}, "data": {"seat": 1}, "hidden": []}
    assert validator(spec, "Event").is_valid(event)
    assert not validator(spec, "Event").is_valid({**event, "data": {}})
    assert not validator(spec, "Event").is_valid({**event, "type": "no_such_event"})


def test_the_examples_of_public_fields_are_events_the_domain_reads() -> None:
    from service.schemas.events import EXAMPLES

    # fields hidden while the game runs are left out of the examples; the rest decodes
    for type_name, cls in TYPES.items():
        shown = EXAMPLES[type_name]
        hidden = {name: None for name in cls.PRIVATE if name not in shown}
        if not hidden:
            assert decode(type_name, 2 if type_name == "turn_ended" else 1, shown, None)


def test_every_operation_is_named(spec: dict[str, Any]) -> None:
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method in ("get", "put", "post", "delete", "patch"):
                assert "operationId" in operation, (
                    f"{method} {path}: add it to OPERATIONS in service/operations.py")


def test_one_event_parses_as_the_client_docs_say() -> None:
    """docs/clients.md's `parse_event` (after `<!-- parse-event -->`) turns any event, as
    a stream, a webhook or an export line gives it, into its type's generated model."""
    from service.schemas.events import EXAMPLES

    text = (ROOT / "docs" / "clients.md").read_text()
    recipe = text.split("<!-- parse-event -->\n```python\n", 1)[1].split("```", 1)[0]
    scope: dict[str, Any] = {}
    exec(compile(recipe, "docs/clients.md", "exec"), scope)
    for type_name in TYPES:
        event = {"game_id": "g_1", "version": 3, "position": 3, "type": type_name,
                 "schema_version": 1, "recorded_at": "2026-01-01T00:00:00.000000Z",
                 "actor": {"kind": "system"}, "data": EXAMPLES[type_name], "hidden": []}
        parsed = scope["parse_event"](event)
        assert type(parsed).__name__ == schema_name(type_name, "Event")
        assert parsed.to_dict()["data"] == EXAMPLES[type_name]


def test_the_export_is_the_same_lines_as_text_for_a_client_that_asks_for_text(
        tmp_path: Path) -> None:
    """Generators that know no NDJSON read the export as `text/plain` (the contract lists
    it second): the server answers that type when asked, NDJSON otherwise."""
    from tests.api_support import Client, make_app, open_table

    app = make_app(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        client = Client(app)
        table = open_table(client, "usa", 2)
        path = f"/v1/games/{table.game_id}/export"
        ndjson = client.get(path, token=table.tokens[0])
        text = client.get(path, token=table.tokens[0], headers={"Accept": "text/plain"})
        assert ndjson.mimetype == "application/x-ndjson" and text.mimetype == "text/plain"
        assert text.get_data() == ndjson.get_data()
    finally:
        app.extensions["ttr"].close()
