"""Notices by e-mail and Web Push: the outbox's two jobs, and what the sweep asks again.

**Deciding** (`fan_out_notices`, one job per game and version, from
`referee.outreach_notices`): for each notice and recipient, their settings say which
channels and when (`referee.notice_choice.plan`); one delivery per notice, recipient
and channel is stored (its `notice_key` unique, so a job run twice stores nothing
twice) and a send job is asked for at its time.

**Sending** (`send_notice`): the delivery is claimed (no other job sends it meanwhile),
looked at again (the turn was played? the player is at a live table? the player has
turned this kind off, or has no working address?) and then handed over: by mail through
`WorkerContext.mail` (the mail's `key` is the notice's, the same on every attempt), by
push through `worker.push_delivery.push_to_user`. It is marked sent only after it was
handed over: a worker killed before that leaves it pending, and the sweep asks for it
again once its claim has lapsed. A digest delivery sends one mail gathering every game
waiting for its player and settles all of that player's digest deliveries then due
(`send_digest`: one job per player and time).

A mail server's refusal for good counts against the address (`MAIL_FAILURES`: then it is
disabled, and the player's settings say so); a failure to retry waits `RETRY_DELAYS`.
Times are the webhooks' clock (the wall clock; tests move it).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from events.notice_outbox import FAILED, SENT, SKIPPED, NewNoticeDelivery, NoticeDelivery
from referee.jobs import DIGEST, NOTICE, stamp
from referee.notice_choice import (
    NoticeSettings,
    after_quiet_hours,
    plan,
    quiet,
    settings_from,
)
from referee.outreach import SendFailed
from worker import push_delivery
from worker.context import WorkerContext, current_context
from worker.notice_mail import (
    About,
    Links,
    about,
    digest_mail,
    invitation_about,
    invitation_mail,
    notice_mail,
    result_line,
    subject,
)

log = logging.getLogger(__name__)

CLAIM_FOR = timedelta(minutes=2)  # a send may take this long before another job may try
RETRY_DELAYS = (60, 300, 1800, 7200, 21600)  # seconds before each new attempt
MAIL_FAILURES = 3  # refusals for good in a row that disable an address
AT_THE_TABLE = timedelta(minutes=2)  # a player whose token was used since is at the table
UNSUBSCRIBE = "unsubscribe:"


def new_delivery_id() -> str:
    return "nd_" + secrets.token_hex(10)


def settings_of(ctx: WorkerContext, user_id: str) -> NoticeSettings:
    try:
        return settings_from(ctx.store.notice_settings_of(user_id))
    except ValueError:  # (stored through the API's checks: never, but never a crash)
        return NoticeSettings()


def fan_out_notices(game_id: str, correspondence_game: bool,
                    notices: Sequence[Mapping[str, Any]]) -> int:
    """Store the deliveries the notices call for and ask for each; how many are new."""
    ctx = current_context()
    now = ctx.webhooks.clock()
    wanted = []
    for notice in notices:
        user_id, kind = str(notice["user_id"]), str(notice["kind"])
        data = dict(notice.get("data", {}))
        # an invitation is about a tournament (`game_id` is then its id), not a game
        game = None if "tournament_id" in data else game_id
        for step in plan(settings_of(ctx, user_id), kind, correspondence_game, now):
            wanted.append(NewNoticeDelivery(
                f"{kind}:{game_id}:{notice['version']}:{user_id}:{step.channel}", user_id,
                step.channel, kind, game, int(notice["version"]), step.due,
                {**data, "correspondence": correspondence_game}))
    added = ctx.store.add_notice_deliveries(wanted, now, new_delivery_id)
    for delivery_id in added:
        delivery = ctx.store.notice_delivery(delivery_id)
        if delivery is not None:
            ask(ctx, delivery)
    return len(added)


def ask(ctx: WorkerContext, delivery: NoticeDelivery) -> None:
    """Ask for the job that sends `delivery` at its time (a digest's: one per player and
    time, whatever number of deliveries it gathers)."""
    if delivery.channel == "digest":
        ctx.jobs.enqueue(DIGEST, delivery.user_id, delivery.due_at)
    else:
        ctx.jobs.enqueue(NOTICE, delivery.delivery_id, delivery.due_at)


def send_notice(delivery_id: str) -> str:
    """Send one delivery (see the module doc); what came of it."""
    ctx = current_context()
    now = ctx.webhooks.clock()
    found = ctx.store.notice_delivery(delivery_id)
    if found is not None and found.channel == "digest":  # (its job is the player's digest)
        return send_digest(found.user_id)
    delivery = ctx.store.claim_notice(delivery_id, now, now + CLAIM_FOR)
    if delivery is None:
        return "nothing to send"
    settings = settings_of(ctx, delivery.user_id)
    if quiet(settings, now):
        return later(ctx, delivery, after_quiet_hours(settings, now), "quiet hours")
    why = not_worth_sending(ctx, delivery, settings, now)
    if why is not None:
        ctx.store.settle_notices([delivery.delivery_id], SKIPPED, now)
        return f"skipped: {why}"
    if delivery.channel == "push":
        return push(ctx, delivery, now)
    return mail(ctx, delivery, now)


def send_digest(user_id: str) -> str:
    """Send the player's digest: claim every digest delivery of theirs now due (one job
    at a time holds each), and mail every game waiting for them in one mail."""
    ctx = current_context()
    now = ctx.webhooks.clock()
    held = [d for d in (ctx.store.claim_notice(p.delivery_id, now, now + CLAIM_FOR)
                        for p in ctx.store.pending_notices_of(user_id, "digest")
                        if p.due_at <= now) if d is not None]
    if not held:
        return "nothing to send"
    settings = settings_of(ctx, user_id)
    if quiet(settings, now):
        due = after_quiet_hours(settings, now)
        for delivery in held:
            ctx.store.release_notice(delivery.delivery_id, due)
        ctx.jobs.enqueue(DIGEST, user_id, due)
        return "later: quiet hours"
    wanted = [d for d in held if settings.channel(d.kind, bool(d.data.get("correspondence",
                                                                           True))) != "none"]
    ctx.store.settle_notices([d.delivery_id for d in held if d not in wanted], SKIPPED, now)
    if not wanted:
        return "skipped: the player no longer wants them"
    return mail(ctx, wanted[0], now, gathered=wanted[1:])


def later(ctx: WorkerContext, delivery: NoticeDelivery, due: datetime, why: str) -> str:
    ctx.store.release_notice(delivery.delivery_id, due)
    ask(ctx, replace(delivery, due_at=due))
    return f"later: {why}"


def not_worth_sending(ctx: WorkerContext, delivery: NoticeDelivery, settings: NoticeSettings,
                      now: datetime) -> str | None:
    """Why the delivery is no longer to be sent, or None."""
    live = not bool(delivery.data.get("correspondence", True))
    wanted = settings.channel(delivery.kind, not live)
    if wanted == "none" or (delivery.channel == "push" and wanted == "mail") or (
            delivery.channel != "push" and wanted == "push"):
        return "the player no longer wants it"
    if delivery.kind in ("your_turn", "deadline_near") and delivery.game_id is not None:
        row = ctx.store.game_row(delivery.game_id)
        mine = [] if row is None else [p for p in row.players if p.user_id == delivery.user_id]
        if row is None or row.status != "playing" or not any(p.to_act for p in mine):
            return "the turn was played"
    if live and at_the_table(ctx, delivery.user_id, now):
        return "the player is at the table"
    return None


def at_the_table(ctx: WorkerContext, user_id: str, now: datetime) -> bool:
    """Whether the player used the service just now (a token's last use: the nearest
    thing to an open table the server knows)."""
    return any(t.last_used_at is not None and now - t.last_used_at < AT_THE_TABLE
               for t in ctx.store.tokens_of(user_id))


def push(ctx: WorkerContext, delivery: NoticeDelivery, now: datetime) -> str:
    # what the service worker shows (`static/app/sw.js`): a title, a line, the table
    if "tournament_id" in delivery.data:
        invited = invitation_about(delivery)
        message = push_delivery.notice_message(invited.title(), invited.line(), invited.url,
                                               delivery.notice_key)
        taken = push_delivery.push_to_user(ctx, delivery.user_id, message)
        ctx.store.settle_notices([delivery.delivery_id], SENT if taken else SKIPPED, now)
        return f"pushed to {taken}"
    game = game_about(ctx, delivery.game_id, delivery.user_id, delivery.version)
    if game is None:
        ctx.store.settle_notices([delivery.delivery_id], SKIPPED, now)
        return "skipped: no such game"
    body = ", ".join(filter(None, [game.last_move, "vs " + ", ".join(game.opponents)
                                   if game.opponents else None]))
    message = push_delivery.notice_message(subject(delivery.kind, game, dict(delivery.data)),
                                           body, f"/play/{game.game_id}", delivery.notice_key)
    taken = push_delivery.push_to_user(ctx, delivery.user_id, message)
    ctx.store.settle_notices([delivery.delivery_id], SENT if taken else SKIPPED, now)
    return f"pushed to {taken}"


def mail(ctx: WorkerContext, delivery: NoticeDelivery, now: datetime,
         gathered: Sequence[NoticeDelivery] = ()) -> str:
    kept = ctx.store.mail_address_of(delivery.user_id)
    seal = ctx.addresses
    if kept is None or kept.disabled_at is not None or seal is None:
        ctx.store.settle_notices([delivery.delivery_id], SKIPPED, now)
        return "skipped: no working address"
    address = seal.open(kept.sealed)
    links = Links(ctx.public_url, unsubscribe_url(ctx, delivery.user_id))
    settle = [delivery.delivery_id, *(d.delivery_id for d in gathered)]
    if delivery.channel == "digest":
        games = waiting_games(ctx, delivery.user_id, [delivery, *gathered])
        if not games:
            ctx.store.settle_notices(settle, SKIPPED, now)
            return "skipped: no game is waiting"
        message = digest_mail(address, delivery.user_id, games,
                              f"digest:{delivery.user_id}:{stamp(delivery.due_at)}", links)
    elif "tournament_id" in delivery.data:
        message = invitation_mail(address, delivery, invitation_about(delivery), links)
    else:
        game = game_about(ctx, delivery.game_id, delivery.user_id, delivery.version)
        if game is None:
            ctx.store.settle_notices(settle, SKIPPED, now)
            return "skipped: no such game"
        message = notice_mail(address, delivery, game, links)
    try:
        ctx.mail.send(message)
    except SendFailed as failed:
        return mail_failed(ctx, [delivery, *gathered], failed, now)
    ctx.store.settle_notices(settle, SENT, now)
    ctx.store.record_mail_outcome(delivery.user_id, True, now, MAIL_FAILURES)
    return f"mailed ({len(settle)} notices)"


def mail_failed(ctx: WorkerContext, deliveries: Sequence[NoticeDelivery],
                failed: SendFailed, now: datetime) -> str:
    ids = [d.delivery_id for d in deliveries]
    first = deliveries[0]
    if failed.permanent:
        ctx.store.record_mail_outcome(first.user_id, False, now, MAIL_FAILURES)
        ctx.store.settle_notices(ids, FAILED, now)
        return f"failed: {failed.reason}"
    if first.attempts > len(RETRY_DELAYS):
        ctx.store.settle_notices(ids, FAILED, now)
        return f"gave up: {failed.reason}"
    due = now + timedelta(seconds=RETRY_DELAYS[first.attempts - 1])
    for delivery in deliveries[1:]:
        ctx.store.release_notice(delivery.delivery_id, due)
    return later(ctx, first, due, failed.reason)


def unsubscribe_url(ctx: WorkerContext, user_id: str) -> str:
    """The one-click unsubscribe URL: an opaque token (the user id sealed with the
    server's key, good for unsubscribing alone), no credential."""
    assert ctx.addresses is not None
    token = ctx.addresses.seal(UNSUBSCRIBE + user_id).removeprefix("v1:")
    return f"{ctx.public_url.rstrip('/')}/v1/unsubscribe/{token}"


def game_about(ctx: WorkerContext, game_id: str | None, user_id: str,
               version: int | None) -> About | None:
    if game_id is None:
        return None
    row = ctx.store.game_row(game_id)
    if row is None:
        return None
    upto = version or row.version
    recent = [e for e in ctx.store.read_stream(game_id, after=max(0, upto - 12))
              if e.version <= upto]
    told = about(row, user_id, recent)
    results = ctx.store.results_of_games([game_id]).get(game_id, [])
    mine = next((r for r in results if r.user_id == user_id), None)
    return told if mine is None else replace(told, result=result_line(mine, len(results)))


def waiting_games(ctx: WorkerContext, user_id: str,
                  deliveries: Sequence[NoticeDelivery]) -> list[About]:
    """Every game waiting for the player (their turn now), those the deliveries name
    first."""
    named = list(dict.fromkeys(d.game_id for d in deliveries if d.game_id is not None))
    mine = [r.game_id for r in ctx.store.games_of_user(user_id, status="playing",
                                                       my_turn=True)]
    games = []
    for game_id in dict.fromkeys([*[g for g in named if g in mine], *mine]):
        game = game_about(ctx, game_id, user_id, None)
        if game is not None:
            games.append(game)
    return games


def sweep_notices(ctx: WorkerContext, limit: int = 1000) -> int:
    """Ask again for the deliveries that are due and that no job holds (their job was
    lost, or its worker died mid-send); how many."""
    due = ctx.store.due_notices(ctx.webhooks.clock(), limit)
    for delivery in due:
        ask(ctx, delivery)
    return len(due)
