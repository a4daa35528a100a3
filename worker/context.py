"""What a job needs to run: the store, the game log, the notifier, the jobs port, a clock,
how webhooks are delivered, how bots think, and the referee through which every change
goes.

A job function takes plain arguments (a game id) so that RQ can carry it by name;
it finds everything else through `current_context()`, in this order:

1. a context set for the current thread or task with `use_context(ctx)` (InlineJobs
   sets the app's own context around every job it runs; tests do the same);
2. a context installed for the whole process with `install_context(ctx)`;
3. the process's context, built once per process by the factory installed with
   `install_factory` (`ttr worker` installs the composition root's, made from its
   settings, before RQ forks any work-horse). Without one there is none: the worker
   never reaches up to the root (`bootstrap`) for it.

A context is never shared across a fork: database pools and Redis sockets belong to
the process that opened them, so a child process builds its own (the cache and the
installed context both remember the pid they were made in).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from events import GameLog
from events.ports import Store
from messaging.notify import Notifier
from referee.address_seal import AddressSeal
from referee.outreach import MailSender, PushSender
from referee.outreach_notices import Reachable
from referee.ports import Clock, Jobs, Observer
from referee.recipients import Recipients
from referee.referee import Referee
from worker.analyst import Analyst, stop_analyses
from worker.memory_outreach import MailInMemory, PushInMemory
from worker.thinking import Thinking

if TYPE_CHECKING:
    from worker.webhook_config import WebhookConfig

log = logging.getLogger(__name__)


def _store_clock() -> datetime:
    raise AssertionError("WorkerContext replaces this default with its store's clock")


def _webhook_config() -> WebhookConfig:
    from worker.webhook_config import WebhookConfig

    return WebhookConfig()


@dataclass
class WorkerContext:
    """Everything a job touches; one per process (or per app in the embedded mode)."""

    store: Store
    log: GameLog
    notifier: Notifier
    jobs: Jobs
    clock: Clock = _store_clock  # (the default stands for the store's own clock)
    # webhook delivery: settings, clock, recipients' cache
    webhooks: WebhookConfig = field(default_factory=_webhook_config)
    # what the referee reports as it judges players' commands (the API's metrics)
    observer: Observer | None = None
    # where and for how long bots think (the embedded mode: in processes of their own)
    thinking: Thinking = field(default_factory=Thinking)
    # how notices reach a player away from the table (the composition root picks the
    # adapters from the settings; memory where none is chosen, as in tests)
    mail: MailSender = field(default_factory=MailInMemory)
    push: PushSender = field(default_factory=PushInMemory)
    # what opens the players' sealed addresses (None: this installation keeps none)
    addresses: AddressSeal | None = None
    # where players reach the web client (`Settings.public_url`): links in mails
    public_url: str = "http://127.0.0.1:8000"
    # the users who can be reached by mail or push (the cache the referee asks)
    reachable: Reachable = field(default_factory=Reachable)
    # how the computer analysis of finished games is computed (none by default: the
    # composition root gives it the budget of `TTR_ANALYSIS_BUDGET`)
    analyst: Analyst = field(default_factory=Analyst)
    referee: Referee = field(init=False)

    def __post_init__(self) -> None:
        if self.clock is _store_clock:
            self.clock = self.store.clock
        self.referee = Referee(self, self.observer)

    @property
    def recipients(self) -> Recipients:
        """The users who have a webhook (the cache the referee's notices consult)."""
        return self.webhooks.recipients

    def stop_analysing(self) -> None:
        """End the analyses apart and start no other (the process is stopping): an
        analysis still queued, or the retry of one ended here, would start a process
        of its own that the jobs' threads, joined as the interpreter exits, wait out;
        the sweep asks for them again when a server starts."""
        self.analyst = Analyst(0.0)
        stop_analyses()

    def close(self) -> None:
        """Release what the context opened (jobs first: they may still use the store;
        before them, the analyses apart, which a stopping server does not wait for)."""
        self.stop_analysing()
        for part in (self.jobs, self.thinking, self.notifier, self.store):
            try:
                part.close()
            except Exception as error:  # closing is best effort
                log.warning("closing %s failed: %s", type(part).__name__, error)


_current: ContextVar[WorkerContext | None] = ContextVar("ttr_worker_context", default=None)
# (pid, context): the process-wide context, valid only in the process that made it
_installed: tuple[int, WorkerContext] | None = None
_built: tuple[int, WorkerContext] | None = None
_factory: Callable[[], WorkerContext] | None = None
_lock = threading.Lock()


def _reset_lock_after_fork() -> None:
    # A thread of the parent (e.g. the sweeper) may have held the lock at the fork;
    # the child has only one thread, so a fresh lock is always right.
    global _lock
    _lock = threading.Lock()


os.register_at_fork(after_in_child=_reset_lock_after_fork)


@contextmanager
def use_context(ctx: WorkerContext) -> Iterator[WorkerContext]:
    """Run the block (in this thread or task) with `ctx` as the current context."""
    token = _current.set(ctx)
    try:
        yield ctx
    finally:
        _current.reset(token)


def install_context(ctx: WorkerContext | None) -> None:
    """Make `ctx` the context of this process (None: go back to the built one)."""
    global _installed
    _installed = None if ctx is None else (os.getpid(), ctx)


def install_factory(factory: Callable[[], WorkerContext] | None) -> None:
    """How this process (and any child forked from it) builds its context when none is
    installed (None: from the environment's settings)."""
    global _factory
    _factory = factory


def current_context() -> WorkerContext:
    """The context a job runs with (see the module doc for the order)."""
    ctx = _current.get()
    if ctx is not None:
        return ctx
    installed = _installed
    if installed is not None and installed[0] == os.getpid():
        return installed[1]
    return process_context()


def process_context() -> WorkerContext:
    """This process's context from the installed factory (see the module doc), built
    once per process."""
    global _built
    cached = _built
    if cached is not None and cached[0] == os.getpid():
        return cached[1]
    with _lock:
        cached = _built
        if cached is not None and cached[0] == os.getpid():
            return cached[1]
        if _factory is None:
            raise LookupError("no worker context: none is set for this thread "
                              "(use_context), installed (install_context), or to be "
                              "built (install_factory, which `ttr worker` calls)")
        ctx = _factory()
        _built = (os.getpid(), ctx)
        return ctx


def forget_process_context() -> None:
    """Close and drop the process's context (tests; a worker shutting down)."""
    global _built
    with _lock:
        cached, _built = _built, None
    if cached is not None and cached[0] == os.getpid():
        cached[1].close()

