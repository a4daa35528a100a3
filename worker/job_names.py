"""The names the job adapters share: the queues, and the webhook jobs by the names they
are queued under (RQ imports a job's function by its dotted name)."""

from __future__ import annotations

DEFAULT_QUEUE = "ttr"
# the webhook job functions, by the names RQ imports them by
FAN_OUT = "worker.webhooks.fan_out_webhooks"
DELIVER = "worker.webhooks.deliver_webhook"


def webhook_queue_name(queue: str) -> str:
    """The queue of a queue's webhook jobs: `ttr` → `ttr-webhooks`. Their own queue, so
    a receiver that hangs for its whole timeout keeps webhook jobs waiting, never a
    score or a deadline (workers take the game queue first)."""
    return f"{queue}-webhooks"
