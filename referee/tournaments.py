"""Tournaments: creating one, joining it, and moving it on round by round.

The decisions are the domain's (`domain.swiss`, `domain.standings`,
`domain.tournament_log`); here they meet the store and the referee. A tournament is
its log (`events.tournaments`): every change is an append at the version read, so two
processes moving it on at once write it once (the other reads the log again and
decides again: it may be the one that saw the round's last game scored).

`advance` does whatever is due: pair the first round once the start time has come,
record the results of the round's games that have been scored (a player who missed
their game is withdrawn), then pair the next round or finish. It runs from a job after
every scored game of a tournament (`referee.effects`), at the start time, and from the
sweep, so a lost job costs only time. Each round's games are created fully seated
(`NewGame.others`, bots after the people), so they start at once; a table's seats are
its entrants in the order the log names them.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from domain.stand_ins import BOT_LEVELS
from domain.table import Table
from domain.tournament_log import (
    EntrantJoined,
    EntrantLeft,
    EntrantWithdrawn,
    GameResult,
    RoundPaired,
    StartBroughtForward,
    Tournament,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    fold_tournament,
    next_round_tables,
    tournament_over,
)
from domain.violations import RuleViolation
from events.clock import iso
from events.store import VersionConflict
from referee.jobs import TOURNAMENT_START
from referee.outreach_notices import hand_over_invitation
from referee.referee import NewGame, Referee


class TournamentNotFound(LookupError):
    """No tournament has this id."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """Who joins: a person (their user id and name) or a bot of a level (named after its
    level and number when `name` is empty)."""
    user_id: str
    name: str
    bot: str | None = None


def new_tournament_id() -> str:
    return "t_" + secrets.token_hex(8)


def create_tournament(referee: Referee, created: TournamentCreated) -> str:
    """Store a new tournament's log; its id."""
    if created.per_table < 2 or created.rounds < 1:
        raise RuleViolation("tournament_terms", "A table seats two or more; one round or more.")
    tournament_id = new_tournament_id()
    referee.ctx.store.append_tournament(tournament_id, [created], 0)
    referee.ctx.jobs.enqueue(TOURNAMENT_START, tournament_id,
                             datetime.fromisoformat(created.starts_at))
    return tournament_id


def tournament(referee: Referee, tournament_id: str) -> Tournament:
    """The tournament as its log says (`TournamentNotFound`)."""
    log = referee.ctx.store.read_tournament(tournament_id)
    if not log:
        raise TournamentNotFound(tournament_id)
    return fold_tournament(log)


def join(referee: Referee, tournament_id: str, by: str, entrant: Entrant) -> Tournament:
    """Add an entrant before the start. `by` is who asks: a player joins themselves;
    bots, and anyone at an invitation-only tournament, are added by its creator."""
    log, state = _open_log(referee, tournament_id, until_the_start=True)
    terms = state.created
    if entrant.bot is not None:
        if not terms.bots_allowed:
            raise RuleViolation("bots_not_allowed", "This tournament takes no bots.")
        if entrant.bot not in BOT_LEVELS:
            raise RuleViolation("bot_level", f"No bot level {entrant.bot!r}.")
        if by != terms.created_by:
            raise RuleViolation("not_organiser", "Only the organiser adds bots.")
        # numbered by every bot ever added, so that one who left leaves no id to reuse
        added = sum(1 for e in log if isinstance(e, EntrantJoined) and e.bot is not None)
        entrant = Entrant(f"tb_{entrant.bot}_{added + 1}",
                          entrant.name or f"{entrant.bot.capitalize()} bot {added + 1}",
                          entrant.bot)
    elif by != entrant.user_id and by != terms.created_by:
        raise RuleViolation("not_organiser", "Players join for themselves.")
    elif terms.invitation_only and by != terms.created_by:
        raise RuleViolation("invitation_only", "Only the organiser invites players.")
    if entrant.user_id in state.entrants:
        raise RuleViolation("already_joined", "Already in the tournament.")
    referee.ctx.store.append_tournament(
        tournament_id, [EntrantJoined(entrant.user_id, entrant.name, entrant.bot)], len(log))
    if entrant.bot is None and entrant.user_id != by:  # the organiser invited them
        hand_over_invitation(referee.ctx, tournament_id, len(log) + 1, entrant.user_id,
                             terms, referee.ctx.clock())
    return fold_tournament([*log, EntrantJoined(entrant.user_id, entrant.name, entrant.bot)])


def leave(referee: Referee, tournament_id: str, by: str, entrant: str) -> Tournament:
    """Take an entrant out before the start: a player leaves themselves; the organiser
    may take out anyone (a bot they added, a player they invited)."""
    log, state = _open_log(referee, tournament_id, until_the_start=True)
    if by != entrant and by != state.created.created_by:
        raise RuleViolation("not_organiser", "Players leave for themselves.")
    if entrant not in state.entrants:
        raise RuleViolation("not_joined", "Not in the tournament.")
    referee.ctx.store.append_tournament(tournament_id, [EntrantLeft(entrant)], len(log))
    return fold_tournament([*log, EntrantLeft(entrant)])


def start_now(referee: Referee, tournament_id: str, by: str, now: datetime) -> Tournament:
    """The organiser starts the tournament before its start time: the first round is
    paired now (with fewer than two entrants it finishes unplayed, as at its start)."""
    log, state = _open_log(referee, tournament_id)
    if by != state.created.created_by:
        raise RuleViolation("not_organiser", "Only the organiser starts the tournament.")
    if datetime.fromisoformat(state.starts_at) > now:
        moved = StartBroughtForward(iso(now))
        referee.ctx.store.append_tournament(tournament_id, [moved], len(log))
    return advance(referee, tournament_id, now)


