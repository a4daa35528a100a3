"""The bots' ladder: rated games between the bot levels, so that each level's rating on
the bots' board is earned against the others rather than only against people.

`play_ladder(ctx, games, map_name)` plays `games` two-seat rated games on `map_name`,
the pairs of levels (`domain.stand_ins.BOT_LEVELS`) taken in turn, each level on either
seat as often, through the service's own path: the referee creates the table with the
two bots seated (the bot users of their levels, `bot-<level>-1`), each move is a bot's
job body (`worker.bot_turns.play_bot_turn`: its seat's view only, within the bots'
budget), the score and the ratings are the jobs' (`Referee.score`,
`worker.rating_jobs.project_ratings`). The ladder drives its games itself, move by
move, in a context of its own whose job requests are left to it (`Driven`): the games
take the same time with or without a worker running, and nothing is done twice.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from domain.stand_ins import BOT_LEVELS
from referee.jobs import Args, JobKind
from referee.referee import NewGame
from worker.bot_turns import play_bot_turn
from worker.context import WorkerContext, use_context
from worker.rating_jobs import project_ratings

log = logging.getLogger(__name__)

LADDER_CREATOR = "ttr-ladder"  # who the ladder's tables say created them (no account)
MAX_MOVES = 5000  # a game still going after this many moves is a bug, not a long game


class Driven:
    """The jobs port of the ladder's context: every job a change asks for (the next bot
    move, the score, the ratings) is done by the ladder's own loop, so it drops them."""

    def enqueue(self, kind: JobKind[*Args], *args: *Args) -> None:
        pass

    def close(self) -> None:
        pass


@dataclass(frozen=True, slots=True)
class LadderGame:
    game_id: str
    levels: tuple[str, ...]  # by seat
    winners: tuple[str, ...]  # the winning levels


def pairings(games: int, levels: tuple[str, ...] = BOT_LEVELS) -> list[tuple[str, str]]:
    """The levels of each of `games` games: every pair in turn, each level first as often
    as second (the first seat plays first no more often than chance says), the pairs in
    rounds where every level plays (so a short ladder rates them all), the first two
    levels first."""
    pairs = round_robin(levels)
    both = [p for pair in pairs for p in (pair, pair[::-1])]
    return [both[i % len(both)] for i in range(games)]


def round_robin(levels: tuple[str, ...]) -> list[tuple[str, str]]:
    """Every pair of `levels` once, in rounds where each level plays once (one sits out
    each round when they are odd): the circle method, the first level fixed and the
    others turning about it, its first partner the second level."""
    circle: list[str | None] = [levels[0], *levels[2:], levels[1]]
    if len(circle) % 2:
        circle.insert(1, None)
    pairs = []
    for _ in range(len(circle) - 1):
        for i in range(len(circle) // 2):
            a, b = circle[i], circle[-1 - i]
            if a is not None and b is not None:
                pairs.append((a, b))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return pairs


def play_ladder(ctx: WorkerContext, games: int, map_name: str = "usa",
                reported: Callable[[LadderGame], None] | None = None) -> list[LadderGame]:
    """Play `games` rated games between the bot levels (see the module doc)."""
    driven = dataclasses.replace(ctx, jobs=Driven())
    played = []
    for levels in pairings(games):
        game = play_one(driven, map_name, levels)
        played.append(game)
        if reported is not None:
            reported(game)
    return played


def play_one(ctx: WorkerContext, map_name: str, levels: tuple[str, ...]) -> LadderGame:
    """One rated game between bots of `levels`, played, scored and rated."""
    game_id = f"ladder-{secrets.token_hex(8)}"
    ctx.referee.create_game(game_id, LADDER_CREATOR, NewGame(
        map_name=map_name, seats=len(levels), bots=levels, rated=True))
    for _ in range(MAX_MOVES):
        table = ctx.log.load(game_id)
        if table.status == "playing":
            play_bot_turn(ctx, game_id, table.version)
        elif table.status == "scoring":
            ctx.referee.score(game_id)
        else:
            break
    else:
        raise RuntimeError(f"ladder game {game_id} did not end in {MAX_MOVES} moves")
    with use_context(ctx):
        project_ratings(game_id)
    table = ctx.log.load(game_id)
    winners = tuple(levels[p["seat"]] for p in table.score or () if p.get("winner"))
    log.info("ladder game %s: %s, won by %s", game_id, " vs ".join(levels),
             ", ".join(winners))
    return LadderGame(game_id, levels, winners)
