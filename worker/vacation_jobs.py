"""The jobs of correspondence players away from the table: the reminder before a turn
deadline, and applying a vacation's start and end (`referee.jobs`: DEADLINE_NEAR,
AWAY, BACK). Each reads everything again when it runs, so a job run twice or late
does nothing twice."""

from __future__ import annotations

from datetime import datetime

from referee import reminders, vacations
from referee.jobs import NOTICE_FAN_OUT
from worker.context import current_context
from worker.webhook_delivery import fan_out_webhooks


def remind_deadline(game_id: str, version: int, turn: str, deadline: datetime) -> str:
    """Remind whoever must act that the deadline `deadline` of the turn `turn` is near; the webhooks
    take the reminders of their users (a delivery per user, game, version and kind:
    never twice). Returns what `referee.reminders.remind` says."""
    ctx = current_context()
    status, notices = reminders.remind(ctx, game_id, version, turn, deadline)
    users = ctx.recipients.users(ctx.store) if notices else set()
    wanted = [n.as_dict() for n in notices if n.user_id in users]
    if wanted:
        fan_out_webhooks(game_id, wanted)
    # and by mail and push, to the players who can be reached that way (reminders are
    # only for correspondence games)
    reachable = ctx.reachable.users(ctx.store) if notices else frozenset()
    outreach = [n.as_dict() for n in notices if n.user_id in reachable]
    if outreach:
        ctx.jobs.enqueue(NOTICE_FAN_OUT, game_id, version, True, outreach)
    return status


def apply_vacation(user_id: str) -> str:
    """Pause or resume the player's correspondence deadlines as their vacations say
    now; returns how many games changed (``changed-N``)."""
    ctx = current_context()
    return f"changed-{vacations.apply(ctx.referee, user_id)}"


def come_back(user_id: str) -> str:
    """The player acted while away: their vacation ends now (``changed-N`` games)."""
    ctx = current_context()
    return f"changed-{vacations.come_back(ctx.referee, user_id)}"