def _open_log(referee: Referee, tournament_id: str, until_the_start: bool = False
              ) -> tuple[list[TournamentEvent], Tournament]:
    """The log and state of a tournament that has not started (else a rule it breaks);
    `until_the_start`: nor reached its start time (its first round may not be paired yet,
    a job or a look away, but the entrants are settled from then on)."""
    log = referee.ctx.store.read_tournament(tournament_id)
    if not log:
        raise TournamentNotFound(tournament_id)
    state = fold_tournament(log)
    if (state.started or state.finished is not None or until_the_start
            and datetime.fromisoformat(state.starts_at) <= referee.ctx.clock()):
        raise RuleViolation("tournament_started", "The tournament has started.")
    return log, state


def advance(referee: Referee, tournament_id: str, now: datetime) -> Tournament:
    """Do what is due now (see the module doc); the tournament as it then is.

    A conflict means another process appended first, maybe only the result of another
    table; giving up then could leave a complete round unpaired until the sweep, so the
    decision is taken again on the longer log."""
    for _ in range(_ATTEMPTS - 1):
        try:
            return _advance_once(referee, tournament_id, now)
        except VersionConflict:
            continue
    try:
        return _advance_once(referee, tournament_id, now)
    except VersionConflict:
        return tournament(referee, tournament_id)  # the sweep decides again later


_ATTEMPTS = 5


def _advance_once(referee: Referee, tournament_id: str, now: datetime) -> Tournament:
    log = referee.ctx.store.read_tournament(tournament_id)
    if not log:
        raise TournamentNotFound(tournament_id)
    state = fold_tournament(log)
    if state.finished is not None:
        return state
    due: list[TournamentEvent] = []
    if state.started:
        due += _results(referee, state)
        state = fold_tournament([*log, *due])
    elif datetime.fromisoformat(state.starts_at) > now:
        return state
    if state.round_complete:
        if tournament_over(state) or len(state.active) < 2:
            due.append(TournamentFinished(tuple(s.entrant for s in state.standings())))
        else:
            due.append(_pair(referee, tournament_id, state))
    if not due:
        return state
    referee.ctx.store.append_tournament(tournament_id, due, len(log))
    return fold_tournament([*log, *due])


def advance_due(referee: Referee, now: datetime, limit: int = 100) -> int:
    """Advance every unfinished tournament (the sweep's part); how many there were."""
    ids = referee.ctx.store.tournament_ids(unfinished_only=True, limit=limit)
    for tournament_id in ids:
        advance(referee, tournament_id, now)
    return len(ids)


def _pair(referee: Referee, tournament_id: str, state: Tournament) -> RoundPaired:
    """The next round: its tables, and their games created fully seated."""
    number = len(state.rounds) + 1
    seated: list[tuple[str, ...]] = []
    games: list[str] = []
    for index, table in enumerate(next_round_tables(state)):
        people = [e for e in table if e not in state.bots]
        bots = [e for e in table if e in state.bots]
        game_id = f"g_{tournament_id[2:]}_{number}_{index + 1}"
        _open_game(referee, game_id, state, people, [state.bots[b] for b in bots])
        seated.append((*people, *bots))
        games.append(game_id)
    return RoundPaired(number, tuple(seated), tuple(games))


def _open_game(referee: Referee, game_id: str, state: Tournament, people: list[str],
               bot_levels: list[str]) -> None:
    terms = state.created
    creator = people[0] if people else terms.created_by
    try:
        referee.create_game(game_id, creator, NewGame(
            map_name=terms.map, seats=len(people) + len(bot_levels),
            turn_time_limit=terms.turn_time_limit,
            join_as=state.entrants[people[0]] if people else None,
            others=tuple((p, state.entrants[p]) for p in people[1:]),
            bots=tuple(bot_levels), rated=terms.rated))
    except VersionConflict:
        pass  # created already by a run that then lost the append: the same table


def _results(referee: Referee, state: Tournament) -> list[TournamentEvent]:
    """The results of the latest round's games scored since, and who they withdraw."""
    found: list[TournamentEvent] = []
    latest = state.rounds[-1]
    for table, game_id in zip(latest.tables, latest.games, strict=True):
        if game_id in state.results:
            continue
        row = referee.ctx.store.game_row(game_id)
        if row is None or row.status != "finished":
            continue
        result = result_of_game(latest.round, game_id, table, referee.ctx.log.load(game_id))
        found.append(result)
        found += [EntrantWithdrawn(e, latest.round) for e in result.missed
                  if e not in state.withdrawn and e not in state.bots]
    return found


def result_of_game(round_number: int, game_id: str, entrants: tuple[str, ...],
                   table: Table) -> GameResult:
    """A scored game's result for the tournament: seat i is the table's i-th entrant."""
    scores: dict[str, int] = {}
    missed: list[str] = []
    for entrant, line in zip(entrants, table.score or (), strict=True):
        score: Mapping[str, int] = line["score"]
        scores[entrant] = int(score["total"])
        if line.get("out") or table.seats[int(line["seat"])].replaced is not None:
            missed.append(entrant)
    return GameResult(round_number, game_id, scores, tuple(missed))
