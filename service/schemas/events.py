"""Every event type in the contract: the shape of its `data`, read from the domain's event
classes (so a new field or a new type reaches the spec by itself), with an example each.

`Event` in the spec is one schema per type (`RouteClaimedEvent`, …: the fields every event
has, `type` fixed to the type's name and `data` its `…Data` schema), joined by a
discriminator on `type`. A field a viewer may not see while the game runs (`PRIVATE` in
`domain.events`) is left out of `data` (and named in `hidden`), so such fields are never
required; a per-seat field keeps its length with null for the seats the viewer is not.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import MISSING, fields
from typing import Any, Union, get_args, get_origin, get_type_hints

from domain.cards import KINDS
from domain.events import Event
from domain.maps import MAP_NAMES
from domain.reactions import REACTIONS
from domain.stand_ins import BOT_LEVELS
from events.catalogue import TYPES
from service.schemas.base import END_REASONS, STAND_IN_REASONS

REF = "#/components/schemas/"
CARDS_REF = {"$ref": f"{REF}CardCounts"}
PLAYER_SCORE_REF = {"$ref": f"{REF}PlayerScore"}


def schema_name(type_name: str, suffix: str) -> str:
    """`route_claimed` → `RouteClaimedEvent` / `RouteClaimedData`."""
    return "".join(part.title() for part in type_name.split("_")) + suffix


def _schema_of(hint: Any, *, per_seat: bool = False) -> dict[str, Any]:
    """The OpenAPI schema of one field's type hint (`per_seat`: its items may be null)."""
    origin = get_origin(hint)
    args = get_args(hint)
    if origin in (Union, types.UnionType) and type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        return {**_schema_of(inner), "nullable": True}
    if origin is tuple:
        items = _schema_of(args[0])
        if per_seat:
            items = {**items, "nullable": True}
        return {"type": "array", "items": items}
    if origin is Mapping or hint is Mapping:
        value = args[1] if args else Any
        return CARDS_REF if value is int else PLAYER_SCORE_REF
    simple = {int: "integer", str: "string", bool: "boolean"}
    return {"type": simple[hint]}


# Fields that hold one of a closed set (a card, a map, …), by event type and field: their
# enum becomes the set's named schema (`contract.NAMED_ENUMS`), in arrays per item.
CLOSED_SETS: dict[tuple[str, str], tuple[str, ...]] = {
    ("game_created", "map"): MAP_NAMES,
    ("game_created", "stand_in"): BOT_LEVELS,
    ("game_started", "map"): MAP_NAMES,
    ("game_started", "deck"): KINDS,
    ("game_started", "market"): KINDS,
    ("deck_reshuffled", "deck"): KINDS,
    ("market_refilled", "cards"): KINDS,
    ("market_reset", "discarded"): KINDS,
    ("card_drawn_blind", "card"): KINDS,
    ("card_taken", "card"): KINDS,
    ("tunnel_attempted", "color"): KINDS,
    ("tunnel_cards_revealed", "cards"): KINDS,
    ("seat_taken", "bot"): BOT_LEVELS,
    ("stand_in_seated", "level"): BOT_LEVELS,
    ("stand_in_seated", "reason"): STAND_IN_REASONS,
    ("game_ended", "reason"): END_REASONS,
    ("reaction_sent", "reaction"): REACTIONS,
}


def _closed(schema: dict[str, Any], values: tuple[str, ...]) -> dict[str, Any]:
    """`schema` (a string or an array of strings) taking only `values`."""
    if schema.get("type") == "array":
        return {**schema, "items": _closed(schema["items"], values)}
    nullable = schema.get("nullable", False)
    return {**schema, "enum": [*values, None] if nullable else list(values)}


def data_schema(cls: type[Event]) -> dict[str, Any]:
    """The schema of `data` for events of class `cls`."""
    hints = get_type_hints(cls)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for field in fields(cls):
        who = cls.PRIVATE.get(field.name)
        schema = _schema_of(hints[field.name], per_seat=who == "per_seat")
        values = CLOSED_SETS.get((cls.TYPE, field.name))
        if values is not None:
            schema = _closed(schema, values)
        if who is not None:
            schema = {**schema, "description": _PRIVATE_NOTES[who]}
        properties[field.name] = schema
        # a field with a default is absent from events stored before it existed
        if who is None and field.default is MISSING:
            required.append(field.name)
    schema = {"type": "object", "properties": properties, "required": required,
              "example": EXAMPLES[cls.TYPE]}
    if cls.__doc__ and not cls.__doc__.startswith(cls.__name__ + "("):
        schema["description"] = " ".join(cls.__doc__.split())
    return schema


_PRIVATE_NOTES = {
    "actor": "Seen by the acting seat only while the game runs (else named in `hidden`).",
    "per_seat": "Item i is seen by seat i only while the game runs (null for the others).",
    "nobody": "Hidden from everyone until the game has ended (named in `hidden`).",
}


