"""The process that works the analysis queue beside a `ttr worker --jobs all` (or
`--jobs games`).

A finished game's analysis is seconds of playouts (`TTR_ANALYSIS_BUDGET`). Run in the
worker that also runs bots' moves, scores and deadlines, it would hold each of them up
that long (jobs of one RQ worker run one after another). So the analyses have a queue
of their own (`worker.job_names.analysis_queue_name`), and a worker taking the game
queue's jobs starts a second worker process for that queue alone: the same command with
``--jobs analysis``, which lowers its own priority (`lower_priority`) so the machine's
CPU goes to requests and bots first. It stops with its parent: when the parent stops
(`AnalysisProcess.stop`), and, on Linux, when the parent dies without stopping it (the
kernel sends it SIGTERM); it is started again if it ends while the parent runs. A
deployment that runs ``--jobs analysis`` workers of its own passes
``--no-analysis-process`` to the others.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence

from referee.settings import ENV

log = logging.getLogger("worker")

NICENESS = 10  # an analysis comes after requests, bots and the game queue's jobs
STOP_WITHIN = 10.0  # seconds a stopping analysis worker gets before it is killed
RESTART_AFTER = 2.0  # seconds between looks at whether it still runs
_PR_SET_PDEATHSIG = 1


def companion_arguments(argv: Sequence[str]) -> list[str]:
    """`ttr worker`'s arguments for the analysis process: the parent's, its queue and
    log level included, with ``--jobs analysis`` and its name marked as the parent's."""
    out: list[str] = []
    skip = False
    for i, arg in enumerate(argv):
        if skip:
            skip = False
            continue
        if arg in ("--jobs", "--name"):
            skip = True
            if arg == "--name" and i + 1 < len(argv):
                out += ["--name", f"{argv[i + 1]}-analysis"]
            continue
        if arg.startswith(("--jobs=", "--name=")):
            if arg.startswith("--name="):
                out.append(f"{arg}-analysis")
            continue
        out.append(arg)
    return [*out, "--jobs", "analysis"]


def _dying_with_parent() -> Callable[[], None] | None:
    """What the child runs between fork and exec so that it gets SIGTERM when its
    parent dies, even by SIGKILL (Linux; elsewhere None). libc is found here, in the
    parent: finding it runs a program, which a forked child of a threaded process must
    not."""
    libc_name = ctypes.util.find_library("c")
    if not (sys.platform.startswith("linux") and libc_name):
        return None
    prctl = ctypes.CDLL(libc_name, use_errno=True).prctl
    return lambda: prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


def _spawn(argv: Sequence[str]) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env.pop(ENV["worker_metrics_port"], None)  # the parent's port: served by the parent
    command = [sys.executable, "-m", "bootstrap.worker", *companion_arguments(argv)]
    child = subprocess.Popen(command, env=env, preexec_fn=_dying_with_parent())
    log.info("analysis worker started (pid %d)", child.pid)
    return child


class AnalysisProcess:
    """The analysis worker of a worker started with `argv` (`ttr worker`'s): started
    now, started again by a watching thread whenever it ends while its parent runs (a
    crash, a kill: the analyses would stop unseen, since only the parent tells the API
    it is there), at most once per `RESTART_AFTER` seconds; `stop` ends it."""

    def __init__(self, argv: Sequence[str]) -> None:
        self._argv = list(argv)
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self.child = _spawn(self._argv)
        self._watch = threading.Thread(target=self._keep_running, daemon=True,
                                       name="ttr-analysis-process")
        self._watch.start()

    def _keep_running(self) -> None:
        while not self._stopping.wait(RESTART_AFTER):
            with self._lock:
                if self._stopping.is_set() or self.child.poll() is None:
                    continue
                log.warning("analysis worker (pid %d) ended with status %s: starting it "
                            "again", self.child.pid, self.child.returncode)
                self.child = _spawn(self._argv)

    def stop(self) -> None:
        """Stop the analysis worker: SIGTERM, then SIGKILL if it has not ended in time
        (its job, if one was running, is taken up again by the sweep)."""
        self._stopping.set()
        with self._lock:
            child = self.child
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(STOP_WITHIN)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        self._watch.join(timeout=STOP_WITHIN)


def lower_priority() -> None:
    """Give this process's CPU way to the others' (the analysis worker's own start)."""
    try:
        os.nice(NICENESS)
    except OSError as error:  # (not allowed here: it still works, at the same priority)
        log.warning("analysis worker: could not lower its priority: %s", error)
