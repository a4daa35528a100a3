"""Where a bot thinks, and for how long: within a time budget, and in the embedded mode
in processes of its own, so that no request of the web process ever waits on a bot.

A decision is asked as a `Question`: the bot's level, its seat's view
(`bots.view.seat_view`), its legal moves and its rng — exactly what the agent is given
(`bots.agent.Agent.choose`) — and the budget. Nothing else crosses: no state, no seed,
no other hand. `answer(question)` is the decision itself, wherever it runs: the level's
agent, told to stop when the budget is spent (`bots.agent.within`: the strong agent's
playouts), plays its best answer so far; an agent that fails (a bug must not stall a
game) plays its first legal move. One budget whatever the table's size: the strong
agent needs its playouts most at the large tables, and a person there waits the bot
pause (a second by default) for every bot anyway. The keep at setup has a budget of
its own (`setup_budget`): it comes before anyone's first turn, while the people at the
table choose their own tickets (which takes them far longer), and between good players
it is the choice that decides most games (the strong agent settles a close one by
playouts, the expert plays its options out to the end).

`Thinking` is how the bots of one process think (`WorkerContext.thinking`):

- without processes (an RQ worker, a process apart from the web's already): right here;
- with processes (the embedded mode, whose jobs run inside the web process, under
  gevent where a second of a bot's CPU stalled every request): on up to `processes`
  thinking processes, each a fresh interpreter (`_THINKER`, never a fork of a
  monkey-patched process) started with the first question it is needed for, answering
  one question at a time over a pair of pipes (4-byte length, then a pickle). The
  caller waits for the answer on a selector, through gevent's hub when gevent runs the
  process, so every other request goes on. The thinking processes run at a lower
  priority (`NICENESS`): the web process comes first for the CPU.

A thinking process that dies, or does not answer within the budget and a `GRACE` (and
the time to start, for its first answer), is killed and the question raises
`ThinkingLost`: the bot's job fails and is retried (`referee.jobs.BOT_TURN`) with a new
process; after its retries the sweep asks again, so the bot's turn is never lost. A
process idle for `RETIRE_AFTER` is replaced before its next question, and one that
hears nothing for twice that long ends by itself (so does one whose parent is gone: its
questions' pipe closes). `close()` ends them all, as does the garbage collection of the
`Thinking`, or the interpreter's exit.
"""

from __future__ import annotations

import logging
import os
import pickle
import random
import select
import selectors
import signal
import struct
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bots.agent import within
from bots.levels import agent_for_level
from bots.play import checked_choice
from bots.view import SeatView
from domain.commands import Command
from referee.log_lines import log_as_json

log = logging.getLogger(__name__)

DEFAULT_BUDGET = 0.2  # seconds a decision may take (`Settings.bot_budget_ms`)
# seconds the keep at setup may take (`Settings.bot_setup_budget_ms`)
DEFAULT_SETUP_BUDGET = 5.0
# thinking processes of the embedded mode: as many as `InlineJobs` runs jobs at once
THINKING_PROCESSES = 2
# seconds beyond the budget before a silent thinking process counts as lost, and more
# for its first answer: its start (an interpreter importing the rules and the agents)
# on a busy machine
GRACE = 10.0
STARTING = 30.0
RETIRE_AFTER = 60.0  # seconds idle after which a thinking process is replaced
NICENESS = 5  # how much lower than the web process's a thinking process's priority is
_HEADER = struct.Struct(">I")
_THINKER = "from worker.thinking import main; raise SystemExit(main())"
_ROOT = str(Path(__file__).resolve().parent.parent)  # where `worker` is imported from
_starting = threading.Lock()  # (held for a moment, never across a wait)


class ThinkingLost(RuntimeError):
    """No answer came back: the thinking process died, did not answer in time, or the
    thinking is closed. The bot's job fails and is retried."""


class _Gone(ThinkingLost):
    """The thinking process is gone (its pipes closed)."""


@dataclass(frozen=True, slots=True)
class Question:
    """All a thinking process is told: what the agent is given, and its budget."""

    level: str  # one of `domain.stand_ins.BOT_LEVELS`
    view: SeatView
    moves: tuple[Command, ...]
    rng: random.Random
    budget: float  # seconds


def answer(question: Question, clock: Callable[[], float] = time.monotonic) -> Command:
    """The decision, here: the level's agent within the budget (see the module doc)."""
    deadline = clock() + question.budget
    agent = within(agent_for_level(question.level), lambda: clock() >= deadline)
    try:
        return checked_choice(agent, question.view, question.moves, question.rng)
    except Exception:
        log.exception("the %s bot failed to choose at seat %d; it plays its first legal "
                      "move", question.level, question.view.seat)
        return question.moves[0]


