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

At setup, where every seat keeps its tickets and the bots' keeps may take the setup's
longer budget, a context that thinks in processes of its own (the embedded mode) asks
every bot of the table at once, as many at a time as it has thinking processes, and
plays their keeps in seat order at the versions that follow: the table starts after
the slowest keep, not after all of them one after another. A change in between (a
person's keep) stops the rest, which the job that change asks for plays. Without
thinking processes (an RQ worker thinks in its own interpreter, where bots thinking at
once would only share its one core) the bots keep one a job.
"""

from __future__ import annotations

import logging
import random
from concurrent.futures import ThreadPoolExecutor

from bots.view import seat_view
from domain.commands import Command
from domain.moves import legal_moves
from domain.state import Game
from domain.table import Table
from domain.violations import RuleViolation
from events import GameNotFound, VersionConflict
from events.outcome import StaleVersion
from referee.referee import NotSeated
from worker.context import WorkerContext
from worker.thinking import Thinking

log = logging.getLogger(__name__)


def bot_rng(game_id: str, version: int, seat: int | None = None) -> random.Random:
    """The bot's chance at this version of this game (and seat, where several bots
    think at one version): repeatable, and nothing to do with the game's secret seed."""
    return random.Random(f"bot:{game_id}:{version}" + ("" if seat is None else f":{seat}"))


def choose_command(thinking: Thinking, level: str, game: Game, seat: int,
                   rng: random.Random, budget: float | None = None) -> Command:
    """The command the bot of `level` plays at `seat`: its agent's choice from the
    seat's view and legal moves (the first legal move if the agent fails), within
    `budget` seconds (None: the thinking's budget for the position)."""
    return thinking.choose(level, seat_view(game, seat), legal_moves(game, seat), rng,
                           budget=budget)


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
    if table.game.phase != "setup" or ctx.thinking.processes <= 1:
        bots = bots[:1]
    commands = decide(ctx, game_id, version, table, bots)
    for played, (seat, command) in enumerate(zip(bots, commands, strict=True)):
        outcome = _play(ctx, game_id, version + played, table, seat, command)
        if outcome != "played":
            return "played" if played else outcome
    return "played"


def decide(ctx: WorkerContext, game_id: str, version: int, table: Table,
           bots: tuple[int, ...]) -> list[Command]:
    """The commands of the bots at `bots` on the table at `version`: one bot's with the
    version's chance, or several setup keeps thought over at the same time, each with a
    chance of its own seat's."""
    game = table.game
    assert game is not None
    if len(bots) == 1:
        return [choose_command(ctx.thinking, _level(table, bots[0]), game, bots[0],
                               bot_rng(game_id, version))]

    def keep(seat: int) -> Command:
        return choose_command(ctx.thinking, _level(table, seat), game, seat,
                              bot_rng(game_id, version, seat))

    with ThreadPoolExecutor(max_workers=len(bots)) as pool:
        return list(pool.map(keep, bots))


def _level(table: Table, seat: int) -> str:
    level = table.seats[seat].bot
    assert level is not None
    return level


def _play(ctx: WorkerContext, game_id: str, version: int, table: Table, seat: int,
          command: Command) -> str:
    """Send the bot's `command` at `seat` through the referee, expecting `version`."""
    holder = table.seats[seat]
    try:
        ctx.referee.act(game_id, holder.user_id, command, kind=command.as_dict()["type"],
                        request_hash="", expected_version=version)
    except (StaleVersion, VersionConflict, NotSeated):
        return "moved_on"
    except RuleViolation as violation:
        # (judged on the version it was chosen on, or at setup on one whose only change
        # since is another seat's keep: only a bug gets here)
        log.error("game %s: the %s bot's move at seat %d was refused: %s", game_id,
                  holder.bot, seat, violation)
        return "refused"
    return "played"
