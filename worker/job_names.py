"""The names of the job queues, which the job adapters and `ttr worker` share (what each
kind of job is, and which of the two it goes to: `referee.jobs`)."""

from __future__ import annotations

from referee.settings import DEFAULT_QUEUE

__all__ = ["DEFAULT_QUEUE", "webhook_queue_name"]


def webhook_queue_name(queue: str) -> str:
    """The queue of a queue's webhook jobs: `ttr` → `ttr-webhooks`. Their own queue, so
    a receiver that hangs for its whole timeout keeps webhook jobs waiting, never a
    score or a deadline (workers take the game queue first)."""
    return f"{queue}-webhooks"
