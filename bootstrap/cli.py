"""`ttr`, the console script: `service.cli` handed the composition root's factories
(the API for some settings, a worker process's context).

Everything is imported when a command needs it: `ttr maps` does not load Flask, and
gunicorn's master (`ttr serve`) builds no app and opens no database; each of its
workers builds its own app after the fork.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.settings import Settings
from service.cli import Composition
from service.cli import main as ttr
from service.config import ServerSettings

if TYPE_CHECKING:
    from flask import Flask

    from worker.context import WorkerContext


def app(settings: ServerSettings) -> Flask:
    from bootstrap.web import create_app

    return create_app(settings.app, http=settings.http)


def worker_context(settings: Settings) -> WorkerContext:
    from bootstrap.context import context_for

    return context_for(settings)


COMPOSITION = Composition(app=app, worker_context=worker_context)


def main(argv: Sequence[str] | None = None) -> int:
    """`ttr ARGV…` (default: the process's arguments)."""
    return ttr(argv, COMPOSITION)


if __name__ == "__main__":
    sys.exit(main())
