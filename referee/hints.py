"""Giving a learner a hint: what the hard level's bot (the strong agent) would play at
their seat, recorded.

`give_hint(ctx, table, game_id, user_id, advise)` checks that the user may have a hint
now (`domain.hints.check_hint`: a seat of theirs with a decision to make, at an
unrated table), asks `advise` for the command (the worker's: the strong agent, from
the seat's view alone, in the bots' thinking processes) and appends `HintGiven` at
the version the advice was given for, so the game's export says hints were used. If
the game moved on meanwhile (another player acted, a deadline passed), the advice is
for a position that is gone: `StaleVersion`, and the client asks again. The referee
(`Referee.hint`) announces what was appended.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from domain.commands import Command
from domain.events import Event
from domain.hints import check_hint
from domain.hints import give_hint as hint_events
from domain.table import Table, seats_to_act
from events import GameNotFound, seat_actor
from events.outcome import Outcome
from referee.ports import Context

# the strong agent's command for the table's game at a seat
Advise = Callable[[Table, int], Command]


class HintsUnavailable(RuntimeError):
    """No advice came in time (the bots' thinking was lost): nothing was recorded."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The advice for `seat` at the game's `version` (before the hint was recorded),
    and the outcome of recording it."""
    seat: int
    version: int
    command: Command
    outcome: Outcome


def give_hint(ctx: Context, table: Table, game_id: str, user_id: str,
              advise: Advise) -> Hint:
    """The hint for `user_id` at `table` (just loaded), recorded but not announced (see
    the module doc). Raises the domain's `RuleViolation`, what `advise` raises
    (`HintsUnavailable`), and what `GameLog.execute` raises."""
    seat = check_hint(table, user_id, seats_to_act(table))
    command = advise(table, seat)

    def decide(now: Table | None) -> list[Event]:
        if now is None:  # (not reached: execute loads an existing game)
            raise GameNotFound(game_id)
        return hint_events(now, user_id, seats_to_act(now))

    outcome = ctx.log.execute(game_id, decide, seat_actor(seat),
                              expected_version=table.version)
    return Hint(seat, table.version, command, outcome)
