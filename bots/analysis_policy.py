"""The agents behind the computer analysis of a finished game (`domain.win_chances`):
the strong agent plays the playouts, and the strong, one-step and route-focus agents
each propose a move worth comparing with the one chosen.

Each decides from its seat's view only, as in a game; the analysis hands them the
finished game's real positions (it is over: everything is public), and the domain,
which knows no agent, takes them as plain functions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.agents.one_step import OneStepAgent
from bots.agents.route_focus import RouteFocusAgent
from bots.agents.strong import StrongAgent
from bots.play import decide_for
from domain.commands import Command
from domain.state import Game

# Monte-Carlo playouts of the strong agent's own keep choices inside a playout: fewer
# than in a game (8), so that a mid-game ticket draw does not dwarf the analysis
PLAYOUT_KEEP_PLAYOUTS = 2

_playout_agent = StrongAgent(playouts=PLAYOUT_KEEP_PLAYOUTS)
_proposers = (StrongAgent(), OneStepAgent(), RouteFocusAgent())


def strong_policy(game: Game, seat: int, rng: random.Random) -> Command:
    """The strong agent's move for `seat` (the playouts' policy)."""
    return decide_for(game, seat, _playout_agent, rng)


def proposed_moves(game: Game, seat: int, rng: random.Random) -> Sequence[Command]:
    """A few moves worth comparing at `game` for `seat`: each agent's choice, in order."""
    moves: list[Command] = []
    for agent in _proposers:
        move = decide_for(game, seat, agent, rng)
        if move not in moves:
            moves.append(move)
    return moves
