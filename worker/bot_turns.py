"""A bot's move: decided from its seat's view alone, sent through the referee as its seat.

`play_bot_turn(ctx, game_id, version)` is the body of the `worker.jobs.play_bot` job:
it loads the table, and if it is still at `version` with a bot to act, asks how the
context's bots think (`ctx.thinking`, `worker.thinking.Thinking`) for that bot's
command, handing it exactly `seat_view(game, seat)`, the seat's legal moves and an rng,
and nothing else: the agent of the bot's level (`bots.levels.agent_for_level`) chooses
from those alone (`choose(view, moves, rng)`: no state, no seed, no other hand), within
the time budget, in a thinking process of its own in the embedded mode. The command
then goes through `Referee.act` as the bot's user, expecting `version`: decided on the
state rebuilt from the log, appended with the seat as its actor, published, and
followed up like any player's (the next bot move included). Run twice, or late, the job
finds the game has moved on and does nothing. A thinking process lost meanwhile
(`ThinkingLost`) fails the job, which is retried: the turn is not lost.
"""

from __future__ import annotations

import logging
import random

from bots.view import seat_view
from domain.commands import Command
from domain.moves import legal_moves
from domain.state import Game
from domain.violations import RuleViolation
from events import GameNotFound, VersionConflict
from events.outcome import StaleVersion
from referee.referee import NotSeated
from worker.context import WorkerContext
from worker.thinking import Thinking

log = logging.getLogger(__name__)


def bot_rng(game_id: str, version: int) -> random.Random:
    """The bot's chance at this version of this game: repeatable, and nothing to do
    with the game's secret seed."""
    return random.Random(f"bot:{game_id}:{version}")


def choose_command(thinking: Thinking, level: str, game: Game, seat: int,
                   rng: random.Random) -> Command:
    """The command the bot of `level` plays at `seat`: its agent's choice from the
    seat's view and legal moves (the first legal move if the agent fails)."""
    return thinking.choose(level, seat_view(game, seat), legal_moves(game, seat), rng)


def play_bot_turn(ctx: WorkerContext, game_id: str, version: int) -> str:
    """One move of the bot that must act in `game_id` at `version` (see the module doc).

    Returns ``played``; or, doing nothing, ``moved_on`` (the game is at another
    version, or someone acted first), ``no_bot_to_act`` or ``no_game``.
    """
    try:
        table = ctx.log.load(game_id)
    except GameNotFound:
        return "no_game"
    if table.version != version:
        return "moved_on"
    bots = table.bots_to_act()
    if not bots or table.game is None:
        return "no_bot_to_act"
    seat = bots[0]
    holder = table.seats[seat]
    assert holder.bot is not None
    command = choose_command(ctx.thinking, holder.bot, table.game, seat,
                             bot_rng(game_id, version))
    try:
        ctx.referee.act(game_id, holder.user_id, command, kind=command.as_dict()["type"],
                        request_hash="", expected_version=version)
    except (StaleVersion, VersionConflict, NotSeated):
        return "moved_on"
    except RuleViolation as violation:
        # (judged on the same version it was chosen on: only a bug gets here)
        log.error("game %s: the %s bot's move at seat %d was refused: %s", game_id,
                  holder.bot, seat, violation)
        return "refused"
    return "played"
