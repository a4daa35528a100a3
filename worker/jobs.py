"""The job functions: scoring an ended game, enforcing a turn deadline, a bot's move,
bots for a quick match that waited long enough, the sweep.

Each takes plain arguments (RQ imports it by name and pickles only a game id) and
finds its store, log, notifier, jobs port and referee with `current_context()`. Each
is safe to run twice, late, or at the same time as another copy of itself: every
change goes through the referee (`referee.system`), which decides on the latest state
and appends with the expected version, so a second scorer finds the game already
scored and a late deadline job finds the turn has moved on. They return a short
status for the logs and the tests.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta

from domain.violations import RuleViolation
from events import GameNotFound
from referee import quick_match, tournaments, vacations
from referee.jobs import BOT_TURN, DEADLINE, MATCH_BOTS, RATINGS, SCORE, WIN_CHANCES
from worker import reports
from worker.bot_turns import play_bot_turn
from worker.context import current_context
from worker.outreach import sweep_notices
from worker.webhook_delivery import sweep_deliveries

log = logging.getLogger(__name__)

SWEEP_LIMIT = 1000
# finished games this recent without their computer analysis get its job again (older
# ones, finished before there was one or while it was off, are left alone)
ANALYSIS_SWEEP_WINDOW = timedelta(days=1)


def score_game(game_id: str) -> str:
    """Append (through the referee) the final score of the ended game `game_id`.

    Returns ``scored``; or, doing nothing, ``already_scored``, ``game_not_over``
    (nothing to score yet) or ``no_game``. Anything else (the store unreachable, …)
    raises, and the job is retried.
    """
    ctx = current_context()
    started = time.perf_counter()
    try:
        ctx.referee.score(game_id)
    except RuleViolation as violation:
        if violation.code in ("already_scored", "game_not_over"):
            return violation.code
        raise
    except GameNotFound:
        return "no_game"
    reports.game_scored(time.perf_counter() - started)
    return "scored"


def enforce_deadline(game_id: str) -> str:
    """Time out (through the referee) whoever must act in `game_id` if the game's turn
    deadline has passed.

    Returns ``timed_out``; or, doing nothing, ``not_due`` (the deadline is later:
    a job is scheduled for it), ``no_deadline``, ``not_playing`` or ``no_game``.
    """
    return current_context().referee.time_out(game_id)


def play_bot(game_id: str, version: int) -> str:
    """The move of the bot that must act in `game_id` at `version`, through the referee
    as its seat (`worker.bot_turns`).

    Returns ``played``; or, doing nothing, ``moved_on``, ``no_bot_to_act``,
    ``refused`` or ``no_game``.
    """
    return play_bot_turn(current_context(), game_id, version)


def seat_match_bots(request_id: str) -> str:
    """Seat bots with the quick-match request `request_id` if it still waits and the
    wait its player chose is over (`referee.quick_match.seat_bots`).

    Returns ``seated``; or, doing nothing, ``not_waiting`` (paired, cancelled, not due
    or unknown).
    """
    game_id = quick_match.seat_bots(current_context().referee, request_id)
    return "not_waiting" if game_id is None else "seated"


def advance_tournament(tournament_id: str) -> str:
    """Do what is due in a tournament (`referee.tournaments.advance`).

    Returns ``finished``, ``started`` (a round is being played) or ``waiting`` (its
    start time has not come).
    """
    ctx = current_context()
    state = tournaments.advance(ctx.referee, tournament_id, ctx.clock())
    if state.finished is not None:
        return "finished"
    return "started" if state.started else "waiting"


def sweep(limit: int = SWEEP_LIMIT) -> dict[str, int]:
    """Ask again for the work the index says is missing; returns what it found.

    Games whose status is ``scoring`` have ended without a `GameScored` (Redis was
    down when they ended, or their job was lost): their scoring is enqueued (a no-op
    when it is waiting already). Games past their turn deadline get their deadline
    job (run at once). Games where a bot must act get its move asked for again (its
    job was lost; one already waiting or running stands). Quick-match requests are paired
    again (their rating windows have widened), and those whose bot wait is over get
    their bots job again (it was lost with an in-process queue). Webhook deliveries that are
    due and that no job holds (their job was lost with Redis's data, or their worker
    died) are asked for again, and old finished ones are dropped
    (`worker.webhook_delivery.sweep_deliveries`; counted as ``webhooks`` when there
    were any). Notices by mail and push likewise (`worker.outreach.sweep_notices`,
    ``notices``). Vacations whose start or end passed while their job was lost are
    applied again (`referee.vacations.ask_again`). Games finished within
    `ANALYSIS_SWEEP_WINDOW` without their computer analysis get its job again (when
    this process computes one). Every ask is idempotent, so sweeps may overlap.
    """
    ctx = current_context()
    scoring = ctx.store.games_with_status("scoring", limit)
    for row in scoring:
        ctx.jobs.enqueue(SCORE, row.game_id)
    overdue = ctx.store.overdue_games(ctx.clock(), limit)
    for row in overdue:
        if row.deadline is not None:
            ctx.jobs.enqueue(DEADLINE, row.game_id, row.deadline)
    bots = ctx.store.games_awaiting_bots(limit)
    for row in bots:
        ctx.jobs.enqueue(BOT_TURN, row.game_id, row.version)
    matched = quick_match.pair_again(ctx.referee, ctx.clock())  # their windows widened
    now = ctx.clock()
    for request in ctx.store.waiting_matches(limit):
        if request.bots_at is not None and request.bots_at <= now:
            ctx.jobs.enqueue(MATCH_BOTS, request.request_id, request.bots_at)
    tournaments.advance_due(ctx.referee, ctx.clock(), limit)  # a lost job costs only time
    vacations.ask_again(ctx.referee, limit)  # a vacation's start or end whose job was lost
    if ctx.store.unprojected_games():  # scored games the ratings have not reached
        ctx.jobs.enqueue(RATINGS, "sweep")
    analyses: list[str] = []
    if ctx.analyst.budget > 0:
        analyses = ctx.store.finished_without_win_chances(
            ctx.clock() - ANALYSIS_SWEEP_WINDOW, limit)
        for game_id in analyses:
            ctx.jobs.enqueue(WIN_CHANCES, game_id)
    try:
        webhooks = sweep_deliveries(ctx, limit)
    except Exception:  # (the scoring and the deadlines above are asked for regardless)
        log.exception("sweep: could not look for due webhook deliveries")
        webhooks = 0
    try:
        notices = sweep_notices(ctx, limit)
    except Exception:
        log.exception("sweep: could not look for due notices by mail and push")
        notices = 0
    if len(scoring) >= limit or len(overdue) >= limit:
        log.warning("sweep: %d games to score and %d overdue, at the limit of %d: the "
                    "next sweep takes the rest", len(scoring), len(overdue), limit)
    elif scoring or overdue:
        log.info("sweep: %d games to score, %d overdue", len(scoring), len(overdue))
    found = {"scoring": len(scoring), "overdue": len(overdue)}
    if bots:
        found["bots"] = len(bots)
    if matched:
        found["matched"] = len(matched)
    if notices:
        found["notices"] = notices
    if analyses:
        found["analyses"] = len(analyses)
    if webhooks:
        found["webhooks"] = webhooks
        log.info("sweep: %d webhook deliveries due without a job", webhooks)
    return found
