"""The job functions: scoring an ended game, enforcing a turn deadline, the sweep.

Each takes plain arguments (RQ imports it by name and pickles only a game id) and
finds its store, log, notifier and jobs port with `current_context()`. Each is safe
to run twice, late, or at the same time as another copy of itself: every change
goes through `GameLog.execute`, which decides on the latest state and appends with
the expected version, so a second scorer finds the game already scored and a late
deadline job finds the turn has moved on. They return a short status for the logs
and the tests.
"""

from __future__ import annotations

import logging
import time

from domain.commands import TimeOut
from domain.decide import decide_system
from domain.events import Event
from domain.table import Table, score_table
from domain.violations import RuleViolation
from events import GameNotFound, system_actor
from events.clock import iso
from events.index import GameRow, seats_to_act
from worker import reports
from worker.context import WorkerContext, current_context
from worker.effects import follow_up
from worker.webhook_delivery import sweep_deliveries

log = logging.getLogger(__name__)

SCORING_ACTOR = system_actor("scoring")
CLOCK_ACTOR = system_actor("clock")
# the index moved on between reading the state and its row: read both again
_ROW_ATTEMPTS = 5
SWEEP_LIMIT = 1000


def score_game(game_id: str) -> str:
    """Append the final score of the ended game `game_id`.

    Returns ``scored``; or, doing nothing, ``already_scored``, ``game_not_over``
    (nothing to score yet) or ``no_game``. Anything else (the store unreachable, …)
    raises, and the job is retried.
    """
    ctx = current_context()
    started = time.perf_counter()
    try:
        outcome = ctx.log.execute(game_id, _score, SCORING_ACTOR)
    except RuleViolation as violation:
        if violation.code in ("already_scored", "game_not_over"):
            return violation.code
        raise
    except GameNotFound:
        return "no_game"
    reports.game_scored(time.perf_counter() - started)
    follow_up(ctx, outcome)
    return "scored"


def _score(table: Table | None) -> list[Event]:
    if table is None:  # (not reached: execute loads an existing game)
        raise RuleViolation("game_not_over")
    return score_table(table)


class _Moved(Exception):
    """The game changed between reading its state and reading its index row."""


def enforce_deadline(game_id: str) -> str:
    """Time out whoever must act in `game_id` if the game's turn deadline has passed.

    Returns ``timed_out``; or, doing nothing, ``not_due`` (the deadline is later:
    a job is scheduled for it), ``no_deadline``, ``not_playing`` or ``no_game``.
    """
    ctx = current_context()
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
        follow_up(ctx, outcome)
        return "timed_out"
    raise RuntimeError(f"game {game_id} kept changing under its deadline job")


def _due(ctx: WorkerContext, row: GameRow) -> str:
    """``due``, or why not; a deadline still ahead gets its job scheduled."""
    if row.status != "playing":
        return "not_playing"
    if row.deadline is None:
        return "no_deadline"
    if row.deadline > ctx.clock():
        ctx.jobs.deadline(row.game_id, row.deadline)
        return "not_due"
    return "due"


def _time_out(ctx: WorkerContext, game_id: str, table: Table | None) -> list[Event]:
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
    return decide_system(table.game, TimeOut(seats=seats, deadline=iso(row.deadline),
                                             drop_after=table.drop_after_timeouts))


def sweep(limit: int = SWEEP_LIMIT) -> dict[str, int]:
    """Ask again for the work the index says is missing; returns what it found.

    Games whose status is ``scoring`` have ended without a `GameScored` (Redis was
    down when they ended, or their job was lost): their scoring is enqueued (a no-op
    when it is waiting already). Games past their turn deadline get their deadline
    job (run at once). Webhook deliveries that are due and that no job holds (their
    job was lost with Redis's data, or their worker died) are asked for again, and old
    finished ones are dropped (`worker.webhook_delivery.sweep_deliveries`; counted as
    ``webhooks`` when there were any). Every ask is idempotent, so sweeps may overlap.
    """
    ctx = current_context()
    scoring = ctx.store.games_with_status("scoring", limit)
    for row in scoring:
        ctx.jobs.score(row.game_id)
    overdue = ctx.store.overdue_games(ctx.clock(), limit)
    for row in overdue:
        if row.deadline is not None:
            ctx.jobs.deadline(row.game_id, row.deadline)
    try:
        webhooks = sweep_deliveries(ctx, limit)
    except Exception:  # (the scoring and the deadlines above are asked for regardless)
        log.exception("sweep: could not look for due webhook deliveries")
        webhooks = 0
    if len(scoring) >= limit or len(overdue) >= limit:
        log.warning("sweep: %d games to score and %d overdue, at the limit of %d: the "
                    "next sweep takes the rest", len(scoring), len(overdue), limit)
    elif scoring or overdue:
        log.info("sweep: %d games to score, %d overdue", len(scoring), len(overdue))
    found = {"scoring": len(scoring), "overdue": len(overdue)}
    if webhooks:
        found["webhooks"] = webhooks
        log.info("sweep: %d webhook deliveries due without a job", webhooks)
    return found
