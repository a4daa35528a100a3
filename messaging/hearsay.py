"""What a process hears of every process's changes (`Hearsay`): the newest version of
each game heard while subscribed, which lets the game log act on a cached state without
first asking the log whether it is still the latest (`events.repository.GameLog`
takes it as its `Vouching`)."""

from __future__ import annotations

import os
import threading
import weakref


class Hearsay:
    """The newest version of each game this process has heard of, and since when it
    has been listening without a break.

    A listening *session* starts each time the subscription is made and ends when it
    breaks (changes may then go unheard). A state of game G at version V, known to be
    the latest when session S was already running, is still the latest as far as this
    process can tell if S is still running and no version above V of G has been heard
    since. A change reaches every process a few milliseconds after it is stored, so
    this is a good guess, not a guarantee: whoever acts on it must let the append's
    version check have the last word.
    """

    MAX_GAMES = 100_000

    def __init__(self) -> None:
        self._latest: dict[str, int] = {}
        self._session = 0
        self._listening = False
        self._lock = threading.Lock()
        _EVERY_HEARSAY.add(self)

    def session(self) -> int | None:
        """The running session, or None while not listening."""
        return self._session if self._listening else None

    def is_latest(self, game_id: str, version: int, session: int) -> bool:
        return (session == self.session()
                and self._latest.get(game_id, 0) <= version)

    def heard(self, game_id: str, version: int) -> None:
        with self._lock:
            if self._latest.get(game_id, 0) < version:
                if len(self._latest) >= self.MAX_GAMES:
                    # forgetting what was heard would vouch for stale states: start over
                    self._latest.clear()
                    self._session += 1
                self._latest[game_id] = version

    def listening(self, yes: bool) -> None:
        with self._lock:
            if yes != self._listening:
                self._session += 1
                self._listening = yes

    def _forked(self) -> None:
        # a forked child inherits the flag but not the subscriber thread (nor a lock
        # that thread may have held)
        self._lock = threading.Lock()
        self._session += 1
        self._listening = False


_EVERY_HEARSAY: weakref.WeakSet[Hearsay] = weakref.WeakSet()


def _deafen_forked_child() -> None:
    for hearsay in list(_EVERY_HEARSAY):
        hearsay._forked()


os.register_at_fork(after_in_child=_deafen_forked_child)
