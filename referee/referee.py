"""The referee: the one way anything changes a game.

Every writer (a player's command, a seat taken or left, a game created, started or
imported, a turn deadline, the final score; bots too) calls one method here. Each
judges the command on the state rebuilt from the log (`GameLog.execute`: decide,
append with the expected version, decide again on a lost race), and once the events
are committed announces them (`referee.effects.follow_up`: publish, ask for the
score or the next deadline, hand the webhook notices over). Nobody else calls
`follow_up`, so no writer can forget it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from domain.commands import Command
from domain.events import Event
from domain.reactions import react
from domain.stand_ins import BOT_LEVELS, MAX_BOTS_PER_LEVEL, SeatBot, bot_name, bot_user_id
from domain.table import (
    Table,
    TableCommand,
    TakeSeat,
    create_game,
    decide_table,
    replay_table,
)
from domain.violations import RuleViolation
from events import GameNotFound, seat_actor, user_actor
from events.outcome import Outcome
from events.store import VersionConflict
from referee import archive, away, hints, system
from referee.effects import follow_up
from referee.ports import Context, Observer, Unobserved


class NotSeated(Exception):
    """The caller holds no seat at the table they act at; `hidden`: the table is private
    and not theirs to see at all (so its existence is not revealed)."""

    def __init__(self, hidden: bool) -> None:
        super().__init__("hidden" if hidden else "not seated")
        self.hidden = hidden


@dataclass(frozen=True, slots=True)
class NewGame:
    """A table to set up, as its creator asked for it."""
    map_name: str
    seats: int
    private: bool = False
    turn_time_limit: int | None = None
    drop_after_timeouts: int | None = 3
    join_as: str | None = None  # the creator's name at the table; None: no seat taken
    bots: tuple[str, ...] = ()  # the levels of the bots seated at once (after the creator)
    stand_in: str | None = None  # the level of the bots that stand in for leavers
    rated: bool = True  # the result counts for the players' ratings
    # the players seated after the creator, before the bots: (user id, name) each (the
    # quick match seats a whole table at once)
    others: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Created:
    outcome: Outcome
    invite_code: str | None  # a private game's, shown to its creator only now


@dataclass(frozen=True, slots=True)
class Acted:
    outcome: Outcome
    actor: str  # the actor the command was recorded for (a seat, or the user)


class Referee:
    """Judge, record, announce: one method per kind of writer (see the module doc)."""

    def __init__(self, ctx: Context, observer: Observer | None = None) -> None:
        self.ctx = ctx
        self.observer: Observer = observer or Unobserved()
        self._bot_levels_stored: set[str] = set()

    def _announce(self, outcome: Outcome, *, notices: bool = True) -> Outcome:
        follow_up(self.ctx, outcome, notices=notices)
        return outcome

    # -- the table -------------------------------------------------------------------------

    def create_game(self, game_id: str, creator: str, new: NewGame) -> Created:
        """Set up a new table (its seed and a private game's invite code drawn here) and,
        with `join_as`, seat its creator."""
        invite = secrets.token_urlsafe(9) if new.private else None
        seed = secrets.token_bytes(32)

        def decide(_: Table | None) -> list[Event]:
            events = create_game(
                map_name=new.map_name, seats=new.seats, created_by=creator, seed=seed,
                private=new.private, invite_code=invite, turn_time_limit=new.turn_time_limit,
                drop_after_timeouts=new.drop_after_timeouts, stand_in=new.stand_in,
                rated=new.rated)
            commands: list[tuple[str, TableCommand]] = [
                *([(creator, TakeSeat(new.join_as))] if new.join_as is not None else []),
                # the creator seats them: at a private table, as if with its invite
                *((user_id, TakeSeat(name, invite)) for user_id, name in new.others),
                *((creator, SeatBot(level)) for level in new.bots)]
            if len(commands) > new.seats:
                raise RuleViolation("table_full", f"{len(commands)} players and bots for "
                                    f"{new.seats} seats.")
            for user_id, command in commands:
                events += decide_table(replay_table(events), user_id, command)
            return events

        self._store_bots(*new.bots, *([new.stand_in] if new.stand_in else []))

        outcome = self.ctx.log.execute(game_id, decide, user_actor(creator), new=True)
        return Created(self._announce(outcome), invite)

    def seat(self, game_id: str, user_id: str, command: TableCommand) -> Outcome:
        """A seat command by `user_id`: take a seat, leave it, seat a bot, start the
        game, or come back to a seat a bot holds."""
        if isinstance(command, SeatBot):
            self._store_bots(command.level)
        outcome = self.ctx.log.execute(
            game_id, lambda table: _decide(game_id, table, user_id, command),
            user_actor(user_id))
        return self._announce(outcome)

    def _store_bots(self, *levels: str) -> None:
        """Make sure the bot users of `levels` exist (bots are users like any other)."""
        for level in set(levels) - self._bot_levels_stored:
            if level not in BOT_LEVELS:
                continue  # the table's rules refuse it, with their own answer
            for n in range(1, MAX_BOTS_PER_LEVEL + 1):
                self.ctx.store.add_bot(bot_user_id(level, n), bot_name(level, n), level)
            self._bot_levels_stored.add(level)

    # -- play ------------------------------------------------------------------------------

    def act(self, game_id: str, user_id: str, command: Command, *, kind: str,
            request_hash: str, idempotency_key: str | None = None,
            expected_version: int | None = None) -> Acted:
        """A player's command, as the seat `user_id` holds (`kind`: its type, for the
        observer). Raises `NotSeated`, the domain's `RuleViolation`, and what
        `GameLog.execute` raises. With `idempotency_key`, a retry of the same request
        gets the first outcome again (`replayed`: nothing is appended or announced),
        so that it is answered as the first request was.

        Speed: first decided on the cached state, without reading the log, when it is
        likely the latest (`GameLog.likely_latest`; a version the client names is
        checked on the log); refused there, or beaten to the append, it is judged again
        on the log's.
        """
        log = self.ctx.log
        vouched = log.likely_latest(game_id) if expected_version is None else None
        acted: Acted | None = None

        def attempt(table: Table, *, is_vouched: bool) -> Acted:
            return self._act_on(table, game_id, user_id, command, request_hash,
                                idempotency_key, expected_version, is_vouched)

        if vouched is not None:
            try:
                acted = attempt(vouched, is_vouched=True)
            except (NotSeated, RuleViolation, VersionConflict):
                pass  # perhaps only because that state was out of date: judge on the log's
            self.observer.vouched_decision(acted is not None)
        if acted is None:
            acted = attempt(log.load(game_id), is_vouched=False)
        if not acted.outcome.replayed:
            self.observer.action_done(kind)
            self._announce(acted.outcome)
        return acted

    def _act_on(self, table: Table, game_id: str, user_id: str, command: Command,
                request_hash: str, key: str | None,
                expected: int | None, vouched: bool) -> Acted:
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated(hidden=table.private and user_id != table.created_by)
        actor = seat_actor(seat) if table.game is not None else user_actor(user_id)
        outcome = self.ctx.log.execute(
            game_id, lambda t: _decide(game_id, t, user_id, command), actor,
            expected_version=expected, idempotency_key=key, request_hash=request_hash,
            deadlines=self.ctx.store, loaded=table, vouched=vouched)
        return Acted(outcome, actor)

    def hint(self, game_id: str, user_id: str, advise: hints.Advise) -> hints.Hint:
        """A hint for the player `user_id` (`referee.hints`): `advise`'s command for
        their seat, and the record that they were given it, announced. Raises
        `NotSeated`, the domain's `RuleViolation` and what `referee.hints.give_hint`
        raises."""
        table = self.ctx.log.load(game_id)
        if table.seat_of(user_id) is None:
            raise NotSeated(hidden=table.private and user_id != table.created_by)
        hint = hints.give_hint(self.ctx, table, game_id, user_id, advise)
        self._announce(hint.outcome)
        return hint

    def react(self, game_id: str, user_id: str, reaction: str) -> Outcome:
        """A quick reaction of the player `user_id` (`domain.reactions`), recorded and
        announced. Raises `NotSeated`, the domain's `RuleViolation` and what
        `GameLog.execute` raises."""
        table = self.ctx.log.load(game_id)
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotSeated(hidden=table.private and user_id != table.created_by)
        actor = seat_actor(seat) if table.game is not None else user_actor(user_id)

        def decide(now: Table | None) -> list[Event]:
            if now is None:  # (not reached: execute loads an existing game)
                raise GameNotFound(game_id)
            return react(now, user_id, reaction)

        return self._announce(self.ctx.log.execute(game_id, decide, actor, loaded=table))

    # -- the system's writers --------------------------------------------------------------

    def score(self, game_id: str) -> Outcome:
        """Append the final score of the ended game (`RuleViolation` ``already_scored``
        or ``game_not_over`` when there is none to append)."""
        return self._announce(system.score(self.ctx, game_id))

    def mark_away(self, game_id: str, user_id: str, until: datetime | None) -> Outcome | None:
        """Pause `user_id`'s turn deadline in the game while they are away (until
        `until`), or let it run again (`until` None); None when it already is so (see
        `referee.away`, `referee.vacations`)."""
        try:
            return self._announce(away.mark_away(self.ctx, game_id, user_id, until))
        except away.Unchanged:
            return None

    def time_out(self, game_id: str) -> str:
        """Time out whoever must act if the turn deadline has passed (see
        `referee.system.time_out` for what it returns)."""
        return system.time_out(self.ctx, game_id, self._announce)

    def import_game(self, game_id: str, records: list[dict[str, Any]]) -> Outcome:
        """Append a verified export of a finished game as it stands (`VersionConflict`
        if the game exists here). Announced as any change is, but its webhook notices
        are left out: the game is history, its players heard it where they played."""
        return self._announce(archive.import_game(self.ctx, game_id, records),
                              notices=False)


def _decide(game_id: str, table: Table | None, user_id: str,
            command: TableCommand | Command) -> list[Event]:
    if table is None:  # (not reached: execute loads an existing game)
        raise GameNotFound(game_id)
    return decide_table(table, user_id, command)
