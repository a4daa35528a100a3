"""Reminders before a turn deadline: when a quarter of a correspondence turn's time is
left, whoever must act is told (the `deadline_near` notice, `referee.notices`).

`referee.effects.follow_up` asks for one (`referee.jobs.DEADLINE_NEAR`) with each new
turn deadline of a correspondence game, due at `reminder_time`; its job id is per game
and the version that set the deadline, so a turn is reminded at most once however
often it is asked for. When it runs, `remind` reads the games index again: a turn
already played (or paused by a vacation, or given a new deadline since) has another
deadline or is another turn, and its reminder is dropped.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from domain.table import Table, turn_key
from domain.vacations import is_correspondence
from referee.notices import Notice, deadline_near
from referee.ports import Context

QUARTER = 4  # reminded when 1/QUARTER of the turn's time is left


def reminder_time(table: Table, deadline: datetime) -> datetime | None:
    """When the turn ending at `deadline` is reminded (None: no reminder, a live game)."""
    limit = table.turn_time_limit
    if limit is None or not is_correspondence(limit):
        return None
    return deadline - timedelta(seconds=limit / QUARTER)


def turn_name(table: Table) -> str:
    """The turn a deadline belongs to, as a job carries it (``setup``, ``turn-12``)."""
    key = turn_key(table)
    return "-".join(map(str, key)) if key is not None else ""


def remind(ctx: Context, game_id: str, version: int, turn: str,
           deadline: datetime) -> tuple[str, list[Notice]]:
    """The reminders due for the deadline `deadline` of the turn `turn` (`turn_name`)
    that `version` of the game set,
    every player's (the webhooks take theirs, `worker.jobs.remind_deadline`), and what
    became of it: ``reminded``; or, none: ``moved_on`` (the turn was played, or its
    deadline moved), ``passed`` (too late: the deadline job acts) or ``no_game``."""
    row = ctx.store.game_row(game_id)
    if row is None:
        return "no_game", []
    if row.status != "playing" or row.deadline is None or row.deadline != deadline:
        return "moved_on", []
    now = ctx.clock()
    if deadline <= now:
        return "passed", []
    table = ctx.log.load(game_id)
    if turn_name(table) != turn:  # (two turns may end at the same moment)
        return "moved_on", []
    return "reminded", deadline_near(table, game_id, version, now, deadline)
