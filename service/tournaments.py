"""Tournaments as players see them: the terms a new one must keep, who may join, and
the tournament as its log describes it (`referee.tournaments` moves it on).

A tournament's pace is a live game's seconds per turn (`turn_time_limit`), a
correspondence game's days (`days_per_turn`), or no limit; not both. Anything else a
client can get wrong is a rule it breaks (`RuleViolation`, answered as a problem) or
a tournament that does not exist (404).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.standings import Standing
from domain.tournament_log import Tournament, TournamentCreated
from domain.violations import RuleViolation
from events.accounts import User
from events.clock import iso
from referee import tournaments
from referee.referee import Referee
from referee.tournaments import Entrant, TournamentNotFound
from service.problems import Problem

MAX_ROUNDS = 20
MAX_DAYS_PER_TURN = 14


def create(referee: Referee, user: User, body: dict[str, Any], now: datetime,
           min_turn_time_limit: int) -> tuple[str, Tournament]:
    """Store a new tournament organised by `user`; its id and the tournament."""
    seconds: int | None = body["turn_time_limit"]
    days: int | None = body["days_per_turn"]
    if seconds is not None and days is not None:
        raise RuleViolation("tournament_pace", "A live or a correspondence pace, not both.")
    if seconds is not None and seconds < min_turn_time_limit:
        raise RuleViolation("tournament_pace",
                            f"A turn is {min_turn_time_limit} seconds at least.")
    limit = seconds if days is None else days * 86400
    starts: datetime = body["starts_at"] or now
    if starts.tzinfo is None:
        raise RuleViolation("tournament_start", "The start time names its time zone.")
    created = TournamentCreated(
        body["name"], user.user_id, body["map"], body["players_per_table"], body["rounds"],
        limit, body["rated"], iso(starts), body["invitation_only"], body["bots_allowed"])
    tournament_id = tournaments.create_tournament(referee, created)
    return tournament_id, tournaments.tournament(referee, tournament_id)


def join(referee: Referee, user: User, tournament_id: str, body: dict[str, Any]) -> Tournament:
    """Add the user (or, for the organiser, a bot or an invited player)."""
    level: str | None = body["bot_level"]
    invited: str | None = body["user_id"]
    # a bot without a name is named after its level and number (the referee's)
    name: str = body.get("name") or ("" if level else invited if invited else user.name)
    entrant = Entrant(invited or user.user_id, name, level)
    return _found(lambda: tournaments.join(referee, tournament_id, user.user_id, entrant))


def leave(referee: Referee, user: User, tournament_id: str, entrant: str) -> Tournament:
    """Take the entrant out before the start (`me`: the user themselves)."""
    who = user.user_id if entrant == "me" else entrant
    return _found(lambda: tournaments.leave(referee, tournament_id, user.user_id, who))


def start_now(referee: Referee, user: User, tournament_id: str, now: datetime) -> Tournament:
    """The organiser starts the tournament now (its first round paired at once)."""
    return _found(lambda: tournaments.start_now(referee, tournament_id, user.user_id, now))


def look(referee: Referee, tournament_id: str) -> Tournament:
    """The tournament, moved on first if something is due."""
    return _found(lambda: tournaments.advance(referee, tournament_id, referee.ctx.clock()))


def listing(referee: Referee, limit: int) -> list[dict[str, Any]]:
    """The latest tournaments, newest first, each as `view` shows it."""
    store = referee.ctx.store
    return [view(t, tournaments.tournament(referee, t)) for t in store.tournament_ids(
        limit=limit)]


def log_of(referee: Referee, tournament_id: str) -> list[dict[str, Any]]:
    """The tournament's log, each event as stored (what standings are rebuilt from)."""
    events = referee.ctx.store.read_tournament(tournament_id)
    if not events:
        raise Problem("not-found", "There is no such tournament.")
    return [{"version": n, **e.as_dict()} for n, e in enumerate(events, start=1)]


def view(tournament_id: str, state: Tournament) -> dict[str, Any]:
    terms = state.created
    status = ("finished" if state.finished is not None else
              "playing" if state.started else "open")
    return {
        "id": tournament_id, "name": terms.name, "organiser": terms.created_by,
        "map": terms.map, "players_per_table": terms.per_table, "rounds": terms.rounds,
        "turn_time_limit": terms.turn_time_limit, "rated": terms.rated,
        "starts_at": state.starts_at, "invitation_only": terms.invitation_only,
        "bots_allowed": terms.bots_allowed, "status": status,
        "entrants": [{"id": e, "name": n, "bot_level": state.bots.get(e),
                      "withdrawn": e in state.withdrawn} for e, n in state.entrants.items()],
        "played_rounds": [{"round": r.round, "tables": [
            {"game_id": g, "entrants": list(t), "scores": dict(
                state.results[g].scores) if g in state.results else None}
            for t, g in zip(r.tables, r.games, strict=True)]} for r in state.rounds],
        "standings": [_line(s) for s in state.standings()],
    }


def _line(s: Standing) -> dict[str, Any]:
    return {"entrant": s.entrant, "points": s.points, "game_score": s.game_score,
            "opponents_points": s.opponents_points, "games": s.games}


def _found(act: Any) -> Tournament:
    try:
        result: Tournament = act()
    except TournamentNotFound:
        raise Problem("not-found", "There is no such tournament.") from None
    return result

