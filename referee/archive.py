"""Importing a finished game from another server's export, as it stands.

The export has been verified (every event follows from the rules, the score is the
rules'): its events are appended in one go with their own actors and times, and the
game's index row, so it is found, listed and replayed as any game played here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.table import replay_table
from events import NewEvent, seat_actor, system_actor, user_actor
from events.catalogue import decode
from events.index import summarize
from events.outcome import Outcome
from referee.ports import Context


def import_game(ctx: Context, game_id: str, records: list[dict[str, Any]]) -> Outcome:
    """Append the exported `records` as game `game_id` (`VersionConflict` if it exists)."""
    events = [decode(r["type"], r["schema_version"], r["data"], None) for r in records]
    new = [NewEvent(event, actor_of(r["actor"]), _time(r.get("recorded_at")))
           for event, r in zip(events, records, strict=True)]
    table = replay_table(events)
    now = ctx.log.clock()
    summary = summarize(game_id, None, table, now)
    ctx.log.store.append(game_id, new, 0, summary=summary, recorded_at=now)
    return Outcome(game_id, None, tuple(events), table, 1, table.version, now,
                   summary=summary)


def actor_of(actor: Any) -> str:
    """An export's actor (``{"kind": "seat", "seat": 0}``, …) as the log spells it."""
    if isinstance(actor, dict):
        kind = actor.get("kind")
        if kind == "seat":
            return seat_actor(int(actor["seat"]))
        if kind == "user":
            return user_actor(str(actor["user_id"]))
        return system_actor(str(actor.get("name", "import")))
    return system_actor("import")


def _time(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
