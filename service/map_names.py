"""The `map` fields of requests: the API contract names the shipped maps, while a
request is checked against the maps the registry has when it arrives (the tests
register a map of their own, which the published contract does not list)."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, validate

from domain.maps import MAP_NAMES, map_names


class KnownMap(validate.OneOf):
    """A map name: documented as one of `MAP_NAMES`, accepted if playable now."""

    def __init__(self) -> None:
        super().__init__(MAP_NAMES)

    def __call__(self, value: Any) -> Any:
        playable = map_names()
        if value not in playable:
            raise ValidationError(self.error.format(
                input=value, choices=", ".join(playable), labels=", ".join(playable)))
        return value
