"""The game's own writers, which no player drives: the final score and the turn clock.

Each is safe to run twice, late, or at the same time as another copy of itself: the
change is decided on the latest state and appended with the expected version
(`GameLog.execute`), so a second scorer finds the game already scored and a late
deadline finds the turn has moved on.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.events import Event
from domain.table import Table, score_table, time_out_table
from domain.violations import RuleViolation
from events import GameNotFound, system_actor
from events.clock import iso
from events.index import GameRow, seats_to_act
from events.outcome import Outcome
from referee.jobs import DEADLINE
from referee.ports import Context

SCORING_ACTOR = system_actor("scoring")
CLOCK_ACTOR = system_actor("clock")
# the index moved on between reading the state and its row: read both again
_ROW_ATTEMPTS = 5


def score(ctx: Context, game_id: str) -> Outcome:
    """The final score of the ended game `game_id`, appended (not yet announced)."""
    return ctx.log.execute(game_id, _score, SCORING_ACTOR)


def _score(table: Table | None) -> list[Event]:
    if table is None:  # (not reached: execute loads an existing game)
        raise RuleViolation("game_not_over")
    return score_table(table)


class _Moved(Exception):
    """The game changed between reading its state and reading its index row."""


def time_out(ctx: Context, game_id: str, announce: Callable[[Outcome], Outcome]) -> str:
    """Time out whoever must act in `game_id` if the game's turn deadline has passed,
    and `announce` it.

    Returns ``timed_out``; or, doing nothing, ``not_due`` (the deadline is later:
    a job is scheduled for it), ``no_deadline``, ``not_playing`` or ``no_game``.
    """
    row = ctx.store.game_row(game_id)
    if row is None:
        return "no_game"
    status = _due(ctx, row)
    if status != "due":
        return status
    for _ in range(_ROW_ATTEMPTS):
        try:
            outcome = ctx.log.execute(game_id, lambda table: _time_out(ctx, game_id, table),
                                      CLOCK_ACTOR)
        except _Moved:
            continue
        except RuleViolation as violation:
            if violation.code not in ("not_due", "game_over"):
                raise
            # Someone acted first: the deadline we read has moved on.
            row = ctx.store.game_row(game_id)
            return _due(ctx, row) if row is not None else "no_game"
        except GameNotFound:
            return "no_game"
        announce(outcome)
        return "timed_out"
    raise RuntimeError(f"game {game_id} kept changing under its deadline job")


def _due(ctx: Context, row: GameRow) -> str:
    """``due``, or why not; a deadline still ahead gets its job scheduled."""
    if row.status != "playing":
        return "not_playing"
    if row.deadline is None:
        return "no_deadline"
    if row.deadline > ctx.clock():
        ctx.jobs.enqueue(DEADLINE, row.game_id, row.deadline)
        return "not_due"
    return "due"


def _time_out(ctx: Context, game_id: str, table: Table | None) -> list[Event]:
    """The time-out events on `table`, the state they will be appended to.

    The deadline is read again here, from the index row of exactly this version of
    the game (the index is written in the same transaction as the events): a player
    who moved since the job started has a new deadline, and is not timed out.
    """
    if table is None or table.game is None:
        raise RuleViolation("not_due", "The game has not started.")
    row = ctx.store.game_row(game_id)
    if row is None or row.version != table.version:
        raise _Moved()
    if row.status != "playing" or row.deadline is None or row.deadline > ctx.clock():
        raise RuleViolation("not_due")
    seats = seats_to_act(table)
    if not seats:
        raise RuleViolation("not_due")
    return time_out_table(table, seats, iso(row.deadline))
