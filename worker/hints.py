"""Where a learner's hint is thought out: the strong agent, exactly as a bot of the
hard level would play the seat (`worker.bot_turns.choose_command`: the seat's
view and legal moves, nothing else), in the bots' thinking processes and within their
budget (`worker.thinking`), so that a hint never holds up the web process.

`ContextHints(ctx)` is the service's port for it (`service.services.HintDesk`).
"""

from __future__ import annotations

import random

from domain.commands import Command
from domain.table import Table
from referee.hints import Hint, HintsUnavailable
from worker.bot_turns import choose_command
from worker.context import WorkerContext
from worker.thinking import ThinkingLost

# the hard level, whose agent is the strong agent: a good player's move to learn from,
# found within a turn's budget (the expert's playouts would not fit in it)
ADVISER = "hard"


def hint_rng(game_id: str, version: int, seat: int) -> random.Random:
    """The adviser's chance: repeatable for one position, and nothing to do with the
    game's secret seed."""
    return random.Random(f"hint:{game_id}:{version}:{seat}")


def advice(ctx: WorkerContext, game_id: str, table: Table, seat: int) -> Command:
    """The strong agent's command for `seat` at `table` (`HintsUnavailable` if its
    thinking is lost)."""
    assert table.game is not None  # (`domain.hints.check_hint` saw it running)
    try:
        # (a turn's budget even at setup: a person waits on the hint, and a slower one
        # would more often find the table moved on)
        return choose_command(ctx.thinking, ADVISER, table.game, seat,
                              hint_rng(game_id, table.version, seat),
                              budget=ctx.thinking.budget)
    except ThinkingLost as lost:
        raise HintsUnavailable(str(lost)) from lost


class ContextHints:
    """Hints given through a context's referee and thought out by its bots' thinking."""

    def __init__(self, ctx: WorkerContext) -> None:
        self._ctx = ctx

    def hint(self, game_id: str, user_id: str) -> Hint:
        """The hint for `user_id` in `game_id`, recorded (see `Referee.hint`)."""
        ctx = self._ctx
        return ctx.referee.hint(game_id, user_id,
                                lambda table, seat: advice(ctx, game_id, table, seat))
