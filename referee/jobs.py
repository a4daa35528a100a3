"""Every kind of job, declared once: the work done after a change of a game, outside
the request that made it.

A `JobKind` says all there is to know about one kind: its name (the start of its job
ids), the function that does it, its queue, its timeout, its retries, the rule that
makes it once per game (and version, or time), and when it runs (at once, after the
bot pause, or at a time it is given). The referee asks for a kind of work with its
arguments (`Jobs.enqueue(SCORE, game_id)`); both adapters of the port, RQ's and the
in-process one (`worker.rq_jobs`, `worker.inline_jobs`), read the same declaration
through one generic `enqueue`. Adding a kind of job is one declaration here and its
function.

The function is named by its dotted path, the way RQ carries it to a worker process:
a name, not an import, so this layer stays below the worker's. A function keeps its
name across releases (a job queued by the previous release must still run):
`tests/unit/test_job_table.py` checks that each one is there.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from hashlib import sha256
from typing import Any, Generic, TypeVarTuple, Unpack

Args = TypeVarTuple("Args")

# the queues: RQ's ``ttr``, ``ttr-webhooks`` and ``ttr-analysis`` (`worker.job_names`),
# the in-process adapter's three thread pools; a receiver that hangs holds up no score,
# and a game's analysis (seconds of playouts) no bot's move
GAMES = "games"
WEBHOOKS = "webhooks"
ANALYSIS = "analysis"

# when a job runs
SOON = "soon"
AFTER_BOT_PAUSE = "after the bot pause"  # (`Settings.bot_pause`: a bot seems to think)
AT_GAME_TIME = "at its last argument, on the games' clock"
AT_WALL_TIME = "at its last argument, on the wall clock (the webhooks' clock)"

_ID_PART = re.compile(r"[A-Za-z0-9_-]+")


@dataclass(frozen=True)
class JobKind(Generic[*Args]):
    """One kind of job, asked for with arguments `Args` (see the module's docstring)."""

    name: str  # the job ids start with it (`score-g_0a1b`); stable across releases
    function: str  # its dotted name (`worker.jobs.score_game`)
    timeout: int  # seconds a run may take (RQ stops it then)
    retries: tuple[int, ...]  # seconds to wait before each retry of a run that raised
    # The job id's parts after the name: one job of this kind per these values is ever
    # waiting or running (asked for again, it is not queued twice). None: every argument.
    once_per: Callable[[Unpack[Args]], tuple[Any, ...]] | None = None
    # the function's arguments, from the ones the job is asked for with (None: the same)
    calls: Callable[[Unpack[Args]], tuple[Any, ...]] | None = None
    queue: str = GAMES
    runs: str = SOON
    # A later time for the same first argument makes the job of the earlier one
    # pointless (a game's turn deadlines only move later): it is dropped.
    supersedes: bool = False
    # the one kind that is per installation, not per game (job ids are global in Redis:
    # RQ adds the queue's name)
    once_per_queue: bool = False
    first_in_queue: bool = False  # ahead of the jobs already waiting
    keep_result: bool = True  # for operators (RQ keeps a finished job's result a while)
    # what RQ shows for the job (default: the function's name and its arguments)
    describe: Callable[[Unpack[Args]], str] | None = None

    def job_id(self, *args: *Args) -> str:
        """The job's id: RQ 3 takes only letters, digits, "_" and "-", so a time is
        stamped (`20261123T090100123456Z`) and any other value hashed, stably."""
        parts = args if self.once_per is None else self.once_per(*args)
        return "-".join([self.name, *map(id_part, parts)])

    def arguments(self, *args: *Args) -> tuple[Any, ...]:
        """What the function is called with, for a job asked for with `args`."""
        return args if self.calls is None else self.calls(*args)

    def at(self, *args: *Args) -> datetime | None:
        """When a job that runs at a given time is due (None: it runs at once, or after
        the bot pause)."""
        if self.runs not in (AT_GAME_TIME, AT_WALL_TIME):
            return None
        given: tuple[Any, ...] = args
        due = given[-1] if given else None
        assert isinstance(due, datetime), f"{self.name}: its last argument is its time"
        return due


def id_part(value: object) -> str:
    """One part of a job id: `value` itself when RQ takes it, else a stable hash."""
    if isinstance(value, datetime):
        return stamp(value)
    text = str(value)
    if _ID_PART.fullmatch(text) and len(text) <= 100:
        return text
    return "h" + sha256(text.encode()).hexdigest()[:40]


def stamp(at: datetime) -> str:
    return at.astimezone(UTC).strftime("%Y%m%dT%H%M%S%fZ")


# -- the table ----------------------------------------------------------------------------
# Retries (seconds): scoring and the ratings with growing waits before the job is left
# failed (the sweep finds the work still undone and asks again); a bot's move soon, its
# turn is waiting. The webhook jobs retry only when they raise (the store is away): a
# receiver's failures are retried by the delivery's own schedule. Timeouts: scoring
# takes milliseconds but the store may be slow; a delivery is one HTTP attempt of a few
# seconds; a ratings job projects every scored game not yet projected.

SCORE = JobKind[str](
    "score", "worker.jobs.score_game", timeout=120, retries=(2, 5, 15, 60, 300))
"""Score the ended game (once, whoever asks and how often)."""

DEADLINE = JobKind[str, datetime](
    "deadline", "worker.jobs.enforce_deadline", timeout=60, retries=(1, 5, 15, 60),
    calls=lambda game_id, at: (game_id,), runs=AT_GAME_TIME, supersedes=True)
"""Enforce the game's turn deadline `at`, at that moment."""

DEADLINE_NEAR = JobKind[str, int, str, datetime, datetime](
    "reminder", "worker.vacation_jobs.remind_deadline", timeout=60, retries=(1, 5, 15, 60),
    once_per=lambda game_id, version, turn, deadline, at: (game_id, version),
    calls=lambda game_id, version, turn, deadline, at: (game_id, version, turn, deadline),
    runs=AT_GAME_TIME, supersedes=True)
"""Remind whoever must act in the game that the deadline `deadline` of its turn `turn`
(`referee.reminders.turn_name`) is near, at `at` (a quarter of the turn's time left);
once per game and version, the version whose change set that deadline
(`referee.reminders`). Like the deadlines, a game's reminders only move later: a new
turn's drops the one of the turn before, so a game leaves one scheduled at a time."""

AWAY = JobKind[str, datetime](
    "away", "worker.vacation_jobs.apply_vacation", timeout=300, retries=(1, 5, 15, 60),
    calls=lambda user_id, at: (user_id,), runs=AT_GAME_TIME)
"""Pause or resume the deadlines of a player's correspondence games as their
vacations say at `at` (a vacation's start or end; `referee.vacations.apply`)."""

BACK = JobKind[str](
    "back", "worker.vacation_jobs.come_back", timeout=300, retries=(1, 5, 15, 60))
"""The player acted in a game while away: their vacation ends now and their
deadlines run again (`referee.vacations.come_back`)."""

WEBHOOK_FAN_OUT = JobKind[str, int, list[dict[str, Any]]](
    "webhooks", "worker.webhooks.fan_out_webhooks", timeout=60, retries=(5, 30, 120),
    once_per=lambda game_id, version, notices: (game_id, version),
    calls=lambda game_id, version, notices: (game_id, notices), queue=WEBHOOKS,
    describe=lambda game_id, version, notices:
        f"fan_out_webhooks({game_id!r}, version {version})")
"""Store and send the webhook deliveries of a version of a game (`referee.notices.Notice.
as_dict` each; once per game and version)."""

WEBHOOK = JobKind[str, datetime](
    "webhook", "worker.webhooks.deliver_webhook", timeout=60, retries=(5, 30, 120),
    calls=lambda delivery_id, at: (delivery_id,), queue=WEBHOOKS, runs=AT_WALL_TIME)
"""Make the next attempt of a webhook delivery at `at`."""

NOTICE_FAN_OUT = JobKind[str, int, bool, list[dict[str, Any]]](
    "notices", "worker.outreach.fan_out_notices", timeout=60, retries=(5, 30, 120),
    once_per=lambda game_id, version, correspondence, notices: (game_id, version),
    calls=lambda game_id, version, correspondence, notices: (game_id, correspondence,
                                                             notices),
    queue=WEBHOOKS,
    describe=lambda game_id, version, correspondence, notices:
        f"fan_out_notices({game_id!r}, version {version})")
"""Decide by each player's settings which mail and push deliveries the notices of a
version of a game call for, store them in the outbox and ask for each at its time
(`referee.notices.Notice.as_dict` each; once per game and version)."""

NOTICE = JobKind[str, datetime](
    "notice", "worker.outreach.send_notice", timeout=60, retries=(5, 30, 120),
    calls=lambda delivery_id, at: (delivery_id,), queue=WEBHOOKS, runs=AT_WALL_TIME)
"""Send a delivery of the notice outbox at `at`."""

DIGEST = JobKind[str, datetime](
    "digest", "worker.outreach.send_digest", timeout=120, retries=(5, 30, 120),
    calls=lambda user_id, at: (user_id,), queue=WEBHOOKS, runs=AT_WALL_TIME)
"""Send a player's digest at `at`: one mail gathering every game waiting for them, for
all their digest deliveries then due (once per player and time)."""

LINK_MAIL = JobKind[str, str](
    "link-mail", "worker.link_mail.send_link_mail", timeout=60,
    retries=(5, 20, 60, 180, 420),
    once_per=lambda purpose, sealed: (sealed,), calls=lambda purpose, sealed: (sealed,),
    queue=WEBHOOKS, describe=lambda purpose, sealed: f"send_link_mail({purpose})")
"""Hand over a mail carrying a one-time link (`purpose`: ``verify`` or ``signin``),
sealed whole (`referee.outreach.sealed_mail`: no address, no link in the queue or in
what RQ shows; its job id a hash of that); once per mail (each has a link of its own).
A server that is away is tried again with growing waits, all within the shortest
link's life (`service.mail_addresses`); a refusal for good is not."""

BOT_TURN = JobKind[str, int](
    "bot", "worker.jobs.play_bot", timeout=60, retries=(1, 5, 15), runs=AFTER_BOT_PAUSE)
"""The move of the bot that must act in the game at that version (once per game and
version: a later version has its own)."""

RATINGS = JobKind[str](
    "ratings", "worker.rating_jobs.project_ratings", timeout=600,
    retries=(2, 5, 15, 60, 300))
"""Project the scored games (the one that asked, and any before it) onto the ratings."""

MATCH_BOTS = JobKind[str, datetime](
    "match-bots", "worker.jobs.seat_match_bots", timeout=60, retries=(1, 5, 15, 60),
    calls=lambda request_id, at: (request_id,), runs=AT_GAME_TIME)
"""Seat bots with a quick-match request still waiting at `at`, the wait its player
chose (`referee.quick_match.seat_bots`)."""

TOURNAMENT = JobKind[str, str](
    "tournament", "worker.jobs.advance_tournament", timeout=300, retries=(1, 5, 15, 60),
    calls=lambda tournament_id, game_id: (tournament_id,))
"""Move a tournament on now: its game `game_id` was scored (`referee.tournaments.
advance`). Once per game, not per tournament: a run already under way when another
game is scored may have read the log before that score."""

TOURNAMENT_START = JobKind[str, datetime](
    "tournament-start", "worker.jobs.advance_tournament", timeout=300,
    retries=(1, 5, 15, 60), calls=lambda tournament_id, at: (tournament_id,),
    runs=AT_GAME_TIME)
"""Pair a tournament's first round at its start time `at`."""

WIN_CHANCES = JobKind[str](
    "win-chances", "worker.analysis_jobs.analyse_win_chances", timeout=3600,
    retries=(30, 300), queue=ANALYSIS)
"""Compute and store the computer analysis of the scored game (its win chances and key
moments), once; its CPU is bounded by `Settings.analysis_budget`, the timeout is a
backstop."""

SWEEP = JobKind[()](
    "sweep", "worker.jobs.sweep", timeout=300, retries=(), once_per_queue=True,
    first_in_queue=True, keep_result=False)
"""Ask again for the work the games index says is missing (one waits at a time)."""

KINDS: tuple[JobKind[*tuple[Any, ...]], ...] = (
    SCORE, DEADLINE, WEBHOOK_FAN_OUT, WEBHOOK, NOTICE_FAN_OUT, NOTICE, DIGEST, BOT_TURN, RATINGS,
    MATCH_BOTS, TOURNAMENT, TOURNAMENT_START, WIN_CHANCES, SWEEP, DEADLINE_NEAR, AWAY, BACK,
    LINK_MAIL)
