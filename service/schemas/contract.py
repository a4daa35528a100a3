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
- **Named parts.** A field marked `x-component: Name` becomes a reference to `Name`.
- **Every event type's data** (`service.schemas.events`), **named operations**
  (`OPERATION_IDS`, else none: generators then name it after its path) and **examples**
  on every command.
"""

from __future__ import annotations

from typing import Any

from domain.cards import KINDS
from domain.maps import MAP_NAMES
from service.schemas.base import PHASES, PLAYER_OUT, STATUSES
from service.schemas.events import REF, event_schemas
from service.schemas.webhooks import DELIVERY_STATUSES, WEBHOOK_KINDS

NAMED_ENUMS: dict[str, tuple[str, ...]] = {
    "GameStatus": STATUSES,
    "Phase": PHASES,
    "MapName": MAP_NAMES,
    "PlayerOut": PLAYER_OUT,
    "DeliveryStatus": DELIVERY_STATUSES,
    "WebhookKind": WEBHOOK_KINDS,
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

# Short names for the generated functions ("METHOD path" → operationId).
OPERATION_IDS: dict[str, str] = {
    "post /v1/users": "create_user",
    "get /v1/users/me": "get_me",
    "delete /v1/users/me": "close_account",
    "post /v1/users/me/tokens": "create_token",
    "get /v1/users/me/tokens": "list_tokens",
    "delete /v1/users/me/tokens/{token_id}": "revoke_token",
    "get /v1/maps": "list_maps",
    "get /v1/maps/{map_name}": "get_map",
    "get /v1/games": "list_open_games",
    "post /v1/games": "create_game",
    "get /v1/users/me/games": "list_my_games",
    "get /v1/games/{game_id}": "get_game",
    "post /v1/games/{game_id}/players": "take_seat",
    "post /v1/games/{game_id}/start": "start_game",
    "post /v1/games/{game_id}/bots": "add_bot",
    "post /v1/games/{game_id}/return": "return_to_seat",
    "get /v1/games/{game_id}/moves": "get_moves",
    "post /v1/games/{game_id}/actions": "act",
    "get /v1/games/{game_id}/states/{version}": "get_state",
    "get /v1/games/{game_id}/score": "get_score",
    "get /v1/games/{game_id}/events": "get_game_events",
    "get /v1/users/me/events": "get_my_events",
    "get /v1/games/{game_id}/export": "export_game",
    "post /v1/verify": "verify_export",
    "post /v1/games/import": "import_game",
    "get /v1/users/me/webhook": "get_webhook",
    "put /v1/users/me/webhook": "set_webhook",
    "delete /v1/users/me/webhook": "delete_webhook",
    "get /v1/users/me/webhook/deliveries": "list_deliveries",
    "post /v1/users/me/webhook/ping": "ping_webhook",
    "get /v1/leaderboards/{map_name}": "get_leaderboard",
    "get /v1/users/{user_id}": "get_profile",
    "get /v1/users/{user_id}/games": "list_player_games",
    "get /v1/games/{game_id}/analysis": "get_analysis",
    "get /v1/games/{game_id}/ratings": "get_game_ratings",
}

_METHODS = ("get", "put", "post", "delete", "patch")


def amend_for_generators(spec: dict[str, Any]) -> None:
    """Apply every rule of this module to `spec` (in place)."""
    schemas: dict[str, Any] = spec["components"]["schemas"]
    schemas.update(event_schemas(schemas["Event"]))
    for name, values in NAMED_ENUMS.items():
        schemas[name] = {"type": "string", "enum": list(values)}
    schemas.update(PARTS)
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if method in _METHODS and f"{method} {path}" in OPERATION_IDS:
                operation["operationId"] = OPERATION_IDS[f"{method} {path}"]
    for name, schema in list(schemas.items()):
        if name not in NAMED_ENUMS:
            schemas[name] = _typed(schema)
    spec["paths"] = _typed(spec["paths"])


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
