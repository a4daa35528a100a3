"""Whole games between agents, through the engine: each agent sees its seat's view only."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bots.agent import Agent, OutOfTime, TimeUp, never
from bots.view import SeatView, seat_view
from domain.commands import Command
from domain.decide import execute
from domain.evolve import replay
from domain.moves import legal_moves
from domain.setup import start_game
from domain.state import Game


class IllegalChoice(AssertionError):
    """An agent returned a command that is not among its legal moves."""


@dataclass(frozen=True, slots=True)
class Decision:
    seat: int
    command: Command


def seat_to_act(game: Game) -> int:
    """Who chooses next: in setup the first seat still choosing tickets, else the
    current player."""
    if game.phase == "setup":
        return next(s for s, p in enumerate(game.players) if p.pending_tickets)
    return game.current


def decide_for(game: Game, seat: int, agent: Agent, rng: random.Random) -> Command:
    """The agent's command for `seat`, chosen from its view and legal moves only."""
    return checked_choice(agent, seat_view(game, seat), legal_moves(game, seat), rng)


def checked_choice(agent: Agent, view: SeatView, moves: Sequence[Command],
                   rng: random.Random) -> Command:
    """`agent.choose(view, moves, rng)`, refused (`IllegalChoice`) if not in `moves`."""
    command = agent.choose(view, moves, rng)
    if command not in moves:
        raise IllegalChoice(f"{agent.name} chose {command!r}, not a legal move")
    return command


def play_game(map_name: str, agents: Sequence[Agent], seed: bytes,
              rngs: Sequence[random.Random], max_decisions: int = 5000) -> Game:
    """Play one game to its end, seat i played by agents[i] with rngs[i]."""
    return play_on(replay(start_game(map_name, len(agents), seed)), agents, rngs,
                   max_decisions)


def play_on(game: Game, agents: Sequence[Agent], rngs: Sequence[random.Random],
            max_decisions: int = 5000, time_up: TimeUp = never) -> Game:
    """Play `game` from where it stands to its end; `OutOfTime` if `time_up` says so
    before it gets there (asked before every decision)."""
    for _ in range(max_decisions):
        if game.phase == "ended":
            return game
        if time_up():
            raise OutOfTime()
        seat = seat_to_act(game)
        command = decide_for(game, seat, agents[seat], rngs[seat])
        game = execute(game, seat, command)[1]
    raise RuntimeError(f"no end after {max_decisions} decisions")
