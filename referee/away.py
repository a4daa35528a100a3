"""One game's pause for a player away (`referee.vacations` says when): the
`DeadlinePaused` or `DeadlineResumed` appended to its log by `mark_away`, which the
referee announces (`Referee.mark_away`) like any change."""

from __future__ import annotations

from datetime import datetime

from domain.deadline_pauses import pause_deadline, resume_deadline
from domain.events import Event
from domain.table import Table
from events import system_actor
from events.clock import iso
from events.outcome import Outcome
from referee.ports import Context

VACATION_ACTOR = system_actor("vacation")
_ROW_ATTEMPTS = 5  # the game moved on between reading its state and its index row


class Unchanged(Exception):
    """Nothing to append: the player's pause in the game already is as it should be."""


class _Moved(Exception):
    """The game changed between reading its state and its index row."""


def mark_away(ctx: Context, game_id: str, user_id: str, until: datetime | None) -> Outcome:
    """Append the pause of `user_id`'s deadline in the game (away until `until`) or its
    end (`until` None), not yet announced; `Unchanged` if there is nothing to append."""
    for _ in range(_ROW_ATTEMPTS):
        try:
            return ctx.log.execute(
                game_id, lambda table: _away_events(ctx, game_id, table, user_id, until),
                VACATION_ACTOR)
        except _Moved:
            continue
    raise RuntimeError(f"game {game_id} kept changing under {user_id}'s vacation")


def _away_events(ctx: Context, game_id: str, table: Table | None, user_id: str,
                 until: datetime | None) -> list[Event]:
    if table is None:
        raise Unchanged()
    if until is None:
        events = resume_deadline(table, user_id)
    else:
        # the running deadline, from the index row of exactly this version (see
        # `referee.system._time_out`): its time left is kept for the player's return
        row = ctx.store.game_row(game_id)
        if row is None or row.version != table.version:
            raise _Moved()
        events = pause_deadline(table, user_id, iso(until), row.deadline, ctx.clock())
    if not events:
        raise Unchanged()
    return events
