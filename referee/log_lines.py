"""How every process of the service logs: one JSON object a line on stderr, whatever
writes the record (our code, RQ, gunicorn, gevent's hub) and whatever it carries.

Why here: the API's processes, the worker's and the bots' thinking process all log, and
the worker may not import the service (`service.observability.logs` adds what a line
says about the request it belongs to). A traceback is the `exception` field of its
line (`stack` for a stack), never lines of text of its own: a log reader takes the
stream one line per record, and a multi-line traceback would be a dozen records that
are not JSON.

Each line has `time`, `level`, `logger` and `message`; the fields a record carries
under `extra={"ttr": {...}}`, or else what the process's `context` says (the request's
id, method, path...); `exception` and `stack` when the record has them.
"""

from __future__ import annotations

import json
import logging
import sys
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

OUR_LOGGERS = ("service", "events", "worker", "domain")
Context = Callable[[], dict[str, Any]]


class JsonLines(logging.Formatter):
    """One JSON object per record, on one line; `context` adds the fields of whatever
    the process is doing when the record carries none of its own."""

    def __init__(self, context: Context | None = None) -> None:
        super().__init__()
        self.context = context

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        fields = getattr(record, "ttr", None)
        if isinstance(fields, dict):
            entry.update(fields)
        elif self.context is not None:
            entry.update(self.context())
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


class StderrHandler(logging.Handler):
    """Writes each record on a line of whatever `sys.stderr` is then (tests swap it)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record)
            stream = sys.stderr
            stream.write(line + "\n")
            stream.flush()
        except Exception:
            self.handleError(record)


_handler: StderrHandler | None = None
_handler_lock = threading.Lock()


def log_as_json(level: str | None = None, context: Context | None = None) -> logging.Handler:
    """Send every record of the process to stderr as JSON lines (a handler on the root
    logger, added once); set our loggers' level to `level` (a name: info, warning...;
    default info). A later call with a `context` gives the lines that context."""
    global _handler
    number = logging.getLevelName((level or "info").upper())
    if not isinstance(number, int):
        number = logging.INFO
    for name in OUR_LOGGERS:
        logging.getLogger(name).setLevel(number)
    root = logging.getLogger()
    with _handler_lock:
        if _handler is None:
            _handler = StderrHandler()
            _handler.setFormatter(JsonLines(context))
            root.addHandler(_handler)
        elif context is not None:
            _handler.setFormatter(JsonLines(context))
        return _handler


def exception_logged(logger: logging.Logger, message: str, *args: Any,
                     exc_info: tuple[Any, Any, Any], fields: dict[str, Any] | None = None,
                     level: int = logging.ERROR) -> None:
    """Log `message` with the exception `exc_info` as its `exception` field (for the
    places that hold an exception they did not catch: gevent's hub, RQ's failed jobs)."""
    _, error, _ = exc_info
    extra = {"ttr": fields} if fields else None
    logger.log(level, message, *args, exc_info=exc_info if isinstance(error, BaseException)
               else None, extra=extra)
