"""JSON logs of the API's processes: every record one JSON object per line on stderr
(`referee.log_lines`), with what a line says about its request, and gevent's hub
logging what fails in a greenlet or on its thread pool instead of printing it.

Each line has `time`, `level`, `logger`, `message`, and inside a request `request_id`
(the one the app puts in `flask.g.request_id` and the `X-Request-Id` header), `method`,
`path`, `user_id` and `game_id` when known; a traceback is the line's `exception`
field. `TTR_LOG_LEVEL` (default `info`) sets the level of our loggers (`service`,
`events`, `worker`, `domain`). gunicorn's own lines: `service.observability.gunicorn_log`.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import g, has_request_context, request

from referee.log_lines import exception_logged, log_as_json
from referee.settings import settings_from_env

hub_log = logging.getLogger("service.gevent")


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


def _request_context() -> dict[str, Any]:
    return request_fields() if has_request_context() else {}


def configure_logging(level: str | None = None) -> logging.Handler:
    """Send every log record of the process to stderr as JSON (once), lines inside a
    request saying which; set our loggers' level from `level` or the settings'
    (`TTR_LOG_LEVEL`, default info)."""
    return log_as_json(level or settings_from_env().log_level, _request_context)


def log_hub_errors(hub: Any) -> None:
    """Have gevent's `hub` log what fails in a greenlet or on its thread pool as one
    record, the traceback its `exception` field, rather than print it on stderr
    (`Hub.print_exception`: a traceback's lines of text among the JSON lines). What
    the hub does once it has printed (a system error thrown to the main greenlet) it
    still does: only the printing is replaced."""
    from gevent.exceptions import HubDestroyed

    configure_logging()
    hub.exception_stream = None  # gevent's own switch: its handle_error prints nothing
    handle = hub.handle_error

    def handle_error(context: Any, kind: Any, value: Any, tb: Any) -> None:
        quiet = (HubDestroyed, *_as_tuple(hub.NOT_ERROR))
        if not (isinstance(kind, type) and issubclass(kind, quiet)):
            try:
                where = context if isinstance(context, str | None) else hub.format_context(
                    context)
                exception_logged(hub_log, "%s failed with %s", where,
                                 getattr(kind, "__name__", kind), exc_info=(kind, value, tb))
            except Exception:  # (gevent: handle_error must not raise)
                pass
        handle(context, kind, value, tb)

    hub.handle_error = handle_error


def _as_tuple(kinds: Any) -> tuple[type[BaseException], ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)