class Thinking:
    """How the bots of one process think: within `budget` seconds, here (`processes`
    0) or on up to `processes` thinking processes (see the module doc)."""

    def __init__(self, budget: float = DEFAULT_BUDGET, processes: int = 0, *,
                 setup_budget: float = DEFAULT_SETUP_BUDGET, grace: float = GRACE) -> None:
        self.budget = budget
        self.setup_budget = setup_budget
        self.processes = processes
        self._grace = grace
        self._pid = -1  # the process the locks and thinking processes below belong to
        self._closed = False
        self._lock = threading.Lock()
        self._idle: list[_Thinker] = []
        self._running: set[_Thinker] = set()  # every live thinking process (for close)
        self._free: threading.Semaphore | None = None
        self._finalizer: weakref.finalize[[set[_Thinker]], Thinking] | None = None

    def choose(self, level: str, view: SeatView, moves: Sequence[Command],
               rng: random.Random, *, budget: float | None = None) -> Command:
        """The command of the bot of `level` at `view`'s seat, among `moves`, within
        `budget` seconds (None: the budget for `view`, `budget_for`)."""
        question = Question(level, view, tuple(moves), rng,
                            self.budget_for(view) if budget is None else budget)
        if self.processes <= 0:
            return answer(question)
        return self._ask(question)

    def budget_for(self, view: SeatView) -> float:
        """Seconds the seat may think at `view`: the setup budget over the tickets dealt
        at setup, the budget for every other choice."""
        return self.setup_budget if view.phase == "setup" else self.budget

    def close(self) -> None:
        """End the thinking processes (a question asked later raises ThinkingLost)."""
        self._closed = True
        if self._pid != os.getpid():
            return  # (a forked child: the processes are its parent's)
        with self._lock:
            thinkers = list(self._running)
            self._running.clear()
            self._idle.clear()
        _end_all(thinkers)

    # -- the processes -------------------------------------------------------------------

    def _ask(self, question: Question) -> Command:
        free = self._started()
        free.acquire()  # (cooperative under gevent: the semaphore is made after patching)
        try:
            for attempt in (1, 2):
                thinker = self._take()
                try:
                    command = thinker.ask(question, question.budget + self._grace
                                          + (0.0 if thinker.answered else STARTING))
                except _Gone:
                    self._drop(thinker)
                    if attempt == 1 and thinker.answered:
                        # (it died while idle, unseen until asked: once more, anew)
                        continue
                    raise
                except BaseException:  # (gevent's Timeout and GreenletExit included)
                    self._drop(thinker)
                    raise
                with self._lock:
                    if self._closed:
                        self._drop(thinker)
                    else:
                        self._idle.append(thinker)
                return command
            raise AssertionError("unreachable")
        finally:
            free.release()

    def _started(self) -> threading.Semaphore:
        """The semaphore counting free processes, made in this process at first use
        (again in a forked child, whose parent's processes are not its own)."""
        if self._closed:
            raise ThinkingLost("the bots' thinking is closed")
        with _starting:
            if self._pid != os.getpid():
                self._pid = os.getpid()
                self._lock = threading.Lock()
                self._idle, self._running = [], set()
                self._free = threading.BoundedSemaphore(self.processes)
                # (at the garbage collection of this object, or at exit)
                self._finalizer = weakref.finalize(self, _end_all, self._running)
        assert self._free is not None
        return self._free

    def _take(self) -> _Thinker:
        """An idle thinking process still fresh, or a new one."""
        with self._lock:
            if self._closed:
                raise ThinkingLost("the bots' thinking is closed")
            while self._idle:
                thinker = self._idle.pop()
                if thinker.fresh():
                    return thinker
                self._running.discard(thinker)
                thinker.end()
            thinker = _Thinker()
            self._running.add(thinker)
            return thinker

    def _drop(self, thinker: _Thinker) -> None:
        with self._lock:
            self._running.discard(thinker)
        thinker.end()

    def thinking_pids(self) -> list[int]:
        """The process ids of the live thinking processes (tests, operators)."""
        with self._lock:
            return sorted(t.pid for t in self._running)


def _end_all(thinkers: Iterable[_Thinker]) -> None:
    for thinker in list(thinkers):
        thinker.end()


