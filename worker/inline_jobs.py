"""The jobs port in-process (`InlineJobs`): the embedded mode, no Redis.

A small thread pool and a timer thread in the server's own process run the same job
functions (`worker.jobs`) as RQ does. Webhook deliveries run on a pool of their own,
so a slow receiver never holds up scoring or deadlines.
"""

from __future__ import annotations

import heapq
import importlib
import itertools
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from referee.jobs import (
    AFTER_BOT_PAUSE,
    ANALYSIS,
    AT_GAME_TIME,
    DEADLINE,
    GAMES,
    SWEEP,
    WEBHOOKS,
    Args,
    JobKind,
)
from worker.context import WorkerContext, use_context

# (the logger's name from before the adapters had modules of their own)
log = logging.getLogger("worker.queue")


@dataclass(order=True)
class _Timed:
    at: float  # when to run: seconds on the clock of its heap
    seq: int
    key: str = field(compare=False)  # the job's id (`JobKind.job_id`)
    kind: JobKind[*tuple[Any, ...]] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)  # what the job was asked for with
    attempt: int = field(compare=False, default=0)
    # False: the key was given back when the job started (see `_tick`)
    holds_key: bool = field(compare=False, default=True)


class InlineJobs:
    """The jobs port in-process: the same job functions on a small thread pool.

    Each kind of job is read from its declaration (`referee.jobs`). `context_factory()`
    gives the context the jobs run with (the app's own). A job that raises is retried
    after its kind's `retries` (or `retry_intervals` seconds, when given: tests), then
    given up (the periodic sweep asks again for a game still unscored or overdue). A
    bot's move waits `bot_pause` seconds (on the pool's retry timer) before it runs.
    Asking again for work already waiting or running (the same job id) is a no-op.
    Jobs due at the games' time (deadlines) wait on a timer thread that reads the
    context's clock, so a test's clock moves them too; those due at the wall clock's
    (webhook attempts) wait on the same thread by the webhooks' clock. The webhook
    queue's jobs run on a pool of their own (`webhook_threads`), so a slow receiver
    never delays the game, and the analyses of finished games on a thread of theirs,
    so their playouts never delay a bot's move. Every
    `sweep_every` seconds (and once just after the start) the sweep runs, so work
    from before a restart is picked up. Threads start on first use and again in a
    forked child (gunicorn); `close()` stops them.
    """

    def __init__(self, context_factory: Callable[[], WorkerContext], *, threads: int = 2,
                 retry_intervals: Sequence[float] | None = None,
                 sweep_every: float | None = 30.0, first_sweep_after: float = 1.0,
                 poll: float = 1.0, webhook_threads: int = 4,
                 bot_pause: float = 0.0) -> None:
        self._factory = context_factory
        self._threads = threads
        self._webhook_threads = webhook_threads
        self._retry_intervals = None if retry_intervals is None else tuple(retry_intervals)
        self._sweep_every = sweep_every
        self._first_sweep_after = first_sweep_after
        self._poll = poll  # how often the timer looks at the (maybe injected) clock
        self._bot_pause = bot_pause  # seconds a bot waits before its move
        self._seq = itertools.count()
        self._reset()

    def _reset(self) -> None:
        self._pid = os.getpid()
        self._lock = threading.Condition()
        self._deadlines: list[_Timed] = []  # `at`: POSIX seconds on the context's clock
        # (kind, first argument) → its latest time in the heap (a superseding kind's)
        self._latest: dict[tuple[str, Any], float] = {}
        self._retries: list[_Timed] = []  # `at`: time.monotonic()
        self._webhooks: list[_Timed] = []  # `at`: POSIX seconds on the webhooks' clock
        self._keys: set[str] = set()  # job ids waiting, running or waiting to retry
        self._busy = 0  # jobs submitted to the pool and not yet done
        self._next_sweep: float | None = None
        self._pools: dict[str, ThreadPoolExecutor] = {}  # by the kind's queue
        self._timer: threading.Thread | None = None
        self._closed = False

    # -- the port ------------------------------------------------------------------------

    def enqueue(self, kind: JobKind[*Args], *args: *Args) -> None:
        """Run a job of `kind` (`referee.jobs`) with `args`: soon, after the bot pause,
        or at its time; once per the kind's job id."""
        task = _Timed(0.0, next(self._seq), kind.job_id(*args), kind, tuple(args))
        at = kind.at(*args)
        with self._started():
            if task.key in self._keys or self._closed:
                return  # the same work is already waiting or running
            if at is not None:
                task.at = at.timestamp()
                if kind.supersedes and not self._supersede(task):
                    return
                self._keys.add(task.key)
                heap = self._deadlines if kind.runs == AT_GAME_TIME else self._webhooks
                heapq.heappush(heap, task)
            elif kind.runs == AFTER_BOT_PAUSE and self._bot_pause > 0:
                self._keys.add(task.key)
                # (waits with the retries: on the monotonic clock, counted by `wait_idle`)
                task.at = time.monotonic() + self._bot_pause
                heapq.heappush(self._retries, task)
            else:
                self._keys.add(task.key)
                self._submit(task)
            self._lock.notify_all()

    def _supersede(self, task: _Timed) -> bool:
        """Note `task` as the latest of its kind for its first argument (holding the
        lock); False: an earlier time than the one noted (a late caller), nothing to
        do. The entry of the earlier one stays in the heap but is skipped when it
        comes up (see RqJobs._supersede)."""
        latest = self._latest.get(_first(task))
        if latest is not None and task.at < latest:
            return False
        self._latest[_first(task)] = task.at
        return True

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._deadlines.clear()
            self._latest.clear()
            self._retries.clear()
            self._webhooks.clear()
            self._lock.notify_all()
            timer = self._timer
            pools = list(self._pools.values())
        if self._pid != os.getpid():
            return
        if timer is not None and timer is not threading.current_thread():
            timer.join(timeout=5)
        for each in pools:
            # don't wait for a running job from inside one (a job may close its jobs)
            each.shutdown(wait=not _in_pool_thread(), cancel_futures=True)

    # -- for tests and the embedded server -----------------------------------------------

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until no job is running or due to retry; False if `timeout` passed."""
        end = time.monotonic() + timeout
        with self._lock:
            while self._busy or self._retries:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(min(left, 0.05))
        return True

    def pending(self) -> int:
        """Jobs handed to the threads and not yet done: the embedded server's queue
        depth (`ttr_queue_depth`). Deadlines and retries waiting for their time are
        not counted, as RQ's queue does not count its scheduled jobs."""
        with self._lock:
            return self._busy

    def pending_deadlines(self) -> list[tuple[str, datetime]]:
        """The deadlines waiting on the timer: (game id, at), soonest first."""
        with self._lock:
            return [(t.args[0], datetime.fromtimestamp(t.at, UTC))
                    for t in sorted(self._deadlines)
                    if t.kind is DEADLINE and self._latest.get(_first(t)) == t.at]

    # -- running -------------------------------------------------------------------------

    def _started(self) -> threading.Condition:
        """The lock, with the threads running in this process (started on first use)."""
        if self._pid != os.getpid():  # a forked child: the parent's threads are not here
            self._reset()
        with self._lock:
            if self._timer is None and not self._closed:
                self._pools = {
                    GAMES: ThreadPoolExecutor(self._threads, thread_name_prefix="ttr-job"),
                    WEBHOOKS: ThreadPoolExecutor(self._webhook_threads,
                                                 thread_name_prefix="ttr-job-webhook"),
                    # one analysis at a time, apart from the games' threads: a game's
                    # analysis (seconds of playouts) never holds up a bot's move
                    ANALYSIS: ThreadPoolExecutor(1, thread_name_prefix="ttr-job-analysis"),
                }
                if self._sweep_every is not None:
                    self._next_sweep = time.monotonic() + self._first_sweep_after
                self._timer = threading.Thread(target=self._tick, name="ttr-job-timer",
                                               daemon=True)
                self._timer.start()
        return self._lock

    def start(self) -> None:
        """Start the threads now (otherwise they start with the first request)."""
        self._started()

    def _submit(self, task: _Timed) -> None:
        # (holding the lock)
        pool = self._pools[task.kind.queue]
        self._busy += 1
        try:
            pool.submit(self._execute, task)
        except RuntimeError:  # the pool is shut down: we are closing
            self._busy -= 1
            self._keys.discard(task.key)

    def _execute(self, task: _Timed) -> None:
        failed: BaseException | None = None
        try:
            ctx = self._factory()
            # (by its dotted name, as RQ finds it: the job functions use this module's
            # context, which must not import them back)
            module, _, name = task.kind.function.rpartition(".")
            with use_context(ctx):
                getattr(importlib.import_module(module), name)(*task.kind.arguments(*task.args))
        except Exception as error:
            failed = error
        with self._lock:
            self._busy -= 1
            if failed is None or self._closed:
                if task.holds_key:
                    self._keys.discard(task.key)
            elif task.attempt < len(retries := self._retry_intervals or task.kind.retries):
                wait = retries[task.attempt]
                log.warning("job %s failed (%s: %s); retry %d in %.1f s", task.key,
                            type(failed).__name__, failed, task.attempt + 1, wait)
                heapq.heappush(self._retries, _Timed(
                    time.monotonic() + wait, next(self._seq), task.key, task.kind,
                    task.args, task.attempt + 1, task.holds_key))
            else:
                log.error("job %s failed %d times, given up (the sweep will ask again): "
                          "%s: %s", task.key, task.attempt + 1, type(failed).__name__,
                          failed)
                if task.holds_key:
                    self._keys.discard(task.key)
            self._lock.notify_all()

    def _tick(self) -> None:
        """The timer thread: hand due deadlines, retries and sweeps to the pool."""
        while True:
            now_clock: float | None
            now_hooks: float | None
            try:
                now_clock, now_hooks = self._clock_now(), self._webhook_now()
            except Exception as error:  # the context is not ready yet (the app is starting)
                log.debug("job timer: no clock yet: %s", error)
                now_clock = now_hooks = None
            with self._lock:
                if self._closed:
                    return
                now = time.monotonic()
                while self._retries and self._retries[0].at <= now:
                    self._submit(heapq.heappop(self._retries))
                while (now_clock is not None and self._deadlines
                       and self._deadlines[0].at <= now_clock):
                    task = heapq.heappop(self._deadlines)
                    if task.kind.supersedes:
                        # Give the key back as the job starts: a deadline job that
                        # finds its deadline not yet due asks for it again, and must
                        # be heard.
                        self._keys.discard(task.key)
                        latest = self._latest.get(_first(task))
                        if latest is not None and task.at < latest:
                            continue  # superseded by a later one of the same game
                        self._latest.pop(_first(task), None)
                        task.holds_key = False
                    self._submit(task)
                while (now_hooks is not None and self._webhooks
                       and self._webhooks[0].at <= now_hooks):
                    # (the key stays taken until the attempt is over: a sweep meanwhile
                    # asks for nothing twice; the next attempt has a key of its own)
                    self._submit(heapq.heappop(self._webhooks))
                if self._next_sweep is not None and self._next_sweep <= now:
                    assert self._sweep_every is not None
                    self._next_sweep = now + self._sweep_every
                    if SWEEP.job_id() not in self._keys:
                        self._keys.add(SWEEP.job_id())
                        self._submit(_Timed(0.0, next(self._seq), SWEEP.job_id(), SWEEP, ()))
                wait = self._poll
                if self._retries:
                    wait = min(wait, self._retries[0].at - now)
                if self._deadlines and now_clock is not None:
                    wait = min(wait, self._deadlines[0].at - now_clock)
                if self._webhooks and now_hooks is not None:
                    wait = min(wait, self._webhooks[0].at - now_hooks)
                if self._next_sweep is not None:
                    wait = min(wait, self._next_sweep - now)
                self._lock.wait(max(wait, 0.001))

    def _clock_now(self) -> float:
        return self._factory().clock().timestamp()

    def _webhook_now(self) -> float:
        return self._factory().webhooks.clock().timestamp()


def _in_pool_thread() -> bool:
    return threading.current_thread().name.startswith("ttr-job")


def _first(task: _Timed) -> tuple[str, Any]:
    """What a superseding job is the latest of: its kind and first argument (a game)."""
    return task.kind.name, task.args[0]
