"""gunicorn's own error answers as problem+json, like every answer of the app's.

gunicorn answers some requests itself, before the app sees them: a request line
longer than `limit_request_line` (414), more header fields than
`limit_request_fields` or one longer than `limit_request_field_size` (431), a request
that is not HTTP (400). Its answers are HTML pages; our worker classes (gunicorn's
gevent and thread workers, with `ProblemAnswers` mixed in; the gevent one is
`service.doorman.GeventWorker`, which also keeps the door) send the same statuses as
`application/problem+json` with the stable types of `service.problems`. Errors of
other kinds (the app's own failures, an unsupported transfer coding, a refused
`Expect`) are left to gunicorn.

`worker_class_path("gevent")` names the class for gunicorn's `worker_class` setting.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Mapping
from typing import Any

from gunicorn import util
from gunicorn.http.errors import (
    ConfigurationProblem,
    ExpectationFailed,
    ForbiddenProxyRequest,
    InvalidResponseHeader,
    InvalidResponseHeaderName,
    LimitRequestHeaders,
    LimitRequestLine,
    ParseException,
    UnsupportedTransferCoding,
)
from gunicorn.workers.gthread import ThreadWorker as _ThreadWorker

from service.problems import KINDS, PROBLEM_JSON, problem_body

# what gunicorn answers with another status than 400 (or is not the client's fault)
LEFT_TO_GUNICORN = (ConfigurationProblem, ExpectationFailed, ForbiddenProxyRequest,
                    InvalidResponseHeader, InvalidResponseHeaderName,
                    UnsupportedTransferCoding)


def problem_of(error: BaseException) -> tuple[str, str] | None:
    """The problem kind and detail gunicorn's answer to `error` becomes, or None for an
    error whose answer is left to gunicorn."""
    if not isinstance(error, ParseException) or isinstance(error, LEFT_TO_GUNICORN):
        return None
    if isinstance(error, LimitRequestLine):
        return "uri-too-long", "The request line is too long."
    if isinstance(error, LimitRequestHeaders):
        return "headers-too-large", f"The request's header fields are too large: {error}."
    return "invalid-request", f"The request is not well-formed HTTP: {error}."


def problem_answer(kind: str, detail: str, headers: Mapping[str, str] | None = None) -> bytes:
    """A whole HTTP/1.1 answer (the connection closed after it) holding the problem."""
    status = KINDS[kind].status
    body = json.dumps(problem_body(kind, detail)).encode()
    extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    head = (f"HTTP/1.1 {status} {KINDS[kind].title}\r\nConnection: close\r\n{extra}"
            f"Content-Type: {PROBLEM_JSON}\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


class ProblemAnswers:
    """Mixed into a gunicorn worker: its client-error answers are problem+json."""

    log: Any

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        problem = problem_of(exc)
        if problem is None:
            super().handle_error(req, client, addr, exc)  # type: ignore[misc]
            return
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        try:
            util.write_nonblock(client, problem_answer(*problem))
            linger(client)
        except Exception:  # the client is gone: nothing to tell it
            self.log.debug("Failed to send error message.")


# After the answer, what the client had already sent is read (up to this much, for at
# most this long) before the connection closes: closed with unread bytes, it would be
# reset, and a reset can drop the answer before the client reads it.
LINGER_BYTES = 1 << 20
LINGER_SECONDS = 0.2


def linger(client: socket.socket) -> None:
    deadline = time.monotonic() + LINGER_SECONDS
    try:
        client.shutdown(socket.SHUT_WR)
        left = LINGER_BYTES
        while left > 0 and (wait := deadline - time.monotonic()) > 0:
            client.settimeout(wait)
            chunk = client.recv(min(65536, left))
            if not chunk:
                return
            left -= len(chunk)
    except OSError:
        return


class ThreadWorker(ProblemAnswers, _ThreadWorker):  # type: ignore[misc]
    """gunicorn's thread (`gthread`) worker, answering its own errors as problems."""


# (ours of gevent also keeps the door: `service.doorman`)
WORKER_CLASSES = {"gevent": "service.doorman.GeventWorker",
                  "gthread": f"{__name__}.ThreadWorker"}


def worker_class_path(name: str) -> str:
    """gunicorn's `worker_class` for `gevent` or `gthread`: ours (any other name: as is)."""
    return WORKER_CLASSES.get(name, name)
