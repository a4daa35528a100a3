"""What a process hears of other processes' changes (`Hearsay`): for each game it
follows, the newest version heard since its subscription was confirmed, which lets the
game log act on a cached state of that game without first asking the log whether it is
still the latest (`events.repository.GameLog` takes it as its `Vouching`); and whether
the process hears what is told to every process (`session`: revoked tokens)."""

from __future__ import annotations

import itertools
import os
import threading
import weakref


class Hearsay:
    """Per followed game, a listening *session* and the newest version heard in it; and
    the process-wide session of the channel every process follows.

    A game's session starts when its channel's subscription is confirmed and ends when
    the subscription breaks or is dropped (changes may then go unheard). A state of
    game G at version V, known to be the latest when G's session S was already running,
    is still the latest as far as this process can tell if S is still running and no
    version above V of G has been heard since. A game this process does not follow has
    no session: nothing is vouched for it (its state is read from the log). A change
    reaches the followers a few milliseconds after it is stored, so this is a good
    guess, not a guarantee: whoever acts on it must let the append's version check
    have the last word.
    """

    def __init__(self) -> None:
        self._latest: dict[str, int] = {}
        self._sessions: dict[str, int] = {}
        self._numbers = itertools.count(1)
        self._session = 0
        self._listening = False
        self._lock = threading.Lock()
        _EVERY_HEARSAY.add(self)

    def session(self) -> int | None:
        """The running process-wide session (what is told to every process is heard),
        or None while not listening."""
        return self._session if self._listening else None

    def game_session(self, game_id: str) -> int | None:
        """The running session of the game's subscription, or None: not followed here,
        or not confirmed since its subscription broke."""
        return self._sessions.get(game_id)

    def is_latest(self, game_id: str, version: int, session: int) -> bool:
        return (session == self._sessions.get(game_id)
                and self._latest.get(game_id, 0) <= version)

    def heard(self, game_id: str, version: int) -> None:
        with self._lock:
            if game_id in self._sessions and self._latest.get(game_id, 0) < version:
                self._latest[game_id] = version

    def following(self, game_id: str, yes: bool) -> None:
        """The game's subscription was confirmed (a new session), or broke or was dropped."""
        with self._lock:
            if yes:
                self._sessions[game_id] = next(self._numbers)
            else:
                self._sessions.pop(game_id, None)
                self._latest.pop(game_id, None)  # (only followed games are remembered)

    def listening(self, yes: bool) -> None:
        with self._lock:
            if yes != self._listening:
                self._session = next(self._numbers)
                self._listening = yes

    def _forked(self) -> None:
        # a forked child inherits the sessions but not the subscriptions (nor a lock a
        # thread of the parent may have held)
        self._lock = threading.Lock()
        self._sessions = {}
        self._latest = {}
        self._session = next(self._numbers)
        self._listening = False


_EVERY_HEARSAY: weakref.WeakSet[Hearsay] = weakref.WeakSet()


def _deafen_forked_child() -> None:
    for hearsay in list(_EVERY_HEARSAY):
        hearsay._forked()


os.register_at_fork(after_in_child=_deafen_forked_child)