class _Thinker:
    """One thinking process and the two pipes to it (the parent's ends non-blocking)."""

    def __init__(self) -> None:
        questions_in, self._questions = os.pipe()
        self._answers, answers_out = os.pipe()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (_ROOT, env.get("PYTHONPATH", "")) if p)
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _THINKER], stdin=questions_in, stdout=answers_out,
                env=env, close_fds=True, start_new_session=True)
        except BaseException:
            os.close(self._questions)
            os.close(self._answers)
            raise
        finally:
            os.close(questions_in)
            os.close(answers_out)
        os.set_blocking(self._questions, False)
        os.set_blocking(self._answers, False)
        self.pid = self.process.pid
        self.used = time.monotonic()
        self.answered = False  # (not yet: it may still be starting)
        self._ended = False
        log.info("bots' thinking process %d started", self.pid)

    def fresh(self) -> bool:
        """Alive, and not idle for so long that it may be ending by itself."""
        return (self.process.poll() is None
                and time.monotonic() - self.used < RETIRE_AFTER)

    def ask(self, question: Question, patience: float) -> Command:
        """The process's answer to `question` within `patience` seconds (ThinkingLost
        otherwise)."""
        deadline = time.monotonic() + patience
        data = pickle.dumps(question, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            _send(self._questions, _HEADER.pack(len(data)) + data, deadline)
            (size,) = _HEADER.unpack(_receive(self._answers, _HEADER.size, deadline))
            command, seconds = pickle.loads(_receive(self._answers, size, deadline))
        except ThinkingLost as lost:
            raise ThinkingLost(f"bots' thinking process {self.pid}: {lost}") from None
        except (OSError, EOFError, pickle.UnpicklingError) as error:
            raise _Gone(f"bots' thinking process {self.pid} is gone: "
                        f"{type(error).__name__}: {error}") from error
        self.used = time.monotonic()
        self.answered = True
        log.debug("bots' thinking process %d answered in %.1f ms", self.pid, seconds * 1e3)
        if command not in question.moves:
            raise ThinkingLost(f"bots' thinking process {self.pid} answered {command!r}, "
                               "not a legal move")
        answered: Command = command
        return answered

    def end(self) -> None:
        if self._ended:
            return
        self._ended = True
        for fd in (self._questions, self._answers):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            self.process.kill()
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired) as error:
            log.warning("bots' thinking process %d did not end: %s", self.pid, error)


def _wait(fd: int, event: int, deadline: float) -> None:
    # (looked up now: gevent's monkey-patching puts its own selector in `selectors`)
    left = deadline - time.monotonic()
    with selectors.DefaultSelector() as selector:
        selector.register(fd, event)
        if left <= 0 or not selector.select(left):
            raise ThinkingLost("no answer in time")


def _send(fd: int, data: bytes, deadline: float) -> None:
    view = memoryview(data)
    while view:
        _wait(fd, selectors.EVENT_WRITE, deadline)
        try:
            view = view[os.write(fd, view):]
        except BlockingIOError:
            continue


def _receive(fd: int, size: int, deadline: float) -> bytes:
    got = bytearray()
    while len(got) < size:
        _wait(fd, selectors.EVENT_READ, deadline)
        try:
            chunk = os.read(fd, size - len(got))
        except BlockingIOError:
            continue
        if not chunk:
            raise EOFError("its answers' pipe is closed")
        got += chunk
    return bytes(got)


# -- inside a thinking process ------------------------------------------------------------


def main() -> int:
    """A thinking process: answer each question read from stdin on stdout, until the
    pipe closes or none comes for twice `RETIRE_AFTER`."""
    answers = os.dup(1)
    os.dup2(2, 1)  # a stray print goes to the log, not among the answers
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent says when to stop
    try:
        os.nice(NICENESS)
    except OSError:
        pass
    pid = os.getpid()
    log_as_json("warning", lambda: {"process": "thinking", "pid": pid})
    while True:
        ready, _, _ = select.select([0], [], [], 2 * RETIRE_AFTER)
        if not ready:
            return 0
        header = _read_exactly(0, _HEADER.size)
        if header is None:
            return 0  # the parent closed the pipe, or is gone
        body = _read_exactly(0, _HEADER.unpack(header)[0])
        if body is None:
            return 0
        question: Question = pickle.loads(body)
        started = time.monotonic()
        command = answer(question)
        reply = pickle.dumps((command, time.monotonic() - started),
                             protocol=pickle.HIGHEST_PROTOCOL)
        _write_all(answers, _HEADER.pack(len(reply)) + reply)


def _read_exactly(fd: int, size: int) -> bytes | None:
    got = bytearray()
    while len(got) < size:
        chunk = os.read(fd, size - len(got))
        if not chunk:
            return None
        got += chunk
    return bytes(got)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view):]
        except InterruptedError:
            continue
        except BrokenPipeError:
            raise SystemExit(0) from None  # the parent is gone

