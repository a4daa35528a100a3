"""Who hears what: the webhook messages a committed change calls for, and whom to give them.

`notices(outcome)` reads a committed change (the tables before and after, and the
events) in memory and returns the messages it calls for:

==================  =====================================  =============================
kind                when                                   to whom
==================  =====================================  =============================
``your_turn``       a seat has just become one that must   that seat's user
                    act (its turn, or the setup tickets)
``game_started``    the game started                       every player
``game_ended``      the game ended (`reason`)              every player
``game_scored``     the final score is in (`winners`)      every player
``player_timed_out`` a player's turn deadline passed       the other players
``player_left``     a player resigned, was dropped, or     the other players
                    left their seat before the start
``stand_in_seated`` a bot took over a player's seat (they    the player replaced
                    resigned, or timed out too often)
``deadline_near``   a quarter of a correspondence turn's    the seats that must act
                    time is left (`referee.reminders`,
                    a job: not from a change)
``ping``            ``POST /v1/users/me/webhook/ping``     the caller
==================  =====================================  =============================

`hand_over(ctx, outcome)` (called by `referee.effects.follow_up` after every change)
first looks at a per-process cache of the users who have a webhook (`Recipients`,
read again every few seconds): a game none of whose players has one costs a set
look-up and nothing else. Otherwise the notices for users with a webhook go to one
fan-out job (`referee.jobs.WEBHOOK_FAN_OUT`, one per game and version), which stores a
delivery per notice (unique per user, game, version and kind: a repeated fan-out
stores nothing twice) and asks for each to be delivered (`referee.jobs.WEBHOOK`); delivering
is `worker.webhooks`'s job.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from domain.events import GameEnded, GameStarted, PlayerDropped, PlayerResigned, TurnTimedOut
from domain.stand_ins import StandInSeated
from domain.table import GameScored, SeatLeft, Table, turn_key
from events.clock import iso
from events.index import seats_to_act
from events.outcome import Outcome
from referee.jobs import WEBHOOK_FAN_OUT
from referee.ports import Context

log = logging.getLogger(__name__)

KINDS = ("your_turn", "game_started", "game_ended", "game_scored", "player_timed_out",
         "player_left", "stand_in_seated", "deadline_near", "ping")


@dataclass(frozen=True, slots=True)
class Notice:
    """One message to one user about one version of a game."""
    user_id: str
    kind: str
    version: int
    created_at: str  # ISO-8601: when the change happened
    data: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "kind": self.kind, "version": self.version,
                "created_at": self.created_at, "data": self.data}


def notices(outcome: Outcome) -> list[Notice]:
    """Every message `outcome` calls for, whoever has a webhook (pure, in memory)."""
    if outcome.replayed or not outcome.events:
        return []
    after, before = outcome.after, outcome.before
    game_id = outcome.game_id
    at = iso(outcome.recorded_at)
    links = {"game_url": f"/v1/games/{game_id}"}
    found: list[Notice] = []

    def to_everyone(kind: str, version: int, data: dict[str, Any]) -> None:
        for seat, s in enumerate(after.seats):
            found.append(Notice(s.user_id, kind, version, at, {"seat": seat, **data}))

    def to_others(kind: str, version: int, about: int, name: str,
                  data: dict[str, Any]) -> None:
        for seat, s in enumerate(after.seats):
            if seat != about:
                found.append(Notice(s.user_id, kind, version, at,
                                    {"seat": about, "name": name, **data, **links}))

    for i, event in enumerate(outcome.events):
        version = outcome.first_version + i
        if isinstance(event, GameStarted):
            to_everyone("game_started", version, {
                "map": after.map, "first_player": event.first_player,
                "players": _players(after), **links})
        elif isinstance(event, GameEnded):
            to_everyone("game_ended", version, {
                "reason": event.reason, "score_url": f"/v1/games/{game_id}/score", **links})
        elif isinstance(event, GameScored):
            to_everyone("game_scored", version, {
                "winners": list(event.winners), "standings": _standings(after, event),
                "score_url": f"/v1/games/{game_id}/score", **links})
        elif isinstance(event, TurnTimedOut):
            to_others("player_timed_out", version, event.seat, _name(after, event.seat),
                      {"deadline": event.deadline, "consecutive": event.consecutive})
        elif isinstance(event, PlayerDropped | PlayerResigned):
            reason = "dropped" if isinstance(event, PlayerDropped) else "resigned"
            to_others("player_left", version, event.seat, _name(after, event.seat),
                      {"reason": reason})
        elif isinstance(event, StandInSeated):
            # to the player replaced (no longer seated after the change): they may come back
            found.append(Notice(event.replaced, "stand_in_seated", version, at, {
                "seat": event.seat, "name": event.name, "level": event.level,
                "reason": event.reason, **links}))
        elif isinstance(event, SeatLeft):
            # before the start: the players after them have moved up one seat
            name = before.seats[event.seat].name if before is not None else ""
            for seat, s in enumerate(after.seats):
                found.append(Notice(s.user_id, "player_left", version, at, {
                    "seat": event.seat, "name": name, "reason": "left", "your_seat": seat,
                    **links}))
    found += _your_turn(outcome, at, links)
    return found


def _your_turn(outcome: Outcome, at: str, links: dict[str, str]) -> list[Notice]:
    after, before = outcome.after, outcome.before
    game = after.game
    if game is None:
        return []
    now_key, was_key = turn_key(after), turn_key(before)
    earlier = set(seats_to_act(before)) if before is not None and now_key == was_key else set()
    fresh = [seat for seat in seats_to_act(after) if seat not in earlier]
    if not fresh:
        return []
    deadline = None
    if after.turn_time_limit is not None and now_key != was_key:
        # as the games index computed it in the same append (see events.index.summarize;
        # none while the seat to act is away on vacation)
        summary = outcome.summary
        deadline = iso(summary.deadline if summary is not None else
                       outcome.recorded_at + timedelta(seconds=after.turn_time_limit))
    game_id = outcome.game_id
    return [Notice(after.seats[seat].user_id, "your_turn", outcome.last_version, at, {
        "seat": seat, "phase": game.phase, "turn": game.turns, "deadline": deadline,
        **links, "moves_url": f"/v1/games/{game_id}/moves",
        "actions_url": f"/v1/games/{game_id}/actions"}) for seat in fresh]


def deadline_near(table: Table, game_id: str, version: int, now: datetime,
                  deadline: datetime) -> list[Notice]:
    """The reminders that the turn deadline `deadline`, set by `version`, is near: one
    to each person whose seat must act (`referee.reminders`; once per version)."""
    game = table.game
    if game is None:
        return []
    return [Notice(table.seats[seat].user_id, "deadline_near", version, iso(now), {
        "seat": seat, "phase": game.phase, "turn": game.turns, "deadline": iso(deadline),
        "game_url": f"/v1/games/{game_id}", "actions_url": f"/v1/games/{game_id}/actions"})
        for seat in seats_to_act(table) if table.seats[seat].bot is None]


def _name(table: Table, seat: int) -> str:
    return table.seats[seat].name if seat < len(table.seats) else ""


def _players(table: Table) -> list[dict[str, Any]]:
    return [{"seat": seat, "name": s.name} for seat, s in enumerate(table.seats)]


def _standings(table: Table, scored: GameScored) -> list[dict[str, Any]]:
    return [{"seat": p["seat"], "name": _name(table, int(p["seat"])),
             "total": p["score"]["total"], "rank": p["rank"], "winner": p["winner"]}
            for p in scored.players]


def hand_over(ctx: Context, outcome: Outcome) -> int:
    """Give the notices of `outcome` for users with a webhook to a fan-out job; returns
    how many. Cheap when no player has a webhook: a cached set, no query."""
    if outcome.replayed or not outcome.events:
        return 0
    users = ctx.recipients.users(ctx.store)
    if not users:
        return 0
    if users.isdisjoint(outcome.seated()):
        return 0
    wanted = [n.as_dict() for n in notices(outcome) if n.user_id in users]
    if wanted:
        ctx.jobs.enqueue(WEBHOOK_FAN_OUT, outcome.game_id, outcome.last_version, wanted)
    return len(wanted)
