"""The event catalogue: every event type's stored name, schema version and JSON shape.

An event is stored as its public `data`, its `private` fields and the `audience` of
each private field (who may see it while the game runs): a list of seats, or
``"per_seat"`` for a list whose item *i* only seat *i* may see. An empty list means
nobody (deck orders, the seed). This split comes from each domain event's `PRIVATE`
map, so the store, the feeds and the exports can redact any event without knowing
its type.

Old events never change. When a type's shape changes, its `SCHEMA_VERSIONS` entry
goes up and an upcaster turns the older shape into the new one when it is read
(`upcast`); `SHAPES` pins each type's fields at its current version so that a
changed shape without a new version fails a test instead of corrupting old games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

from domain.events import EVENT_TYPES, Event
from domain.frozen import freeze
from domain.table import TABLE_EVENT_TYPES

Data = dict[str, Any]
Audience = list[int] | str  # seats, or "per_seat"

TYPES: dict[str, type[Event]] = {**TABLE_EVENT_TYPES, **EVENT_TYPES}

# The current schema version of each type (1 unless listed).
SCHEMA_VERSIONS: dict[str, int] = {
    "turn_ended": 2,  # 2: `skipped`, the seats passed over because they left the game
    "game_created": 2,  # 2: `stand_in` (the level of the bots standing in for leavers)
    #                     and `rated` (whether the result counts for the players' ratings)
    "seat_taken": 2,  # 2: `bot`, the level of a bot holding the seat
}


def schema_version(type_name: str) -> int:
    return SCHEMA_VERSIONS.get(type_name, 1)


def _turn_ended_1_to_2(data: Data) -> Data:
    # Before version 2 no player could leave a game, so no turn ever skipped a seat.
    return {**data, "skipped": []}


def _game_created_1_to_2(data: Data) -> Data:
    # Before version 2 no bot stood in for anyone, and every game was between
    # registered players: such games are rated unless their creator says otherwise.
    return {**data, "stand_in": None, "rated": True}


def _seat_taken_1_to_2(data: Data) -> Data:
    # Before version 2 every seat was taken by a person.
    return {**data, "bot": None}


# (type, version) -> the function that turns that version's data into the next's.
UPCASTERS: dict[tuple[str, int], Callable[[Data], Data]] = {
    ("turn_ended", 1): _turn_ended_1_to_2,
    ("game_created", 1): _game_created_1_to_2,
    ("seat_taken", 1): _seat_taken_1_to_2,
}


class UnknownEventType(ValueError):
    """A stored event names a type (or a schema version) this code cannot read."""


def upcast(type_name: str, version: int, data: Data) -> Data:
    """`data` stored as `type_name` at schema `version`, in today's shape."""
    current = schema_version(type_name)
    if version > current:
        raise UnknownEventType(f"{type_name} v{version} is newer than this code (v{current})")
    while version < current:
        step = UPCASTERS.get((type_name, version))
        if step is None:
            raise UnknownEventType(f"no upcaster for {type_name} v{version}")
        data = step(data)
        version += 1
    return data


def type_name(event: Event) -> str:
    return event.TYPE


def encode(event: Event) -> tuple[Data, Data, dict[str, Audience]]:
    """The event's public data, its private fields, and who may see each private field."""
    full = event.as_dict()
    full.pop("type")
    private: Data = {}
    audience: dict[str, Audience] = {}
    for name, who in event.PRIVATE.items():
        if name not in full:
            continue
        private[name] = full.pop(name)
        if who == "per_seat":
            audience[name] = "per_seat"
        elif who == "actor":
            actor = event.actor
            audience[name] = [actor] if actor is not None else []
        else:
            audience[name] = []
    return full, private, audience


def decode(type_name: str, version: int, data: Mapping[str, Any],
           private: Mapping[str, Any] | None) -> Event:
    """The domain event stored as `type_name` at schema `version`."""
    cls = TYPES.get(type_name)
    if cls is None:
        raise UnknownEventType(f"unknown event type {type_name!r}")
    full = {**data, **private} if private else data
    if version != SCHEMA_VERSIONS.get(type_name, 1):
        full = upcast(type_name, version, dict(full))
    # Speed: replay decodes every event of a game; the field names are looked up
    # once per type, and only lists and dicts need freezing.
    names = _FIELD_NAMES[cls]
    return cls(**{k: (freeze(v) if type(v) in _CONTAINERS else v)
                  for k, v in full.items() if k in names})


