"""How the API answers what goes wrong: every exception becomes problem+json (RFC 9457),
with the rule's code for a refused command and the version for a lost race."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, request
from werkzeug.exceptions import ClientDisconnected, HTTPException, RequestTimeout

from domain.violations import RuleViolation
from events.outcome import GameNotFound, StaleVersion
from events.store import IdempotencyMismatch, StoreUnavailable, VersionConflict
from referee.referee import NotSeated
from service import observability
from service.problems import Problem, from_rule_violation, problem_response

log = logging.getLogger("service")


def register_error_handlers(app: Flask) -> None:
    """Answer every exception a request may raise as a problem."""
    app.register_error_handler(Problem, _problem)
    app.register_error_handler(RuleViolation, _rule_violation)
    # the same words as for a private game hidden from the caller (`visible_to`)
    app.register_error_handler(GameNotFound, lambda e: _problem(
        Problem("not-found", "There is no such game.")))
    app.register_error_handler(StaleVersion, lambda e: _problem(Problem(
        "precondition-failed", str(e), current_version=e.current)))
    app.register_error_handler(VersionConflict, lambda e: _problem(Problem(
        "version-conflict", "Other players kept acting; reload and try again.",
        current_version=e.current)))
    app.register_error_handler(NotSeated, _not_seated)
    app.register_error_handler(IdempotencyMismatch, lambda e: _problem(
        Problem("idempotency-key-reused", str(e))))
    app.register_error_handler(StoreUnavailable, lambda e: _problem(Problem(
        "unavailable", "The database cannot be reached; nothing changed.",
        headers={"Retry-After": "2"})))
    # JSON nested deeper than the parser's recursion limit: the body's fault, not ours
    app.register_error_handler(RecursionError, lambda e: _problem(Problem(
        "invalid-request", "The JSON body is nested too deeply.")))
    app.register_error_handler(HTTPException, _http_exception)
    app.register_error_handler(Exception, _unexpected)


def _problem(problem: Problem) -> Response:
    return problem_response(problem, request.path)


def _not_seated(error: NotSeated) -> Response:
    if error.hidden:  # a private table: its existence is not revealed
        return _problem(Problem("not-found", "There is no such game."))
    return _problem(Problem("forbidden", "You hold no seat at this table.", code="not_seated"))


def _rule_violation(error: RuleViolation) -> Response:
    observability.rule_violation(error.code)
    return _problem(from_rule_violation(error.code, error.message))


_HTTP_KINDS = {400: "invalid-request", 401: "unauthorized", 403: "forbidden", 404: "not-found",
               405: "method-not-allowed", 406: "not-acceptable", 408: "request-timeout",
               409: "version-conflict",
               412: "precondition-failed", 413: "payload-too-large",
               415: "unsupported-media-type", 422: "invalid-request", 429: "rate-limited"}


def _http_exception(error: HTTPException) -> Response:
    # a body cut off for coming too slowly (`service.serve.BodyTooSlow`, a 408) reaches
    # us as the disconnection werkzeug makes of every failed read
    if isinstance(error, ClientDisconnected) and isinstance(error.__context__, RequestTimeout):
        error = error.__context__
    code = error.code or 500
    kind = _HTTP_KINDS.get(code, "internal" if code >= 500 else "invalid-request")
    data: Any = getattr(error, "data", None)
    extra: dict[str, Any] = {}
    detail = error.description
    if isinstance(data, dict) and "messages" in data:  # webargs: invalid parameters
        kind = "invalid-request"
        extra["errors"] = data["messages"]
        detail = "Some parameters are not valid; see `errors`."
    response = _problem(Problem(kind, detail, **extra))
    if code == 405 and getattr(error, "valid_methods", None):
        response.headers["Allow"] = ", ".join(error.valid_methods or ())  # type: ignore[attr-defined]
    return response


def _unexpected(error: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.path)
    return _problem(Problem("internal", "Something went wrong on our side."))


