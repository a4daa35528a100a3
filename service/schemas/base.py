"""What every schema module shares: the strict base for what clients send, the game
statuses and phases, cards by kind, and the helper that writes a field's description."""

from __future__ import annotations

import re
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

STATUSES = ("open", "playing", "scoring", "finished")
PHASES = ("setup", "playing", "ended")
PLAYER_OUT = ("resigned", "dropped")
# why a game ended (`domain.turn_order.end_if_over`)
END_REASONS = ("final_round", "deadlock", "last_player")
# why a stand-in bot took a seat (`domain.stand_ins`)
STAND_IN_REASONS = ("resigned", "timed_out")


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


# What a name shown to other players (a user's, a player's at a table) may not hold:
# control characters (C0, DEL, C1: ANSI escape sequences start with one), bidirectional
# overrides, embeddings, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E,
# U+200F, U+061C: they reorder what is shown after them), and invisible formatting
# characters (soft hyphen, zero-width space, word joiner, BOM, line separators…).
# Zero-width joiners and non-joiners are written in emoji sequences and some scripts:
# allowed, but only between two other characters, never two in a row.
_HIDDEN = (r"\x00-\x1f\x7f-\x9f\xad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e"
           r"\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb")
_JOINERS = r"\u200c\u200d"
# the same in Python and in ECMA-262 (the spec's `pattern`)
NAME_PATTERN = rf"^(?:[^{_HIDDEN}{_JOINERS}]+(?:[{_JOINERS}][^{_HIDDEN}{_JOINERS}]+)*)?$"
NAME_RULE = ("A name holds no control characters (ANSI escapes included), no "
             "bidirectional overrides, embeddings, isolates or marks (U+202A–U+202E, "
             "U+2066–U+2069, U+200E, U+200F, U+061C), no invisible formatting characters "
             "(zero-width space, word joiner, soft hyphen, BOM, line separators), and a "
             "zero-width joiner or non-joiner only between two other characters.")


class DisplayName(validate.Regexp):
    """The rule of names others see (`NAME_RULE`), as the spec's `pattern` says it."""

    _NAME = re.compile(NAME_PATTERN)

    def __init__(self) -> None:
        super().__init__(self._NAME, error=NAME_RULE)

    def __call__(self, value: Any) -> Any:
        # fullmatch: `$` alone would let a name end with a line feed
        if not isinstance(value, str) or self._NAME.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


def name_field(description: str, *, required: bool = False, **more: Any) -> fields.Str:
    """A name field: 1 to 64 characters, by `DisplayName`'s rule (said in its description)."""
    return fields.Str(required=required,
                      validate=[validate.Length(min=1, max=64), DisplayName()],
                      metadata=doc(f"{description} {NAME_RULE}", **more))
