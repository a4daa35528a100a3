"""Rematch, as the players of a finished game see it: offer or accept it, decline it,
and where it stands.

Any player of a finished game may offer a rematch; the offer is their acceptance, and
the others accept in turn (bots accept at once). When every person at the table has
accepted, the new game starts (`referee.rematch`). The offer lapses `LAPSE_LIVE` after
it was made for a live game and `LAPSE_CORRESPONDENCE` for a correspondence one (a turn
of a day or more), or as soon as a player declines it; afterwards it is refused with
that rule (``rematch_lapsed``). Only the game's players may answer (others are told
they hold no seat, or, at a private table, that there is no such game), and not
before the game is over (``rematch_not_over``). Answering again changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from domain.table import Table
from events.accounts import User
from events.rematches import RematchAnswer
from referee.referee import NotSeated, Referee
from referee.rematch import players_of, rematch_game_id, start_rematch
from service.problems import Problem

LAPSE_LIVE = timedelta(minutes=10)
LAPSE_CORRESPONDENCE = timedelta(days=3)
CORRESPONDENCE_TURN = 86400  # seconds per turn from which a game is correspondence

NONE, OFFERED, STARTED, LAPSED, DECLINED = "none", "offered", "started", "lapsed", "declined"


@dataclass(frozen=True, slots=True)
class Place:
    """A seat of the rematch: its player and their answer (None: not yet)."""
    name: str
    bot: bool
    accepted: bool | None


@dataclass(frozen=True, slots=True)
class Rematch:
    """Where the rematch of a game stands."""
    game_id: str
    state: str  # none, offered, started, lapsed or declined
    places: tuple[Place, ...]
    offered_at: datetime | None
    expires_at: datetime | None
    new_game_id: str | None  # once started


def lapse_of(table: Table) -> timedelta:
    """How long an offer to rematch this game stands."""
    limit = table.turn_time_limit
    correspondence = limit is not None and limit >= CORRESPONDENCE_TURN
    return LAPSE_CORRESPONDENCE if correspondence else LAPSE_LIVE


def look(referee: Referee, user: User, game_id: str, now: datetime) -> Rematch:
    """The rematch of the user's game as it stands."""
    return _standing(referee, game_id, _players_table(referee, user, game_id), now)


def accept(referee: Referee, user: User, game_id: str, now: datetime) -> Rematch:
    """Offer the rematch, or accept the one offered; starts it once all have accepted."""
    table = _players_table(referee, user, game_id)
    rematch = _standing(referee, game_id, table, now)
    if rematch.state in (LAPSED, DECLINED):
        raise _lapsed(table)
    if rematch.state == STARTED:
        return rematch
    referee.ctx.store.answer_rematch(RematchAnswer(game_id, user.user_id, True, now))
    rematch = _standing(referee, game_id, table, now)
    if rematch.state == OFFERED and all(p.accepted for p in rematch.places):
        start_rematch(referee, game_id, table)
        rematch = _standing(referee, game_id, table, now)
    return rematch


def decline(referee: Referee, user: User, game_id: str, now: datetime) -> Rematch:
    """Decline the offered rematch: it lapses for everyone."""
    table = _players_table(referee, user, game_id)
    rematch = _standing(referee, game_id, table, now)
    if rematch.state == NONE:
        raise Problem("not-found", "No rematch of this game has been offered.")
    if rematch.state == STARTED:
        raise _refuse("rematch_started", "The rematch has started: leave its game "
                      "instead.")
    if rematch.state == OFFERED:
        referee.ctx.store.answer_rematch(RematchAnswer(game_id, user.user_id, False, now))
    return _standing(referee, game_id, table, now)


def _players_table(referee: Referee, user: User, game_id: str) -> Table:
    table = referee.ctx.log.load(game_id)
    if user.user_id not in {seat.user_id for seat in players_of(table)}:
        raise NotSeated(hidden=table.private and user.user_id != table.created_by)
    if table.status not in ("scoring", "finished"):
        raise _refuse("rematch_not_over", "A rematch is offered once the game is over.")
    return table


def _standing(referee: Referee, game_id: str, table: Table, now: datetime) -> Rematch:
    store = referee.ctx.store
    answers = {a.user_id: a for a in store.rematch_answers(game_id)}
    places = tuple(Place(seat.name, seat.bot is not None, True if seat.bot is not None else (
        None if seat.user_id not in answers else answers[seat.user_id].accepted))
        for seat in players_of(table))
    offered_at = min((a.answered_at for a in answers.values()), default=None)
    expires_at = None if offered_at is None else offered_at + lapse_of(table)
    new_id = rematch_game_id(game_id)
    if store.game_row(new_id) is not None:
        return Rematch(game_id, STARTED, places, offered_at, expires_at, new_id)
    if expires_at is None:
        state = NONE
    elif any(a.accepted is False for a in answers.values()):
        state = DECLINED
    elif now >= expires_at:
        state = LAPSED
    else:
        state = OFFERED
    return Rematch(game_id, state, places, offered_at, expires_at, None)


def _refuse(code: str, rule: str) -> Problem:
    return Problem("rule-violation", rule, code=code, rule=rule)


def _lapsed(table: Table) -> Problem:
    minutes = int(lapse_of(table).total_seconds() // 60)
    return _refuse("rematch_lapsed", f"A rematch offer lapses {minutes} minutes after it "
                   "is made, or as soon as a player declines it.")
