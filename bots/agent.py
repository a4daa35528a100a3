"""What an agent is: `choose(view, moves, rng)` returning one of `moves`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from bots.view import SeatView
from domain.commands import Command


class Agent(Protocol):
    """A player of one seat. `moves` are the seat's legal commands (never empty);
    `rng` is the agent's only source of chance, so a seeded rng makes it repeatable."""

    name: str

    def choose(self, view: SeatView, moves: Sequence[Command],
               rng: random.Random) -> Command: ...
