"""One server-sent event as the streams write it: the game's events (`service.tails`),
its snapshot and the spectators' count (`service.api.feed`, `service.spectating`)."""

from __future__ import annotations

from typing import Any

from flask import json


def sse(data: Any, event: str | None = None, id: int | None = None) -> bytes:
    """`data` as one SSE message (its JSON on one `data:` line), named `event`, with `id`."""
    lines = []
    if event:
        lines.append(f"event: {event}")
    if id is not None:
        lines.append(f"id: {id}")
    lines.append("data: " + json.dumps(data))
    return ("\n".join(lines) + "\n\n").encode()
