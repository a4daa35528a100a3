"""Held connections: how many SSE streams and long polls a worker process holds, per
client and in all, and their end when the process stops.

A held connection costs the process little (a greenlet, its socket and what its
request keeps), but not nothing, and one client could otherwise take them all. So:

- at most `HttpSettings.held_max` in the process: past it a new stream or long poll is
  refused with 503 `unavailable` and `Retry-After`, while every other request is
  still answered (the gunicorn worker accepts `held_max` + 1000 connections);
- at most `HttpSettings.held_per_client` per client, the client being the caller's
  token when it is signed in and its address otherwise: past it, 429 `rate-limited`
  with `Retry-After`.

The counts are the process's own (each worker counts its connections). When the
worker is told to stop (a deploy, a restart), `stop_holding` ends every stream at its
next wake-up and wakes them all: their clients reconnect, with `Last-Event-ID`, to a
worker that goes on, rather than holding on to one that waits for them to leave.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from flask import Flask, current_app, g, request

from service.problems import Problem
from service.services import services

RETRY_AFTER_SECONDS = 5


@dataclass
class Holds:
    limit: int
    per_client: int
    held: int = 0
    by_client: dict[str, int] = field(default_factory=dict)
    stopping: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, client: str) -> Hold:
        """A hold for `client`, or the problem saying why not."""
        with self.lock:
            if self.stopping or self.held >= self.limit:
                raise Problem("unavailable", "This server holds as many streams and long "
                              f"polls as it can; try again in {RETRY_AFTER_SECONDS} s.",
                              headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
            mine = self.by_client.get(client, 0)
            if mine >= self.per_client:
                raise Problem("rate-limited", f"You hold {mine} streams and long polls, "
                              f"the most one client may; close one or try again in "
                              f"{RETRY_AFTER_SECONDS} s.",
                              headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
            self.held += 1
            self.by_client[client] = mine + 1
        return Hold(self, client)

    def _give_back(self, client: str) -> None:
        with self.lock:
            self.held -= 1
            left = self.by_client.get(client, 1) - 1
            if left > 0:
                self.by_client[client] = left
            else:
                self.by_client.pop(client, None)


class Hold:
    """One held connection; `release` (idempotent) gives it back."""

    __slots__ = ("_holds", "_client")

    def __init__(self, holds: Holds, client: str) -> None:
        self._holds: Holds | None = holds
        self._client = client

    def release(self) -> None:
        holds, self._holds = self._holds, None
        if holds is not None:
            holds._give_back(self._client)


def holds(app: Flask | None = None) -> Holds:
    """The app's holds (one per process), made on first use."""
    app = app or current_app
    found: Holds | None = app.extensions.get("ttr.holds")
    if found is None:
        settings = app.extensions["ttr"].http
        found = app.extensions.setdefault(
            "ttr.holds", Holds(settings.held_max, settings.held_per_client))
    return found


def hold() -> Hold:
    """A hold for the caller of this request (see the module doc)."""
    digest = g.get("token_digest")
    client = f"t:{digest[:32]}" if digest else f"a:{request.remote_addr or '?'}"
    return holds().take(client)


def stopping() -> bool:
    return holds().stopping


def stop_holding(app: Flask) -> None:
    """Refuse new held connections and end the held ones (the worker is stopping)."""
    with app.app_context():
        holds(app).stopping = True
        notifier = services().notifier
        interrupt = getattr(notifier, "interrupt", None)
        if interrupt is not None:
            interrupt()
