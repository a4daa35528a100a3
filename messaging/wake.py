"""What a waiter of `messaging.notify` waits on in a gevent worker: a bare `Waiter` and a
timer, the least a held stream's greenlet can keep while it waits all its life."""

from __future__ import annotations


class Wake:
    """One wait's wake-up in a gevent worker: `set()` (by another greenlet) wakes the
    greenlet in `wait(timeout)`, which returns whether it was set.

    gevent's own `Event.wait` would do, but a greenlet waiting in it keeps more of its
    C stack saved (about 0.7 KB: the event's links, its `Timeout`) and more objects
    (the event, the timeout and its timer) than one waiting on a bare `Waiter` and a
    timer, and a held stream waits all its life."""

    __slots__ = ("_waiter", "_woken")

    def __init__(self) -> None:
        from gevent.hub import Waiter

        self._waiter = Waiter()
        self._woken = False

    def set(self) -> None:
        if not self._woken:
            self._woken = True
            # (a `Waiter` is switched to from the hub: on its next turn)
            self._waiter.hub.loop.run_callback(self._waiter.switch, True)

    def wait(self, timeout: float | None = None) -> bool:
        if self._woken:
            return True
        if timeout is None:
            return bool(self._waiter.get())
        timer = self._waiter.hub.loop.timer(max(0.0, timeout))
        timer.start(self._waiter.switch, False)
        try:
            return bool(self._waiter.get())
        finally:
            timer.close()
