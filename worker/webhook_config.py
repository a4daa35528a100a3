"""How a process delivers webhooks (`WebhookConfig`: the retry schedule, the timeout, the
clock, the recipients' cache and the sender), apart from the delivery jobs so that the
worker's context can hold one without importing the jobs that use the context."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from events.clock import utcnow
from referee.recipients import Recipients
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
