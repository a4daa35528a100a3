"""A bot's move: decided from its seat's view alone, sent through the referee as its seat.

`play_bot_turn(ctx, game_id, version)` is the body of the `worker.jobs.play_bot` job:
it loads the table, and if it is still at `version` with a bot to act, asks that bot's
agent (`bots.levels.agent_for_level`) for a command through `bots.play.decide_for`,
which hands the agent exactly `seat_view(game, seat)`, the seat's legal moves and an
rng, and nothing else (`choose(view, moves, rng)`: no state, no seed, no other hand).
The command then goes through `Referee.act` as the bot's user, expecting `version`:
decided on the state rebuilt from the log, appended with the seat as its actor,
published, and followed up like any player's (the next bot move included). Run twice,
or late, the job finds the game has moved on and does nothing.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from bots.levels import agent_for_level
from bots.play import decide_for
from domain.commands import Command
from domain.moves import legal_moves
from domain.violations import RuleViolation
from events import GameNotFound, VersionConflict
from events.repository import StaleVersion
from referee.referee import NotSeated
from worker.context import WorkerContext

log = logging.getLogger(__name__)


def bot_rng(game_id: str, version: int) -> random.Random:
    """The bot's chance at this version of this game: repeatable, and nothing to do
    with the game's secret seed."""
    return random.Random(f"bot:{game_id}:{version}")


def choose_command(level: str, game: Any, seat: int, rng: random.Random) -> Command:
    """The command the bot of `level` plays at `seat`: its agent's choice from the
    seat's view; if the agent fails (a bug must not stall a game), the first legal move."""
    try:
        return decide_for(game, seat, agent_for_level(level), rng)
    except Exception:
        log.exception("the %s bot failed to choose at seat %d; it plays its first legal "
                      "move", level, seat)
        return legal_moves(game, seat)[0]


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
    command = choose_command(holder.bot, table.game, seat, bot_rng(game_id, version))
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
