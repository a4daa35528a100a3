"""Vacations: declaring days away, ending them, and pausing the player's deadlines.

`declare` checks a new vacation against the rules (`domain.vacations.check_vacation`:
the yearly allowance, no overlap, not in the past), stores it, and asks for its start
and its end to be applied at their times (`referee.jobs.AWAY`); one that starts now is
applied at once. `end` ends the current vacation (or gives up the next one) now.
`come_back` is what acting in a game while away does (`referee.effects.follow_up`
asks for it, `referee.jobs.BACK`): the vacation ends there and then.

`apply` makes each of the player's correspondence games agree with their vacations
at this moment: a game where they are away but should not be gets `DeadlineResumed`,
one where they should be gets `DeadlinePaused` (`Referee.mark_away`, one append per
game, announced like any change: the other players see it in the game's stream). It
reads everything again each time, so a job run twice, late, or after `end` does
nothing wrong.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from domain.vacations import check_vacation, days_left, is_correspondence
from domain.violations import RuleViolation
from events.vacations import Vacation
from referee.jobs import AWAY
from referee.referee import Referee

GAMES_LIMIT = 1000  # a player's games read at once


@dataclass(frozen=True, slots=True)
class Away:
    """Where a player stands: their vacations not yet over, and the days left of the
    allowance of this year."""
    vacations: tuple[Vacation, ...]
    days_left: int
    allowance: int
    year: int

    @property
    def current(self) -> Vacation | None:
        return self.vacations[0] if self.vacations else None


def new_vacation_id() -> str:
    return "v_" + secrets.token_hex(8)


def away_at(vacations: Sequence[Vacation], now: datetime) -> Vacation | None:
    """The vacation `now` falls in, if any."""
    return next((v for v in vacations if v.away_at(now)), None)


def standing(referee: Referee, user_id: str, allowance: int) -> Away:
    """The player's vacations not over yet (the earliest first) and their days left."""
    now = referee.ctx.clock()
    kept = referee.ctx.store.vacations_of(user_id)
    return Away(tuple(v for v in kept if v.until > now),
                days_left([v.period for v in kept], now.year, allowance), allowance, now.year)


def declare(referee: Referee, user_id: str, starts_at: datetime | None, days: int,
            allowance: int) -> Vacation:
    """Store a new vacation of `days` from `starts_at` (None: now) and have it applied
    at its start and at its end; a `RuleViolation` names the rule it breaks."""
    ctx = referee.ctx
    now = ctx.clock()
    taken = [v.period for v in ctx.store.vacations_of(user_id)]
    period = check_vacation(taken, starts_at or now, days, now, allowance)
    vacation = Vacation(new_vacation_id(), user_id, period.starts_at, period.ends_at, now)
    ctx.store.add_vacation(vacation)
    ctx.jobs.enqueue(AWAY, user_id, vacation.ends_at)
    if vacation.starts_at <= now:
        apply(referee, user_id)  # (the player sees their games paused in the answer)
    else:
        ctx.jobs.enqueue(AWAY, user_id, vacation.starts_at)
    return vacation


def end(referee: Referee, user_id: str) -> Vacation:
    """End the player's current vacation now, or give up their next one; `RuleViolation`
    ``no_vacation`` if there is neither."""
    ctx = referee.ctx
    now = ctx.clock()
    ahead = [v for v in ctx.store.vacations_of(user_id) if v.until > now]
    if not ahead:
        raise RuleViolation("no_vacation")
    ending = ahead[0]
    ctx.store.end_vacation(ending.vacation_id, now)
    apply(referee, user_id)
    return ending


def come_back(referee: Referee, user_id: str) -> int:
    """The player acted while away: their vacation ends now; their games run again.
    Returns how many games were changed."""
    ctx = referee.ctx
    now = ctx.clock()
    current = away_at(ctx.store.vacations_of(user_id), now)
    if current is not None:
        ctx.store.end_vacation(current.vacation_id, now)
    return apply(referee, user_id)


def apply(referee: Referee, user_id: str) -> int:
    """Pause or resume the player's deadline in each of their correspondence games as
    their vacations say now; returns how many games were changed."""
    ctx = referee.ctx
    now = ctx.clock()
    kept = ctx.store.vacations_of(user_id)
    current = away_at(kept, now)
    until = current.until if current is not None else None
    changed = 0
    for row in ctx.store.games_of_user(user_id, status="playing", limit=GAMES_LIMIT):
        if not is_correspondence(row.turn_time_limit):
            continue  # live games are not paused
        # (a failure raises: the job is retried, and the games already done do nothing)
        if referee.mark_away(row.game_id, user_id, until) is not None:
            changed += 1
    for vacation in kept:  # the games agree with these now: the sweep leaves them
        state = vacation.state_at(now)
        if state != vacation.applied:
            ctx.store.mark_vacation(vacation.vacation_id, state)
    return changed


def ask_again(referee: Referee, limit: int = 100) -> int:
    """Ask again for the vacations whose start or end passed while their job was lost
    (the sweep); returns how many."""
    ctx = referee.ctx
    now = ctx.clock()
    due = ctx.store.vacations_due(now, limit)
    for vacation in due:
        ctx.jobs.enqueue(AWAY, vacation.user_id, min(vacation.until, now))
    return len(due)
