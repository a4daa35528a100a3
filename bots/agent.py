"""What an agent is: `choose(view, moves, rng)` returning one of `moves`; and how an
agent that can think for as long as it is given (`Anytime`) is told when to stop."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from bots.view import SeatView
from domain.commands import Command

# Asked inside an agent's long loops: True once its time is up. The caller owns the
# clock (this package does no I/O, reading the time included), so a deadline, a count
# of steps or a test's script all fit.
TimeUp = Callable[[], bool]


def never() -> bool:
    """No time limit: the agent thinks to the end (tournaments, tests)."""
    return False


class OutOfTime(Exception):
    """Raised inside a computation (a playout) that `TimeUp` cut short: its partial
    result is thrown away, and the agent plays the best it found before."""


class Agent(Protocol):
    """A player of one seat. `moves` are the seat's legal commands (never empty);
    `rng` is the agent's only source of chance, so a seeded rng makes it repeatable."""

    name: str

    def choose(self, view: SeatView, moves: Sequence[Command],
               rng: random.Random) -> Command: ...


@runtime_checkable
class Anytime(Protocol):
    """An agent that, given a `TimeUp`, stops thinking when it says so and plays the
    best answer found so far (the same agent unchanged when it never says so)."""

    name: str

    def within(self, time_up: TimeUp) -> Agent: ...


def within(agent: Agent, time_up: TimeUp) -> Agent:
    """`agent` bounded by `time_up` (an agent that always answers at once: as it is)."""
    return agent.within(time_up) if isinstance(agent, Anytime) else agent
