"""A benchmark's processes start their timed window together, once every one is ready.

A fixed delay before the window ("start in two seconds") breaks unseen on a loaded
machine: a process that is still importing when the window opens measures part of it,
or none, and the figures drop (bench/store.py's 8-writer ratio fell from 0.56 to 0.03)
or the script fails later on an empty list. So each process of a `Crew` gets ready
(imports, connections, accounts), says so, and waits; the parent opens the window
when all have said so, and every process measures from that same moment. A process
that dies, or is not ready within the time-out, makes the run `CannotMeasure` (one
line), and so does one that fails while measuring: its error comes back as a line.

    with Crew(ctx, "writer", ready_within=60) as crew:
        crew.start(_writer, (url, seconds), count=8)   # _writer(crew, url, seconds)
        opened_at = crew.open()                         # the window opens
        results = crew.results(within=seconds + 60)     # what each target returned
"""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Callable
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from types import TracebackType
from typing import Any

from bench.outcome import CannotMeasure, one_line

POLL = 0.2  # seconds between looks at whether a process has died


class Crew:
    """Processes of one measurement, started together (see the module's docstring)."""

    def __init__(self, ctx: BaseContext, role: str, ready_within: float = 120.0) -> None:
        self.role = role
        self.ready_within = ready_within
        self._news: Any = ctx.Queue()
        self._go: Any = ctx.Event()
        self._opened_at: Any = ctx.Value("d", 0.0)
        self._ctx = ctx
        self.processes: list[BaseProcess] = []

    def __getstate__(self) -> dict[str, Any]:
        # what a process of the crew needs (its context and processes stay here)
        return {"role": self.role, "ready_within": self.ready_within, "_news": self._news,
                "_go": self._go, "_opened_at": self._opened_at, "processes": []}

    # -- in the parent ---------------------------------------------------------------

    def start(self, target: Callable[..., Any], args: tuple[Any, ...], count: int = 1,
              ) -> list[BaseProcess]:
        """Start `count` processes running `target(crew, *args)`."""
        started = [self._ctx.Process(target=_member, args=(self, target, args),  # type: ignore[attr-defined]
                                     daemon=True) for _ in range(count)]
        for process in started:
            process.start()
        self.processes += started
        return started

    def open(self) -> float:
        """Wait until every process is ready, then open the window for all at once; the
        moment it opened (`time.time()`)."""
        deadline = time.monotonic() + self.ready_within
        ready = 0
        while ready < len(self.processes):
            news = self._next(deadline, f"{ready} of {len(self.processes)} {self.role} "
                                        f"processes were ready after {self.ready_within:g} s "
                                        "(the machine is too busy?)")
            if news[0] == "ready":
                ready += 1
            elif news[0] == "done":  # (a target that never called ready())
                raise CannotMeasure(f"a {self.role} process ended before the window opened")
        self._opened_at.value = opened_at = time.time()
        self._go.set()
        return opened_at

    def results(self, within: float) -> list[Any]:
        """What each process's target returned, once all have ended."""
        deadline = time.monotonic() + within
        found: list[Any] = []
        while len(found) < len(self.processes):
            news = self._next(deadline, f"{len(self.processes) - len(found)} {self.role} "
                                        f"processes had not finished after {within:g} s")
            if news[0] == "done":
                found.append(news[1])
        for process in self.processes:
            process.join(10)
        return found

    def _next(self, deadline: float, late: str) -> tuple[Any, ...]:
        while True:
            try:
                news: tuple[Any, ...] = self._news.get(timeout=POLL)
            except queue.Empty:
                if time.monotonic() > deadline:
                    raise CannotMeasure(late) from None
                for process in self.processes:
                    if process.exitcode not in (None, 0):
                        # it may have said why just before it ended
                        try:
                            news = self._news.get(timeout=1)
                        except queue.Empty:
                            raise CannotMeasure(f"a {self.role} process died (exit status "
                                                f"{process.exitcode})") from None
                        break
                else:
                    continue
            if news[0] == "failed":
                raise CannotMeasure(f"a {self.role} process failed: {news[1]}")
            return news

    def __enter__(self) -> Crew:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        for process in self.processes:  # on a failure, those still waiting or measuring
            if process.is_alive():
                process.terminate()
        for process in self.processes:
            process.join(10)

    # -- in a process of the crew ------------------------------------------------------

    def ready(self) -> float:
        """Say this process is ready and wait for the window: the moment it opened."""
        self._news.put(("ready", os.getpid()))
        if not self._go.wait(self.ready_within + 30):
            raise CannotMeasure("the window never opened")
        return float(self._opened_at.value)


def _member(crew: Crew, target: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """A crew process's body: its target's result, or its error as one line (no
    traceback on the benchmark's stderr; the parent says what went wrong)."""
    try:
        result = target(crew, *args)
    except BaseException as error:  # noqa: BLE001 — reported, not lost
        crew._news.put(("failed", f"{type(error).__name__}: {one_line(error)}"))
        crew._news.close()
        crew._news.join_thread()
        raise SystemExit(1) from None
    crew._news.put(("done", result))
    crew._news.close()
    crew._news.join_thread()
