"""The command shapes of `POST /v1/games/{id}/actions`, as OpenAPI schemas with examples.

The commands are parsed by the domain (`domain.commands.command_from_dict`), so
these schemas only describe them; a test checks that every command the legal-move
listing produces validates against them, and that their names are the domain's.
"""

from __future__ import annotations

from typing import Any

from domain.cards import KINDS

_CARDS: dict[str, Any] = {
    "type": "object",
    "description": "Cards by kind: how many of each (kinds not listed: none).",
    # only the kinds: a command naming another is refused (a malformed command), so the
    # contract says so rather than accept any name
    "additionalProperties": False,
    "properties": {kind: {"type": "integer", "minimum": 0, "maximum": 200} for kind in KINDS},
    "minProperties": 1,
}


def _command(name: str, description: str, properties: dict[str, Any] | None = None,
             required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "properties": {"type": {"type": "string", "enum": [name]}, **(properties or {})},
        "required": ["type", *required],
        "additionalProperties": False,
    }


COMMANDS: dict[str, dict[str, Any]] = {
    "DrawCard": _command(
        "draw_card",
        "Draw a train card: the top of the deck (`source: deck`) or a face-up card "
        "(`source: market`, `slot` 0–4). A turn's draw is two cards; a face-up "
        "locomotive is the whole draw where the map says so.",
        {"source": {"type": "string", "enum": ["deck", "market"]},
         "slot": {"type": "integer", "minimum": 0, "maximum": 4,
                  "description": "Market slot (market draws only)."}},
        ("source",)),
    "ClaimRoute": _command(
        "claim_route",
        "Claim a route with these cards. A tunnel reveals three cards first: the turn "
        "then waits for `pay_tunnel` or `decline_tunnel` if it costs more.",
        {"route": {"type": "string", "description": "A route id from /v1/maps/{map}."},
         "cards": _CARDS},
        ("route", "cards")),
    "PayTunnel": _command("pay_tunnel", "Pay a tunnel's extra cards.", {"cards": _CARDS},
                          ("cards",)),
    "DeclineTunnel": _command("decline_tunnel", "Give up the tunnel: the turn ends."),
    "DrawTickets": _command("draw_tickets", "Draw destination tickets (then keep_tickets)."),
    "KeepTickets": _command(
        "keep_tickets", "Keep these of the tickets offered (the rest go back).",
        {"tickets": {"type": "array", "items": {"type": "string"}, "uniqueItems": True,
                     "description": "Ticket ids, from `you.pending_tickets`."}},
        ("tickets",)),
    "BuildStation": _command(
        "build_station", "Build a station in a city (Europe).",
        {"city": {"type": "string"}, "cards": _CARDS}, ("city", "cards")),
    "Pass": _command("pass", "Pass: only when nothing else is legal."),
    "Resign": _command("resign", "Leave the game for good (before the start: leave the "
                                 "seat). Your later turns are skipped."),
}

EXAMPLES: dict[str, dict[str, Any]] = {
    "draw_from_deck": {"summary": "Draw the top card of the deck",
                       "value": {"type": "draw_card", "source": "deck"}},
    "draw_face_up": {"summary": "Take face-up card 2",
                     "value": {"type": "draw_card", "source": "market", "slot": 2}},
    "claim_route": {"summary": "Claim a route",
                    "value": {"type": "claim_route", "route": "usa/denver-kansas-city-1",
                              "cards": {"black": 3, "locomotive": 1}}},
    "pay_tunnel": {"summary": "Pay a tunnel's extra card",
                   "value": {"type": "pay_tunnel", "cards": {"red": 1}}},
    "decline_tunnel": {"summary": "Decline a tunnel", "value": {"type": "decline_tunnel"}},
    "draw_tickets": {"summary": "Draw destination tickets", "value": {"type": "draw_tickets"}},
    "keep_tickets": {"summary": "Keep two tickets",
                     "value": {"type": "keep_tickets",
                               "tickets": ["usa/denver-el-paso", "usa/boston-miami"]}},
    "build_station": {"summary": "Build a station (Europe)",
                      "value": {"type": "build_station", "city": "Wien",
                                "cards": {"blue": 2}}},
    "pass": {"summary": "Pass (nothing else is legal)", "value": {"type": "pass"}},
    "resign": {"summary": "Resign", "value": {"type": "resign"}},
}


def _example_of(schema: dict[str, Any]) -> dict[str, Any]:
    """The first of `EXAMPLES` that is a command of this schema's type."""
    name = schema["properties"]["type"]["enum"][0]
    return next(e["value"] for e in EXAMPLES.values() if e["value"]["type"] == name)


for _schema in COMMANDS.values():  # each command's schema shows one of its examples
    _schema["example"] = _example_of(_schema)


def command_schema() -> dict[str, Any]:
    return {
        "oneOf": [{"$ref": f"#/components/schemas/{name}"} for name in COMMANDS],
        "discriminator": {"propertyName": "type", "mapping": {
            schema["properties"]["type"]["enum"][0]: f"#/components/schemas/{name}"
            for name, schema in COMMANDS.items()}},
    }