def event_schemas(event: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every `…Data` and `…Event` schema, and `Event` (one of them by `type`), from the
    common fields of an event (`event`: the marshmallow-made `Event` schema)."""
    schemas: dict[str, dict[str, Any]] = {}
    mapping: dict[str, str] = {}
    for type_name, cls in TYPES.items():
        data, variant = schema_name(type_name, "Data"), schema_name(type_name, "Event")
        schemas[data] = data_schema(cls)
        properties = dict(event["properties"])
        properties["type"] = {"type": "string", "enum": [type_name]}
        properties["data"] = {"$ref": f"{REF}{data}"}
        schemas[variant] = {**event, "properties": properties}
        mapping[type_name] = f"{REF}{variant}"
    schemas["Event"] = {
        "description": "One event of a game's log, as the caller may see it: its `data` is "
                       "the schema of its `type`.",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping},
    }
    return schemas


_HAND = ["red", "red", "blue", "locomotive"]
EXAMPLES: dict[str, dict[str, Any]] = {
    "game_created": {"map": "usa", "seats": 2, "rules_version": 1,
                     "seed_commitment": "9f2c…", "created_by": "u_3f2a9c1e5b7d4a6c8e0f",
                     "private": False, "turn_time_limit": None, "drop_after_timeouts": 3},
    "seat_taken": {"seat": 1, "user_id": "u_3f2a9c1e5b7d4a6c8e0f", "name": "Alice"},
    "seat_left": {"seat": 1, "user_id": "u_3f2a9c1e5b7d4a6c8e0f"},
    "game_scored": {"players": [{
        "seat": 0, "routes": ["usa/denver-kansas-city-1"],
        "stations": [], "tickets": [{"id": "usa/denver-el-paso", "from": "Denver",
                                     "to": "El Paso", "points": 4, "completed": True}],
        "score": {"routes": 2, "tickets": 4, "stations": 0, "longest_path": 10,
                  "globetrotter": 0, "total": 16},
        "longest_path_length": 4, "longest_path_routes": ["usa/denver-kansas-city-1"],
        "completed_tickets": 1, "rank": 1, "winner": True, "out": False}], "winners": [0]},
    "game_started": {"map": "usa", "players": 2, "rules_version": 1,
                     "seed_commitment": "9f2c…", "first_player": 0,
                     "market": ["red", "blue", "green", "locomotive", "black"],
                     "hands": [_HAND, None], "dealt_tickets": [
                         ["usa/denver-el-paso", "usa/boston-miami", "usa/seattle-new-york"],
                         None], "shuffles_used": 3},
    "deck_reshuffled": {"shuffle": 7, "size": 42},
    "market_refilled": {"slots": [2], "cards": ["yellow"]},
    "market_reset": {"discarded": ["locomotive", "locomotive", "locomotive", "red", "blue"]},
    "card_drawn_blind": {"seat": 0, "card": "orange"},
    "card_taken": {"seat": 0, "slot": 2, "card": "yellow"},
    "route_claimed": {"seat": 1, "route": "usa/denver-kansas-city-1",
                      "cards": {"black": 3, "locomotive": 1}, "points": 7},
    "tunnel_attempted": {"seat": 0, "route": "europe/wien-zurich-1", "cards": {"red": 2},
                         "color": "red"},
    "tunnel_cards_revealed": {"seat": 0, "cards": ["red", "blue", "locomotive"],
                              "extra_cards": 2},
    "tunnel_declined": {"seat": 0, "route": "europe/wien-zurich-1"},
    "tickets_drawn": {"seat": 0, "count": 3,
                      "tickets": ["usa/denver-el-paso", "usa/boston-miami",
                                  "usa/seattle-new-york"]},
    "tickets_kept": {"seat": 0, "kept": ["usa/denver-el-paso"],
                     "returned": ["usa/boston-miami", "usa/seattle-new-york"],
                     "kept_count": 1, "returned_count": 2, "returned_to": "bottom",
                     "shuffle": None},
    "setup_tickets_returned": {"shuffles": [4, 5], "count": 2},
    "station_built": {"seat": 2, "city": "Wien", "cards": {"blue": 2}},
    "passed": {"seat": 1},
    "turn_ended": {"seat": 0, "next_seat": 1, "skipped": []},
    "final_round_started": {"seat": 1, "trains": 2},
    "game_ended": {"reason": "final_round"},
    "seed_revealed": {"seed": "5be1…"},
    "player_resigned": {"seat": 1},
    "turn_timed_out": {"seat": 1, "deadline": "2026-11-23T09:00:00.000000Z", "consecutive": 1},
    "player_dropped": {"seat": 1, "timeouts": 3},
    "stand_in_seated": {"seat": 1, "user_id": "bot-hard-1", "name": "Hard bot",
                        "level": "hard", "replaced": "u_3f2a9c1e5b7d4a6c8e0f",
                        "reason": "timed_out"},
    "player_returned": {"seat": 1, "user_id": "u_3f2a9c1e5b7d4a6c8e0f", "name": "Alice",
                        "bot_user_id": "bot-hard-1"},
    "hint_given": {"seat": 1},
    "reaction_sent": {"seat": 1, "reaction": "well_played"},
    "deadline_paused": {"seat": 1, "until": "2026-12-05T09:00:00.000000Z", "time_left": 43200},
    "deadline_resumed": {"seat": 1},
}
