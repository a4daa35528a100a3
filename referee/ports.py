"""What the referee needs from outside the rules: the job queue, the notifier, a clock,
and the place it finds them all (`Context`).

The adapters live in the layers above (`worker.queue`'s `InlineJobs` and `RqJobs`,
`messaging.notify`'s notifiers); the referee sees only these shapes, and the kinds of
job it asks for (`referee.jobs`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from events.ports import Store
from events.repository import GameLog
from messaging.notify import Notifier
from referee.jobs import Args, JobKind

if TYPE_CHECKING:
    from referee.recipients import Recipients

Clock = Callable[[], datetime]


class Jobs(Protocol):
    """Work to be done after a change of a game has been committed: each kind is
    declared once in `referee.jobs` (`SCORE`, `DEADLINE`, `BOT_TURN`, …)."""

    def enqueue(self, kind: JobKind[*Args], *args: *Args) -> None:
        """Ask for a job of `kind` with `args` (cheap and idempotent: one job per the
        kind's `once_per` is ever waiting or running; never raises)."""

    def close(self) -> None:
        """Stop whatever the adapter runs; later requests are dropped."""


class Context(Protocol):
    """Where the referee finds the game log and whom to tell (`worker.context.
    WorkerContext` is one: the API's and every job's)."""

    @property
    def store(self) -> Store: ...

    @property
    def log(self) -> GameLog: ...

    @property
    def notifier(self) -> Notifier: ...

    @property
    def jobs(self) -> Jobs: ...

    @property
    def recipients(self) -> Recipients: ...

    @property
    def reachable(self) -> Recipients:
        """The users who can be reached by mail or push (`referee.outreach_notices`)."""

    @property
    def clock(self) -> Clock: ...


class Observer(Protocol):
    """What the referee reports as it judges players' commands (the API's metrics)."""

    def vouched_decision(self, applied: bool) -> None:
        """A command was first decided on the cached state; `applied`: it stood."""

    def action_done(self, kind: str) -> None:
        """A player's command of type `kind` was applied (not an idempotent replay)."""


class Unobserved:
    """The observer that reports nothing (jobs, tests)."""

    def vouched_decision(self, applied: bool) -> None:
        pass

    def action_done(self, kind: str) -> None:
        pass
