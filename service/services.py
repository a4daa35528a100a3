"""What a request works with, and how a view finds it: `services()`, the `Services` the
composition root built for this app (kept in `current_app.extensions["ttr"]`).

This module sits below every view and above nothing of the HTTP layer: the views and
the middleware import it, never the module that builds the app, so building the app
and serving a request do not import each other.

What the API asks of the worker side is said here as ports, and the composition root
hands in the worker's adapters: whether workers take the game queue's jobs
(`WorkerPresence`: `worker.presence.QueuePresence`), and the webhook checks and pings
(`WebhookDesk`: `worker.webhook_delivery.ContextWebhooks`), and a learner's hints
(`HintDesk`: `worker.hints.ContextHints`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from flask import current_app

from events import GameLog
from events.ports import Store
from events.webhooks import Delivery
from messaging.notify import Notifier
from messaging.spectators import MemorySpectators, Spectators
from referee.hints import Hint
from referee.ports import Context, Jobs
from referee.referee import Referee
from referee.settings import Settings
from service.auth import Accounts
from service.config import HttpSettings
from service.mail_addresses import Mailing
from service.ratelimit import Limiter


class Core(Context, Protocol):
    """The bootstrap's context as the API uses it (the same as a worker's): what the
    referee finds there, the referee itself, and closing it all."""

    @property
    def referee(self) -> Referee: ...

    def stop_analysing(self) -> None:
        """End the analyses of finished games this process runs, and start no other
        (it is stopping)."""

    def close(self) -> None: ...


class Sighting(Protocol):
    """When a worker of the game queue was last heard."""

    @property
    def absent_for(self) -> float | None:
        """None while one was heard lately, else seconds since the last one."""

    def describe(self) -> str:
        """`ok`, or how long none has been seen (for `/readyz`)."""


class WorkerPresence(Protocol):
    """Whether any worker takes the game queue's jobs (a score waits for one)."""

    def seen(self) -> Sighting | None:
        """The queue's workers as last heard; None when no worker is expected (jobs run
        in this process) or that cannot be read just now."""


class WebhookDesk(Protocol):
    """What the webhook resources ask of webhook delivery."""

    def refusal(self, url: str) -> str | None:
        """Why `url` cannot be a webhook (its host is private, …), or None if it can."""

    def ping(self, user_id: str) -> Delivery | None:
        """A `ping` delivery to the user's webhook, on its way; None without a webhook."""

    def registrations_changed(self) -> None:
        """A webhook was registered or removed: this process reads them again."""


class HintDesk(Protocol):
    """What the hints resource asks of the bots' thinking."""

    def hint(self, game_id: str, user_id: str) -> Hint:
        """The strong agent's command for the seat of `user_id`, thought out from that
        seat's view apart from this process, and recorded (`Referee.hint`)."""


class WrittenMarks(Protocol):
    """Each user's last write, as the primary's WAL position in bytes: what their reads
    from the replica wait for (`service.replica_reads` has the two kinds)."""

    def note(self, user_id: str, mark: int) -> None:
        """Remember `mark` for `user_id` (a lower one than kept changes nothing)."""

    def floor_of(self, user_id: str) -> int | None:
        """The mark kept for `user_id`: None if none (or it lapsed); `UNKNOWN_FLOOR`
        (`events.replica`) if it cannot be read just now (only the primary is then sure
        to be fresh)."""


@dataclass
class Services:
    """Everything a request needs, built once per process: the bootstrap's context (the
    same as a worker's), the API's own accounts and rate limits, and the worker's
    adapters of the ports above; the application's settings and the HTTP server's."""
    settings: Settings
    http: HttpSettings
    worker: Core
    accounts: Accounts
    limiter: Limiter
    workers: WorkerPresence
    webhooks: WebhookDesk
    hints: HintDesk
    # players' addresses and the mail sent to them (`service.mail_addresses`)
    mailing: Mailing
    # the VAPID public key browsers subscribe with (applicationServerKey form); None: no
    # push is offered here
    push_key: str | None = None
    # each user's last write, for read-your-writes on the read replica
    # (`service.replica_reads`); None: no replica, every read sees every write
    marks: WrittenMarks | None = None
    # who watches each game now without a seat (`service.spectating`): shared by every
    # API process through Redis, or this process's own
    spectators: Spectators = field(default_factory=lambda: MemorySpectators(60.0))

    @property
    def store(self) -> Store:
        return self.worker.store

    @property
    def log(self) -> GameLog:
        return self.worker.log

    @property
    def notifier(self) -> Notifier:
        return self.worker.notifier

    @property
    def jobs(self) -> Jobs:
        return self.worker.jobs

    @property
    def referee(self) -> Referee:
        return self.worker.referee

    def close(self) -> None:
        self.worker.close()


def services() -> Services:
    """The services of the app serving this request."""
    found: Services = current_app.extensions["ttr"]
    return found
