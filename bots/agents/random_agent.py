"""The random agent: any legal move, uniformly (each payment of a claim counts)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.view import SeatView
from domain.commands import Command


class RandomAgent:
    name = "random"

    def choose(self, view: SeatView, moves: Sequence[Command],
               rng: random.Random) -> Command:
        return moves[rng.randrange(len(moves))]
