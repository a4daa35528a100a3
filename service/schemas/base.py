"""What every schema module shares: the strict base for what clients send, the game
statuses, and the helper that writes a field's description."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema

STATUSES = ("open", "playing", "scoring", "finished")


def doc(description: str, **more: Any) -> dict[str, Any]:
    """A field's `metadata`: its description in the spec, and any more keywords."""
    return {"description": description, **more}


class StrictSchema(Schema):
    class Meta:
        # unknown fields are an error, so a typo never silently does nothing
        unknown = "raise"
