"""The spec as client generators need it: what `service.api.pages.build_spec` does to the
document apispec makes so that a generated client (openapi-python-client, and the
others) types every field and names every operation.

Each rule is general — it applies to any schema or operation that has the shape, so an
endpoint added later follows it without being listed here:

- **One enum per concept.** A string enum whose values are one of `NAMED_ENUMS` becomes
  a reference to that named schema (else every field would get an enum class of its own).
- **Nullable references that generators type.** In OpenAPI 3.0.3 `nullable` does not
  reach into `allOf` or a `$ref`, so a nullable reference is written
  `anyOf: [{$ref}, {type: object, nullable: true, enum: [null]}]`: validators accept
  null, and generators make it `Model | None` (apispec's own form, an empty nullable
  object *before* the reference, became an empty class that swallowed every value).
- **No model shadowed by its own field** (`RENAMED`).
- **Named parts.** A field marked `x-component: Name` becomes a reference to `Name`.
- **Every event type's data** (`service.schemas.events`), **named operations**
  (`service.operations.OPERATIONS`, else none: generators then name it after its
  path) and **examples**
  on every command.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from domain.cards import COLORS, KINDS
from domain.maps import MAP_NAMES
from domain.rating_rules import REASONS
from domain.reactions import REACTIONS
from domain.stand_ins import BOT_LEVELS
from events.accounts import SCOPES
from service.operations import OPERATIONS
from service.problems import PROBLEM_CODES
from service.schemas.base import (
    END_REASONS,
    PHASES,
    PLAYER_OUT,
    STAND_IN_REASONS,
    STATUSES,
)
from service.schemas.events import REF, event_schemas
from service.schemas.webhooks import DELIVERY_STATUSES, WEBHOOK_KINDS

NAMED_ENUMS: dict[str, tuple[str, ...]] = {
    "GameStatus": STATUSES,
    "Phase": PHASES,
    "MapName": MAP_NAMES,
    "PlayerOut": PLAYER_OUT,
    "DeliveryStatus": DELIVERY_STATUSES,
    "WebhookKind": WEBHOOK_KINDS,
    "BotLevel": BOT_LEVELS,
    "Scope": SCOPES,
    "CardKind": KINDS,
    "RouteColor": (*COLORS, "gray"),
    "ProblemCode": PROBLEM_CODES,
    "EndReason": END_REASONS,
    "StandInReason": STAND_IN_REASONS,
    "UnratedReason": REASONS,
    "Reaction": REACTIONS,
}

# Parts the marshmallow schemas mark with `x-component` (see `base.card_counts`).
PARTS: dict[str, dict[str, Any]] = {
    "CardCounts": {
        "type": "object",
        "description": "Cards by kind (" + ", ".join(KINDS) + "): how many of each (kinds "
                       "not listed: none).",
        "additionalProperties": {"type": "integer", "minimum": 0},
        "example": {"red": 2, "locomotive": 1},
    },
}

_METHODS = ("get", "put", "post", "delete", "patch")


# Schemas renamed for generators: openapi-python-client names a model's local variable
# after the model (`map_`, `moves`), which a property of the same name (`map`, `moves`)
# then shadows, and the generated client fails `mypy --strict`.
RENAMED: dict[str, str] = {"Map": "Board", "Moves": "LegalMoves"}


def amend_for_generators(spec: dict[str, Any]) -> None:
    """Apply every rule of this module to `spec` (in place)."""
    _rename(spec, RENAMED)
    schemas: dict[str, Any] = spec["components"]["schemas"]
    schemas.update(event_schemas(schemas["Event"]))
    for name, values in NAMED_ENUMS.items():
        schemas[name] = {"type": "string", "enum": list(values)}
    schemas.update(PARTS)
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            known = OPERATIONS.get((method.upper(), path))
            if method in _METHODS and known is not None:
                operation["operationId"] = known.operation_id
    for name, schema in list(schemas.items()):
        if name not in NAMED_ENUMS:
            schemas[name] = _defaults_in_words(_typed(schema))
    spec["paths"] = _typed(spec["paths"])
    for parameter in _parameters(spec["paths"]):
        # a parameter's description sits beside its schema: say its default there
        said = _defaults_in_words({**parameter["schema"], "description":
                                   parameter.get("description", "")})
        if said["description"]:
            parameter["description"] = said.pop("description")
        parameter["schema"] = {k: v for k, v in said.items() if k != "description"}
    _fold_unused_responses(spec)


def _typed(node: Any) -> Any:
    """`node` with every inline enum, nullable reference and marked part rewritten."""
    if isinstance(node, list):
        return [_typed(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _typed(value) for key, value in node.items()}
    name = node.pop("x-component", None) or _enum_name(node)
    if name is not None:
        kept = {k: v for k, v in node.items() if k not in _REPLACED}
        return _reference(name, node.get("nullable", False), kept)
    nullable_ref = _apispec_nullable_ref(node)
    if nullable_ref is not None:
        kept = {k: v for k, v in node.items() if k != "anyOf"}
        return _reference(nullable_ref, True, kept)
    return node


# what a reference replaces (the rest — description, example, default — stays beside it)
_REPLACED = frozenset({"type", "enum", "nullable", "keys", "additionalProperties"})


def _enum_name(node: dict[str, Any]) -> str | None:
    values = node.get("enum")
    if node.get("type") != "string" or not isinstance(values, list):
        return None
    named = {v for v in values if v is not None}
    return next((name for name, concept in NAMED_ENUMS.items() if named == set(concept)),
                None)


def _apispec_nullable_ref(node: dict[str, Any]) -> str | None:
    """The schema name in apispec's nullable form `anyOf: [{$ref}, {type: object,
    nullable: true}]` (either order), or None."""
    options = node.get("anyOf")
    if not isinstance(options, list) or len(options) != 2:
        return None
    refs = [o["$ref"] for o in options if "$ref" in o]
    empty = [o for o in options if o == {"type": "object", "nullable": True}]
    if len(refs) == 1 and len(empty) == 1:
        return str(refs[0]).removeprefix(REF)
    return None


def _reference(name: str, nullable: bool, kept: dict[str, Any]) -> dict[str, Any]:
    ref = {"$ref": f"{REF}{name}"}
    if nullable:
        kind = "string" if name in NAMED_ENUMS else "object"
        return {**kept, "anyOf": [ref, {"type": kind, "nullable": True, "enum": [None]}]}
    # siblings of a $ref are ignored in 3.0: with a description or example, wrap it
    return {**kept, "allOf": [ref]} if kept else ref


def _parameters(paths: dict[str, Any]) -> list[dict[str, Any]]:
    return [parameter for operations in paths.values() for operation in operations.values()
            if isinstance(operation, dict)
            for parameter in operation.get("parameters", ()) if "schema" in parameter]


def _defaults_in_words(node: Any) -> Any:
    """`node` without `default`, said in the description instead: a default makes
    openapi-typescript type the field as always present, in requests too, where the
    server fills it in when it is left out."""
    if isinstance(node, list):
        return [_defaults_in_words(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _defaults_in_words(value) for key, value in node.items()}
    if "default" not in node or isinstance(node["default"], dict) and "$ref" in node["default"]:
        return node
    value = node.pop("default")
    description = node.get("description", "")
    if "default" not in description.lower():
        shown = value if isinstance(value, str) else json.dumps(value)
        node["description"] = f"{description} Default: `{shown}`.".strip()
    return node


def _fold_unused_responses(spec: dict[str, Any]) -> None:
    """Problem responses no operation names (405, 406, 414, …: any request may get them)
    are said in the catch-all `Problem` response's description instead of standing
    unused (which linters warn of)."""
    used = {node["$ref"].rsplit("/", 1)[-1] for node in _nodes(spec["paths"])
            if isinstance(node.get("$ref"), str) and "/responses/" in node["$ref"]}
    responses: dict[str, Any] = spec["components"].get("responses", {})
    unused = [name for name in responses
              if name.startswith("Problem") and name != "Problem" and name not in used]
    if not unused or "Problem" not in responses:
        return
    notes = [f"{name.removeprefix('Problem')}: {responses.pop(name)['description']}"
             for name in unused]
    catch_all = responses["Problem"]
    catch_all["description"] = (f"{catch_all['description']} Any request may also get: "
                                + "; ".join(notes))


def _nodes(node: Any) -> Iterator[dict[str, Any]]:
    """Every mapping in `node` (depth first)."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _nodes(value)
    elif isinstance(node, list):
        for item in node:
            yield from _nodes(item)


def _rename(spec: dict[str, Any], names: dict[str, str]) -> None:
    """Rename component schemas (`names`: old → new), and every reference to them."""
    schemas: dict[str, Any] = spec["components"]["schemas"]
    spec["components"]["schemas"] = {names.get(name, name): schema
                                     for name, schema in schemas.items()}
    refs = {f"{REF}{old}": f"{REF}{new}" for old, new in names.items()}
    for node in _nodes(spec):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref in refs:
            node["$ref"] = refs[ref]
