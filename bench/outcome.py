"""How a benchmark ends: its figures, or one line saying why it could not measure.

A benchmark run by hand or by the smoke test (`tests/integration/test_bench_smoke.py`)
must not fail with a traceback that buries its cause, nor print figures that do not
stand for what they claim (a window that some process missed): `run(main)` turns
`CannotMeasure` and any other exception into one line on stderr and a non-zero exit.
`TTR_BENCH_TRACEBACK=1` shows the whole traceback instead, for debugging a benchmark.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

CANNOT_MEASURE = 2  # exit status: the run was refused, the figures would be wrong
FAILED = 1  # exit status: something broke


class CannotMeasure(Exception):
    """The benchmark cannot give figures that mean what they say (a process not ready
    in time, one that died, a window with nothing measured in it)."""


def run(main: Callable[[], int | None]) -> NoReturn:
    """Exit with `main()`'s status, or with one line on stderr when it raises."""
    script = f"bench/{Path(sys.argv[0]).name}"
    try:
        status = main()
    except KeyboardInterrupt:
        raise
    except Exception as error:  # the line, not the traceback: see the module's docstring
        if os.environ.get("TTR_BENCH_TRACEBACK"):
            traceback.print_exc()
        sys.stdout.flush()
        if isinstance(error, CannotMeasure):
            print(f"{script}: cannot measure: {one_line(error)}", file=sys.stderr)
            sys.exit(CANNOT_MEASURE)
        print(f"{script}: failed: {type(error).__name__}: {one_line(error)} "
              "(TTR_BENCH_TRACEBACK=1 shows where)", file=sys.stderr)
        sys.exit(FAILED)
    sys.exit(status or 0)


def one_line(error: BaseException) -> str:
    """The error's message on one line (psycopg's and others' span several)."""
    return " ".join(str(error).split()) or type(error).__name__
