"""Webhooks: delivering the messages a change of a game calls for — signed, retried.

**Who hears what** is the referee's to say (`referee.notices`: `notices(outcome)` and
`hand_over`, which gives them to one fan-out job per game and version). How a process
delivers them is `worker.webhook_config.WebhookConfig`; here are the two jobs, by the
names they are queued under.

**Delivering** (`worker.webhook_delivery`): each delivery is claimed, signed, POSTed
through the sender port (`worker.webhook_sender`) and retried on the schedule of
`WebhookConfig`; the jobs keep their queued names here (`fan_out_webhooks`,
`deliver_webhook`) so that jobs queued by an earlier release still run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from worker import webhook_delivery

__all__ = ["deliver_webhook", "fan_out_webhooks"]

# -- the jobs, by the names they are queued under (`referee.jobs`: WEBHOOK_FAN_OUT, WEBHOOK)

def fan_out_webhooks(game_id: str, notices: Sequence[Mapping[str, Any]]) -> int:
    """The fan-out job (`worker.webhook_delivery.fan_out_webhooks`)."""
    return webhook_delivery.fan_out_webhooks(game_id, notices)


def deliver_webhook(delivery_id: str) -> str:
    """The delivery job (`worker.webhook_delivery.deliver_webhook`)."""
    return webhook_delivery.deliver_webhook(delivery_id)
