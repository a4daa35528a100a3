"""What every schema module shares: the strict base for what clients send, the game
statuses and phases, cards by kind, and the helper that writes a field's description."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields

STATUSES = ("open", "playing", "scoring", "finished")
PHASES = ("setup", "playing", "ended")
PLAYER_OUT = ("resigned", "dropped")


def doc(description: str, **more: Any) -> dict[str, Any]:
    """A field's `metadata`: its description in the spec, and any more keywords."""
    return {"description": description, **more}


def card_counts(*, required: bool = False, **more: Any) -> fields.Dict:
    """Cards by kind (`{"red": 2}`): the spec's `CardCounts` (see `contract`)."""
    return fields.Dict(keys=fields.Str(), values=fields.Int(), required=required,
                       metadata={"x-component": "CardCounts", **more})


class StrictSchema(Schema):
    class Meta:
        # unknown fields are an error, so a typo never silently does nothing
        unknown = "raise"
