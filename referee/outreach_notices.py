"""Notices for players away from the table, by e-mail and Web Push: which of a change's
notices go to the outbox's fan-out job.

The notices are `referee.notices.notices(outcome)`, the same as the webhooks'; this
module only picks those for players who can be reached (`Reachable`: a per-process
cache of the users with notice settings or a working address, read every few seconds,
so a game none of whose players can be reached costs a set look-up) and of the kinds a
player may be told (`referee.notice_choice.KINDS`), and hands them to one fan-out job
per game and version (`referee.jobs.NOTICE_FAN_OUT`). The job decides by each player's
settings and stores the deliveries (`worker.outreach`).

One kind is not from a game's change: an organiser inviting a player to a tournament
(`hand_over_invitation`, from `referee.tournaments.join`) goes to the same job, once per
tournament and version of its log; its data names the tournament, not a game.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.tournament_log import TournamentCreated
from events.clock import iso
from events.outcome import Outcome
from events.ports import NoticeOutbox
from referee.jobs import NOTICE_FAN_OUT
from referee.notice_choice import KINDS, correspondence
from referee.notices import Notice, notices
from referee.ports import Context
from referee.recipients import Recipients


class Reachable(Recipients):
    """The users with notice settings or a working address (see the module doc)."""

    what = "users who can be reached by mail or push"

    def _fetch(self, store: Any) -> frozenset[str]:
        outbox: NoticeOutbox = store
        return outbox.reachable_users()


def hand_over_outreach(ctx: Context, reachable: Recipients, outcome: Outcome) -> int:
    """Give the notices of `outcome` for players who can be reached to the fan-out job;
    returns how many."""
    if outcome.replayed or not outcome.events:
        return 0
    users = reachable.users(ctx.store)
    if not users or users.isdisjoint(outcome.seated()):
        return 0
    wanted = [n.as_dict() for n in notices(outcome) if n.user_id in users and n.kind in KINDS]
    if wanted:
        ctx.jobs.enqueue(NOTICE_FAN_OUT, outcome.game_id, outcome.last_version,
                         correspondence(outcome.after.turn_time_limit), wanted)
    return len(wanted)


def hand_over_invitation(ctx: Context, tournament_id: str, version: int, user_id: str,
                         terms: TournamentCreated, now: datetime) -> int:
    """Tell `user_id` that the organiser added them to the tournament (the log's
    `version` is the entry's); 1 when they can be reached, else 0 and no job."""
    if user_id not in ctx.reachable.users(ctx.store):
        return 0
    notice = Notice(user_id, "invitation", version, iso(now), {
        "tournament_id": tournament_id, "name": terms.name, "map": terms.map,
        "starts_at": terms.starts_at, "tournament_url": f"/tournaments/{tournament_id}"})
    ctx.jobs.enqueue(NOTICE_FAN_OUT, tournament_id, version,
                     correspondence(terms.turn_time_limit), [notice.as_dict()])
    return 1
