"""What a job needs to run: the store, the game log, the notifier, the jobs port, a clock,
and how webhooks are delivered.

A job function takes plain arguments (a game id) so that RQ can carry it by name;
it finds everything else through `current_context()`, in this order:

1. a context set for the current thread or task with `use_context(ctx)` (InlineJobs
   sets the app's own context around every job it runs; tests do the same);
2. a context installed for the whole process with `install_context(ctx)`;
3. `context_from_env()`: built once per process from the `TTR_*` environment (the
   `ttr worker` process and the work-horses RQ forks from it).

A context is never shared across a fork: database pools and Redis sockets belong to
the process that opened them, so a child process builds its own (the cache and the
installed context both remember the pid they were made in).
"""

from __future__ import annotations

import importlib
import logging
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from events import GameLog, SqlStore, open_store
from events.notify import LocalNotifier, Notifier, RedisNotifier

if TYPE_CHECKING:
    from worker.queue import Jobs
    from worker.webhooks import WebhookConfig

log = logging.getLogger(__name__)

# The environment a worker process reads (the API's settings use the same names).
DATABASE_URL = "TTR_DATABASE_URL"
REDIS_URL = "TTR_REDIS_URL"
QUEUE_NAME = "TTR_QUEUE"  # the RQ queue; default "ttr" (one Redis may serve several installs)
# `module:function` returning a WorkerContext, used instead of the one built from the
# environment: a hook for tests (e.g. a deliberately slow context) and for embedding.
CONTEXT_FACTORY = "TTR_WORKER_CONTEXT"
# seconds without a heartbeat after which a started job counts as abandoned (`ttr
# worker` sets it from its heartbeat interval, for itself and the work-horses it forks)
STALE_AFTER = "TTR_JOB_STALE_AFTER"

Clock = Callable[[], datetime]
WORKER_CACHE_SIZE = 256


def _store_clock() -> datetime:
    raise AssertionError("WorkerContext replaces this default with its store's clock")


def _webhook_config() -> WebhookConfig:
    from worker.webhooks import WebhookConfig

    return WebhookConfig.from_env()


@dataclass
class WorkerContext:
    """Everything a job touches; one per process (or per app in the embedded mode)."""

    store: SqlStore
    log: GameLog
    notifier: Notifier
    jobs: Jobs
    clock: Clock = _store_clock  # (the default stands for the store's own clock)
    # webhook delivery: settings (TTR_WEBHOOK_ALLOW_PRIVATE), clock, recipients' cache
    webhooks: WebhookConfig = field(default_factory=_webhook_config)

    def __post_init__(self) -> None:
        if self.clock is _store_clock:
            self.clock = self.store.clock

    def close(self) -> None:
        """Release what the context opened (jobs first: they may still use the store)."""
        for part in (self.jobs, self.notifier, self.store):
            try:
                part.close()
            except Exception as error:  # closing is best effort
                log.warning("closing %s failed: %s", type(part).__name__, error)


_current: ContextVar[WorkerContext | None] = ContextVar("ttr_worker_context", default=None)
# (pid, context): the process-wide context, valid only in the process that made it
_installed: tuple[int, WorkerContext] | None = None
_from_env: tuple[int, WorkerContext] | None = None
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
    """Make `ctx` the context of this process (None: go back to the environment's)."""
    global _installed
    _installed = None if ctx is None else (os.getpid(), ctx)


def current_context() -> WorkerContext:
    """The context a job runs with (see the module doc for the order)."""
    ctx = _current.get()
    if ctx is not None:
        return ctx
    installed = _installed
    if installed is not None and installed[0] == os.getpid():
        return installed[1]
    return context_from_env()


def context_from_env() -> WorkerContext:
    """This process's context from `TTR_DATABASE_URL` and `TTR_REDIS_URL`, built once.

    Without `TTR_REDIS_URL` the jobs run in-process (`InlineJobs`) and notifications
    stay in the process, as in the embedded server. `TTR_QUEUE` names the RQ queue
    (default ``ttr``); `TTR_WORKER_CONTEXT` (``module:function``) replaces the whole
    thing with a context of one's own (tests use it to slow a job down).
    """
    global _from_env
    cached = _from_env
    if cached is not None and cached[0] == os.getpid():
        return cached[1]
    with _lock:
        cached = _from_env
        if cached is not None and cached[0] == os.getpid():
            return cached[1]
        ctx = _build_from_env()
        _from_env = (os.getpid(), ctx)
        return ctx


def forget_context_from_env() -> None:
    """Close and drop the cached context (tests; a worker shutting down)."""
    global _from_env
    with _lock:
        cached, _from_env = _from_env, None
    if cached is not None and cached[0] == os.getpid():
        cached[1].close()


def _build_from_env() -> WorkerContext:
    factory = os.environ.get(CONTEXT_FACTORY, "").strip()
    if factory:
        module_name, _, name = factory.partition(":")
        built = getattr(importlib.import_module(module_name), name)()
        if not isinstance(built, WorkerContext):
            raise TypeError(f"{factory} returned {type(built).__name__}, not a WorkerContext")
        return built
    stale = os.environ.get(STALE_AFTER, "").strip()
    return build_context(os.environ.get(DATABASE_URL) or None,
                         os.environ.get(REDIS_URL, "").strip() or None,
                         queue=os.environ.get(QUEUE_NAME, "").strip() or None,
                         stale_after=float(stale) if stale else None)


def build_context(database_url: str | None, redis_url: str | None, *,
                  queue: str | None = None, stale_after: float | None = None) -> WorkerContext:
    """A new context on `database_url` (None: the embedded SQLite file) and `redis_url`.

    With Redis: RQ jobs on `queue` and Redis pub/sub notifications. Without: jobs run
    in-process (`InlineJobs`) and notifications stay in the process. The store is
    not migrated here: the API (or `ttr worker` at its start) does that once.
    """
    from worker.queue import DEFAULT_QUEUE, DEFAULT_STALE_AFTER, InlineJobs, RqJobs

    store = open_store(database_url)
    holder: list[WorkerContext] = []
    jobs: Jobs
    notifier: Notifier
    if redis_url:
        jobs = RqJobs(redis_url, queue=queue or DEFAULT_QUEUE,
                      stale_after=stale_after or DEFAULT_STALE_AFTER)
        notifier = RedisNotifier(redis_url)
    else:
        jobs = InlineJobs(lambda: holder[0])
        notifier = LocalNotifier()
    # A worker meets each game once or twice (its end, a deadline): a small cache of
    # states is plenty, and keeps a long-running worker's memory flat.
    ctx = WorkerContext(store=store, log=GameLog(store, cache_size=WORKER_CACHE_SIZE),
                        notifier=notifier, jobs=jobs)
    holder.append(ctx)
    return ctx
