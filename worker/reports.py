"""What jobs report as they run — a game scored and how long it took, a webhook
attempt that failed — to whoever counts it in this process.

`worker/` may not import the service, so the process's composition root (the API's
`build_services`, or `ttr worker` when it serves metrics) hands its counters in with
`report_to`. Until then, and in processes that count nothing, reports go nowhere. A
report never fails a job: a counter that raises is logged and forgotten.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Listeners:
    """The callables that receive this process's reports (None: not counted)."""

    game_scored: Callable[[float], None] | None = None  # seconds the scoring took
    webhook_failed: Callable[[], None] | None = None  # one failed delivery attempt


_listeners = Listeners()


def report_to(listeners: Listeners) -> None:
    """Send this process's reports to `listeners` from now on (replacing the last)."""
    global _listeners
    _listeners = listeners


def listeners() -> Listeners:
    """Where reports go now."""
    return _listeners


def game_scored(seconds: float) -> None:
    """A game was scored; it took `seconds` (reading it, scoring, appending)."""
    _call(_listeners.game_scored, seconds)


def webhook_failed() -> None:
    """A webhook delivery attempt failed (it may be retried)."""
    _call(_listeners.webhook_failed)


def _call(listener: Callable[..., None] | None, *args: float) -> None:
    if listener is None:
        return
    try:
        listener(*args)
    except Exception:  # a metric must never fail the job it measures
        log.exception("a report listener failed")
