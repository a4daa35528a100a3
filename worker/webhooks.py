"""Webhooks: delivering the messages a change of a game calls for — signed, retried.

**Who hears what** is the referee's to say (`referee.notices`: `notices(outcome)` and
`hand_over`, which gives them to one fan-out job per game and version). Here: how a
process delivers them (`WebhookConfig`), and the two jobs by the names they are queued
under.

**Delivering** (`worker.webhook_delivery`): each delivery is claimed, signed, POSTed
through the sender port (`worker.webhook_sender`) and retried on the schedule of
`WebhookConfig`; the jobs keep their queued names here (`fan_out_webhooks`,
`deliver_webhook`) so that jobs queued by an earlier release still run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from events.clock import utcnow
from referee.notices import Recipients
from worker.webhook_sender import HttpSender, WebhookSender

# seconds to wait after each failed attempt; one attempt more than there are waits
RETRY_DELAYS: tuple[float, ...] = (10, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800,
                                   28800)
TIMEOUT = 5.0  # seconds an attempt may take

Clock = Callable[[], datetime]


@dataclass
class WebhookConfig:
    """How a process delivers webhooks (`WorkerContext.webhooks`)."""

    allow_private: bool = False  # Settings.webhook_allow_private
    retry_delays: tuple[float, ...] = RETRY_DELAYS
    timeout: float = TIMEOUT
    clock: Clock = utcnow
    recipients: Recipients = field(default_factory=Recipients)
    # how an attempt is sent (tests plug in a fake: `worker.webhook_sender`)
    sender: WebhookSender = field(default_factory=HttpSender)

    def retry_after(self, attempt: int) -> float | None:
        """Seconds from failed attempt number `attempt` to the next; None: give up."""
        if attempt > len(self.retry_delays):
            return None
        return float(self.retry_delays[attempt - 1])


# -- the jobs, by the names they are queued under (`worker.queue.FAN_OUT`, `DELIVER`) ---

def fan_out_webhooks(game_id: str, notices: Sequence[Mapping[str, Any]]) -> int:
    """The fan-out job (`worker.webhook_delivery.fan_out_webhooks`)."""
    from worker import webhook_delivery

    return webhook_delivery.fan_out_webhooks(game_id, notices)


def deliver_webhook(delivery_id: str) -> str:
    """The delivery job (`worker.webhook_delivery.deliver_webhook`)."""
    from worker import webhook_delivery

    return webhook_delivery.deliver_webhook(delivery_id)