_FIELD_NAMES: dict[type[Event], frozenset[str]] = {
    cls: frozenset(f.name for f in fields(cls)) for cls in TYPES.values()
}
_CONTAINERS = (list, dict)


def redact(data: Mapping[str, Any], private: Mapping[str, Any] | None,
           audience: Mapping[str, Audience] | None, seat: int | None,
           everything: bool = False) -> tuple[Data, list[str]]:
    """What `seat` (None: a spectator) may see of an event, and the fields hidden from it.

    A ``per_seat`` field keeps its shape: the viewer's own item and None for the others.
    `everything` shows every field (a finished game, an auditor's export).
    """
    out = dict(data)
    hidden: list[str] = []
    for name, value in (private or {}).items():
        who = (audience or {}).get(name, [])
        if everything:
            out[name] = value
        elif who == "per_seat":
            items = list(value) if isinstance(value, list) else []
            out[name] = [v if i == seat else None for i, v in enumerate(items)]
            if any(i != seat for i in range(len(items))):
                hidden.append(name)
        elif isinstance(who, list) and seat is not None and seat in who:
            out[name] = value
        else:
            hidden.append(name)
    return out, hidden


# Each type's fields at its current schema version. A test compares this with the
# domain's dataclasses: change a shape, bump its version and add an upcaster.
SHAPES: dict[str, tuple[str, ...]] = {
    "game_created": ("map", "seats", "rules_version", "seed_commitment", "seed", "created_by",
                     "private", "invite_code_sha256", "turn_time_limit",
                     "drop_after_timeouts", "stand_in", "rated"),
    "seat_taken": ("seat", "user_id", "name", "bot"),
    "seat_left": ("seat", "user_id"),
    "game_scored": ("players", "winners"),
    "stand_in_seated": ("seat", "user_id", "name", "level", "replaced", "reason"),
    "player_returned": ("seat", "user_id", "name", "bot_user_id"),
    "hint_given": ("seat",),
    "reaction_sent": ("seat", "reaction"),
    "deadline_paused": ("seat", "until", "time_left"),
    "deadline_resumed": ("seat",),
    "game_started": ("map", "players", "rules_version", "seed", "seed_commitment",
                     "first_player", "deck", "market", "hands", "dealt_tickets",
                     "ticket_deck", "long_tickets_removed", "shuffles_used"),
    "deck_reshuffled": ("shuffle", "size", "deck"),
    "market_refilled": ("slots", "cards"),
    "market_reset": ("discarded",),
    "card_drawn_blind": ("seat", "card"),
    "card_taken": ("seat", "slot", "card"),
    "route_claimed": ("seat", "route", "cards", "points"),
    "tunnel_attempted": ("seat", "route", "cards", "color"),
    "tunnel_cards_revealed": ("seat", "cards", "extra_cards"),
    "tunnel_declined": ("seat", "route"),
    "tickets_drawn": ("seat", "count", "tickets"),
    "tickets_kept": ("seat", "kept", "returned", "kept_count", "returned_count",
                     "returned_to", "shuffle", "bottom_order"),
    "setup_tickets_returned": ("shuffles", "count", "bottom_order"),
    "station_built": ("seat", "city", "cards"),
    "passed": ("seat",),
    "turn_ended": ("seat", "next_seat", "skipped"),
    "final_round_started": ("seat", "trains"),
    "game_ended": ("reason",),
    "seed_revealed": ("seed",),
    "player_resigned": ("seat",),
    "turn_timed_out": ("seat", "deadline", "consecutive"),
    "player_dropped": ("seat", "timeouts"),
}


def current_shape(type_name: str) -> tuple[str, ...]:
    """The fields of the domain's dataclass for `type_name`, in order."""
    return tuple(f.name for f in fields(TYPES[type_name]))
