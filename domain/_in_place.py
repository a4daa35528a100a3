"""Speed machinery, private to `domain`: changing a state that nobody else holds.

States are immutable values to everyone outside `domain`. Two callers inside it hold
a state no one else has seen, and change it in place instead of copying it:
`domain.turn.Turn`, whose working copy of the state is its own after a turn's first
event, and the random player's loop of `domain.autoplay`, which owns its state and
its players outright (`Turn(game, owned=True)`, which then also changes a player in
place: `Turn.emit`). The rules never call these.
"""

from __future__ import annotations

from typing import Any

from domain.state import Game, drop_stale_caches


def change_in_place(game: Game, changes: dict[str, Any]) -> None:
    """Apply `changes` to `game` itself: only for a copy nobody else has seen yet."""
    fields = game.__dict__
    fields.update(changes)
    if "owners" in changes or "map" in changes or "rules_version" in changes:
        drop_stale_caches(fields, changes)

