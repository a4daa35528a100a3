"""What follows any committed change of a game, whoever made it: the referee's
announcements, wired once (`referee.referee.Referee` calls them after every commit).

`follow_up(ctx, outcome)`: tell the world the game changed (the notifier wakes long
polls and SSE streams of the game and of its players), ask for the score when the
game has just ended, ask for the new turn's deadline to be enforced (and a reminder
at a quarter of its time left, `referee.reminders`), ask for a bot's
move when a seat held by a bot must act now, and hand the
webhook messages the change calls for to a job (`referee.notices.hand_over`: nothing
at all unless a player has a webhook; `notices=False` leaves them out), and the notices
by mail and push likewise (`referee.outreach_notices.hand_over_outreach`: nothing unless
a player can be reached). A player on vacation who acts in a game is back: their
vacation is ended (`referee.jobs.BACK`). The events
are already committed when it runs, so it never raises: a failure here costs
latency (a stream wakes on its own timeout, the sweeper catches up with scoring and
deadlines and webhook deliveries), never correctness.
"""

from __future__ import annotations

import logging

from domain.events import PlayerDropped, TurnTimedOut
from domain.reactions import ReactionSent
from domain.stand_ins import StandInSeated
from domain.table import GameScored
from domain.vacations import DeadlinePaused, DeadlineResumed
from events.outcome import Outcome
from referee.jobs import (
    BACK,
    BOT_TURN,
    DEADLINE,
    DEADLINE_NEAR,
    RATINGS,
    SCORE,
    TOURNAMENT,
    WIN_CHANCES,
)
from referee.notices import hand_over
from referee.outreach_notices import hand_over_outreach
from referee.ports import Context
from referee.reminders import reminder_time, turn_name

log = logging.getLogger(__name__)


def follow_up(ctx: Context, outcome: Outcome, *, notices: bool = True) -> None:
    """Publish the change; ask for the scoring, the deadline and (with `notices`) the
    webhooks it calls for."""
    if outcome.replayed or not outcome.events:
        return  # an idempotent replay changed nothing
    game_id = outcome.game_id
    after = outcome.after
    try:
        ctx.notifier.publish(game_id, outcome.last_version, users=outcome.seated())
    except Exception:
        log.exception("game %s: could not publish version %d", game_id, outcome.last_version)
    if after.status == "scoring":  # the game has just ended: nothing else moves it now
        try:
            ctx.jobs.enqueue(SCORE, game_id)
        except Exception:
            log.exception("game %s: could not ask for its score", game_id)
    elif after.status == "finished" and _scored(outcome):  # the ratings follow
        try:
            ctx.jobs.enqueue(RATINGS, game_id)
        except Exception:
            log.exception("game %s: could not ask for its ratings", game_id)
        try:  # and the computer analysis (a job that does nothing without a budget)
            ctx.jobs.enqueue(WIN_CHANCES, game_id)
        except Exception:
            log.exception("game %s: could not ask for its computer analysis", game_id)
        try:  # a tournament's round may be complete now
            tournament_id = ctx.store.tournament_of_game(game_id)
            if tournament_id is not None:
                ctx.jobs.enqueue(TOURNAMENT, tournament_id, game_id)
        except Exception:
            log.exception("game %s: could not ask its tournament to move on", game_id)
    elif after.status == "playing":
        if after.turn_time_limit is not None:
            try:
                _schedule_deadline(ctx, outcome)
            except Exception:
                log.exception("game %s: could not schedule its turn deadline", game_id)
        if after.bots_to_act():
            try:
                ctx.jobs.enqueue(BOT_TURN, game_id, after.version)
            except Exception:
                log.exception("game %s: could not ask for its bot's move", game_id)
    if after.away:  # a player away acted: they are back (rare; a set look-up otherwise)
        try:
            _back(ctx, outcome)
        except Exception:
            log.exception("game %s: could not end a vacation", game_id)
    if not notices:
        return
    try:
        hand_over(ctx, outcome)
    except Exception:
        log.exception("game %s: could not hand version %d to the webhooks", game_id,
                      outcome.last_version)
    try:
        hand_over_outreach(ctx, ctx.reachable, outcome)
    except Exception:
        log.exception("game %s: could not hand version %d to the notices by mail and push",
                      game_id, outcome.last_version)


def _schedule_deadline(ctx: Context, outcome: Outcome) -> None:
    summary = outcome.summary
    if summary is None or not summary.deadline_changed:
        return  # the same turn goes on: its deadline is already scheduled
    # The deadline the index stored with this change. (If a later change has already
    # moved it on, that change schedules its own; the jobs drop an earlier deadline
    # once a later one is known.)
    if summary.deadline is not None:
        ctx.jobs.enqueue(DEADLINE, outcome.game_id, summary.deadline)
        remind_at = reminder_time(outcome.after, summary.deadline)
        # (none when the quarter has already passed: a turn resumed after a vacation had
        # its reminder before the pause)
        if remind_at is not None and remind_at > outcome.recorded_at:
            ctx.jobs.enqueue(DEADLINE_NEAR, outcome.game_id, outcome.last_version,
                             turn_name(outcome.after), summary.deadline, remind_at)


def _scored(outcome: Outcome) -> bool:
    """Whether the change scored the game (else it came after: a farewell said at the
    finished table, which asks for no ratings, analysis or tournament round again)."""
    return any(isinstance(event, GameScored) for event in outcome.events)


# the events a player's own command never causes (the clock's and the vacation's), and
# a reaction: saying "good luck" is no move, so it ends no vacation
_NOT_ACTING = (TurnTimedOut, PlayerDropped, StandInSeated, DeadlinePaused, DeadlineResumed,
               ReactionSent)


def _back(ctx: Context, outcome: Outcome) -> None:
    away = outcome.after.away
    for event in outcome.events:
        seat = event.actor
        if seat is not None and seat in away and not isinstance(event, _NOT_ACTING):
            ctx.jobs.enqueue(BACK, outcome.after.seats[seat].user_id)
            return
