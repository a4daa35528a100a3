"""The names of the job queues, which the job adapters and `ttr worker` share (what each
kind of job is, and which of the three it goes to: `referee.jobs`)."""

from __future__ import annotations

from referee.jobs import ANALYSIS, GAMES, WEBHOOKS
from referee.settings import DEFAULT_QUEUE

__all__ = ["DEFAULT_QUEUE", "analysis_queue_name", "queue_names", "webhook_queue_name",
           "worked_queues"]


def webhook_queue_name(queue: str) -> str:
    """The queue of a queue's webhook jobs: `ttr` → `ttr-webhooks`. Their own queue, so
    a receiver that hangs for its whole timeout keeps webhook jobs waiting, never a
    score or a deadline (workers take the game queue first)."""
    return f"{queue}-webhooks"


def analysis_queue_name(queue: str) -> str:
    """The queue of a queue's game analyses: `ttr` → `ttr-analysis`. Their own queue,
    worked by a process of its own at a lower priority (`ttr worker`), so the seconds
    of playouts a finished game's analysis takes never keep a bot's move or a score
    waiting."""
    return f"{queue}-analysis"


def queue_names(queue: str) -> dict[str, str]:
    """RQ's name of each of `referee.jobs`' queues, for the game queue `queue`."""
    return {GAMES: queue, WEBHOOKS: webhook_queue_name(queue),
            ANALYSIS: analysis_queue_name(queue)}


def worked_queues(queue: str, jobs: str) -> list[str]:
    """The queues a `ttr worker --jobs JOBS` process takes jobs from, first to last:
    `all` takes the games' and the webhooks' (its analysis process the analyses')."""
    names = queue_names(queue)
    kinds = {"all": (GAMES, WEBHOOKS), "games": (GAMES,), "webhooks": (WEBHOOKS,),
             "analysis": (ANALYSIS,)}[jobs]
    return [names[kind] for kind in kinds]
