"""What the referee needs from outside the rules: the job queue, the notifier, a clock,
and the place it finds them all (`Context`).

The adapters live in the layers above (`worker.queue`'s `InlineJobs` and `RqJobs`,
`messaging.notify`'s notifiers); the referee sees only these shapes.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from events.repository import GameLog
from events.sql import SqlStore
from messaging.notify import Notifier

if TYPE_CHECKING:
    from referee.notices import Recipients

Clock = Callable[[], datetime]


class Jobs(Protocol):
    """Work to be done after a change of a game has been committed."""

    def score(self, game_id: str) -> None:
        """Score the ended game `game_id` (once, whoever asks and how often)."""

    def deadline(self, game_id: str, at: datetime) -> None:
        """Enforce the turn deadline `at` of `game_id` at that moment."""

    def webhook_fan_out(self, game_id: str, version: int,
                        notices: list[dict[str, Any]]) -> None:
        """Store and send the webhook deliveries of version `version` of `game_id`
        (`referee.notices.Notice.as_dict` each; once per game and version)."""

    def webhook(self, delivery_id: str, at: datetime) -> None:
        """Make the next attempt of webhook delivery `delivery_id` at `at`."""

    def bot_turn(self, game_id: str, version: int) -> None:
        """Let the bot that must act in `game_id` at `version` play its move (after the
        adapter's pause; once per game and version: a later version has its own)."""

    def ratings(self, game_id: str) -> None:
        """Project the scored games (`game_id`'s and any before it) onto the ratings."""

    def close(self) -> None:
        """Stop whatever the adapter runs; later requests are dropped."""


class Context(Protocol):
    """Where the referee finds the game log and whom to tell (`worker.context.
    WorkerContext` is one: the API's and every job's)."""

    @property
    def store(self) -> SqlStore: ...

    @property
    def log(self) -> GameLog: ...

    @property
    def notifier(self) -> Notifier: ...

    @property
    def jobs(self) -> Jobs: ...

    @property
    def recipients(self) -> Recipients: ...

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
