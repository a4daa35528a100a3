"""JSON logs: every record of the process as one JSON object per line on stderr.

Each line has `time`, `level`, `logger`, `message`, and inside a request `request_id`
(the one the app puts in `flask.g.request_id` and the `X-Request-Id` header), `method`,
`path`, `user_id` and `game_id` when known. `TTR_LOG_LEVEL` (default `info`) sets the
level of our loggers (`service`, `events`, `worker`, `domain`).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
from datetime import UTC, datetime
from typing import Any

from flask import g, has_request_context, request

OUR_LOGGERS = ("service", "events", "worker", "domain")


def request_fields() -> dict[str, Any]:
    """What a log line inside a request says about it."""
    fields: dict[str, Any] = {"request_id": g.get("request_id") or None,
                              "method": request.method, "path": request.path}
    user = g.get("user")
    if user is not None:
        fields["user_id"] = getattr(user, "user_id", None)
    game_id = (request.view_args or {}).get("game_id")
    if game_id is not None:
        fields["game_id"] = game_id
    return fields


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line."""

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
        elif has_request_context():
            entry.update(request_fields())
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
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


_handler: logging.Handler | None = None
_handler_lock = threading.Lock()


def configure_logging(level: str | None = None) -> logging.Handler:
    """Send every log record of the process to stderr as JSON (once); set our loggers'
    level from `level` or `TTR_LOG_LEVEL` (default info)."""
    global _handler
    name = (level or os.environ.get("TTR_LOG_LEVEL") or "info").upper()
    number = logging.getLevelName(name)
    if not isinstance(number, int):
        number = logging.INFO
    for logger in OUR_LOGGERS:
        logging.getLogger(logger).setLevel(number)
    with _handler_lock:
        if _handler is None:
            _handler = StderrHandler()
            _handler.setFormatter(JsonFormatter())
            logging.getLogger().addHandler(_handler)
        return _handler
