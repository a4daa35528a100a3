"""SQLite's calls on a few native threads, when the process runs gevent.

Under gevent every request is a greenlet of one native thread. A SQLite call (and its
busy wait for the write lock) would hold that thread, and with it every other request
of the process, for as long as it takes. `off_the_hub(store, threads)` returns the
store with each of its public methods run on a pool of `threads` native threads
(gevent's `ThreadPool`): the calling greenlet waits, the others go on, and SQLite works
with the GIL released. Each pool thread keeps its own connection (`SqliteStore` opens
one per thread), so the process holds `threads` SQLite connections however many
requests and streams it holds.

Without gevent's patching (a test, a script, the `gthread` worker) or for PostgreSQL
(psycopg waits through gevent by itself) the store is returned as it is.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterator
from typing import Any, cast

from events.ports import Store


def gevent_patched() -> bool:
    """Whether gevent has patched this process's threads (a gunicorn gevent worker)."""
    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey is not None and monkey.is_module_patched("threading"))


def off_the_hub(store: Store, threads: int) -> Store:
    from events.sqlite import SqliteStore

    if not isinstance(store, SqliteStore) or not gevent_patched():
        return store
    from gevent.threadpool import ThreadPool

    return cast(Store, NativeThreadStore(store, ThreadPool(max(1, threads))))


class NativeThreadStore:
    """A store whose public methods run on a native thread pool (see the module doc)."""

    def __init__(self, store: Store, pool: Any) -> None:
        self._store = store
        self._pool = pool

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._store, name)
        if name.startswith("_") or not inspect.ismethod(value):
            return value  # data, and callables held as data (the clock)
        if inspect.isgeneratorfunction(value):
            wrapped: Callable[..., Any] = self._generator(value)
        else:
            def wrapped(*args: Any, **kwargs: Any) -> Any:
                return self._pool.apply(value, args, kwargs)
        self.__dict__[name] = wrapped  # looked up once per method
        return wrapped

    def _generator(self, method: Callable[..., Iterator[Any]]) -> Callable[..., Any]:
        pool = self._pool
        done = object()

        def step(items: Iterator[Any]) -> Any:
            return next(items, done)

        def each(*args: Any, **kwargs: Any) -> Iterator[Any]:
            items = method(*args, **kwargs)
            while (item := pool.apply(step, (items,))) is not done:
                yield item
        return each

    def close(self) -> None:
        self._pool.apply(self._store.close)
        self._pool.kill()
