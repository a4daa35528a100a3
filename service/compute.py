"""Long computations beside gevent's hub, so that one request cannot stall its worker.

Under gunicorn's gevent workers (`service/serve.py`) every request of a process runs
on one OS thread, switching only where it waits. A request that computes for long
holds up all the others of its worker, streams included: verifying a 16 MiB export
takes about a second here. `aside(fn, *args)` runs such a computation on gevent's pool
of native threads instead, where the interpreter switches between it and the hub as
between any two threads (every few milliseconds), so the worker keeps serving.

Only for pure computation: `fn` must do no I/O and take no lock of the request's
(those belong to the hub's thread). Without gevent's monkey-patching (the embedded
mode's threads, tests) `fn` simply runs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def aside(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)`, computed on a native thread when gevent runs this process."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is None or not monkey.is_module_patched("threading"):
        return fn(*args)
    from gevent import get_hub

    result: T = get_hub().threadpool.apply(fn, args)
    return result
