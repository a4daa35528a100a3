"""API errors as RFC 9457 problem details (`application/problem+json`), one stable type each.

Every error response is a problem object: `type` (a stable URI reference per kind,
which clients switch on), `title`, `status`, `detail`, and for some kinds more
members (`code` and `rule` for a rule violation, `errors` for invalid fields,
`current_version` for conflicts). The kinds::

    Problem
    ├── 400 invalid-request          the body or a parameter is not well formed (`errors`)
    ├── 400 malformed-command        the command is not one the game knows (`code`)
    ├── 401 unauthorized             no bearer token, or an unknown one
    ├── 403 forbidden                not your seat, not your game, not an admin (`code`)
    ├── 403 insufficient-scope       the token lacks the operation's scope (`scope`)
    ├── 404 not-found                no such game, map, version or route
    ├── 405 method-not-allowed
    ├── 406 not-acceptable           the Accept header asks for what we cannot send
    ├── 408 request-timeout          the body came too slowly; the connection is closed
    ├── 409 version-conflict         other players kept acting; reload and try again
    ├── 409 link-used                a one-time link sent by mail was already used
    ├── 410 link-expired             a link sent by mail is past its time
    ├── 412 precondition-failed      If-Match names a version that is not the latest
    ├── 413 payload-too-large
    ├── 414 uri-too-long             the request line is longer than the server reads
    ├── 415 unsupported-media-type   a body without Content-Type, or not of a type it takes
    ├── 422 rule-violation           the rules forbid this command now (`code`, `rule`)
    ├── 422 idempotency-key-reused   the Idempotency-Key was used for another request
    ├── 422 invalid-mail-address     not an e-mail address mail can be sent to
    ├── 429 rate-limited             too many requests or connections (`Retry-After`)
    ├── 431 headers-too-large        too many header fields, or one too long
    ├── 503 unavailable              no database, or the server is full (`Retry-After`)
    ├── 503 mail-unavailable         this server keeps no addresses, or a mail was not sent
    └── 500 internal                 a bug: never for anything a client sends
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Response, json

from domain.violations import CODES

PROBLEM_JSON = "application/problem+json"
# every `code` a problem may carry: the rules' (`domain.violations.CODES`) and the
# service's own
PROBLEM_CODES: tuple[str, ...] = (*CODES, "not_admin", "export_invalid", "match_players",
                                  "match_pace", "match_turn_time", "match_waiting",
                                  "rematch_not_over", "rematch_lapsed", "rematch_started")
TYPE_PREFIX = "/problems/"


@dataclass(frozen=True, slots=True)
class Kind:
    status: int
    title: str
    description: str


KINDS: dict[str, Kind] = {
    "invalid-request": Kind(400, "Invalid request",
                            "The body or a parameter is not well formed (JSON naming a key "
                            "twice in an object, a charset other than utf-8 included); "
                            "`errors` says where."),
    "malformed-command": Kind(400, "Malformed command",
                              "The action is not a command the game knows, or a field of it "
                              "is missing or of the wrong kind; `code` is `unknown_command` "
                              "or `malformed_command`."),
    "unauthorized": Kind(401, "Unauthorized",
                         "Send `Authorization: Bearer <token>` with a token from POST /v1/users."),
    "forbidden": Kind(403, "Forbidden",
                      "The caller may not do this: not seated at this table, not their "
                      "seat, or not an administrator (`code` says which)."),
    "insufficient-scope": Kind(403, "Insufficient scope",
                               "The token does not grant the scope this operation needs "
                               "(`scope` names it). Make a token that does: POST "
                               "/v1/users/me/tokens."),
    "not-found": Kind(404, "Not found", "There is no such resource."),
    "method-not-allowed": Kind(405, "Method not allowed",
                               "This resource does not accept that method."),
    "not-acceptable": Kind(406, "Not acceptable",
                           "The Accept header asks for a representation this resource "
                           "does not have."),
    "request-timeout": Kind(408, "Request timeout",
                            "The request's body came too slowly (the limits are in the "
                            "docs) and the connection is closed; nothing changed."),
    "version-conflict": Kind(409, "Version conflict",
                             "Other players kept acting while this command was decided, "
                             "several times in a row. Reload the game and try again."),
    "match-waiting": Kind(409, "Quick match waiting",
                          "You have a quick-match request waiting (`request_id`): one at a "
                          "time. Cancel it (DELETE /v1/matches/{id}) to ask for another."),
    "link-used": Kind(409, "Link already used",
                      "A link sent by mail works once, and this one was already used; "
                      "nothing changed. Ask for a new one."),
    "link-expired": Kind(410, "Link expired",
                         "A link sent by mail works for a few minutes only, and this one "
                         "has expired; nothing changed. Ask for a new one."),
    "precondition-failed": Kind(412, "Precondition failed",
                                "If-Match names a version of the game that is no longer the "
                                "latest; `current_version` is the latest."),
    "payload-too-large": Kind(413, "Payload too large", "The request body is too large."),
    "uri-too-long": Kind(414, "URI too long",
                         "The request line (method, path and query) is longer than the "
                         "server reads (4094 bytes by default)."),
    "unsupported-media-type": Kind(415, "Unsupported media type",
                                   "The body came without `Content-Type`, or as a type the "
                                   "operation does not take: send it as `application/json` "
                                   "(an export also as `application/x-ndjson`)."),
    "rule-violation": Kind(422, "Against the rules",
                           "The rules forbid this command now: `code` is the rule's stable "
                           "code (see `x-rule-codes` in openapi.yaml), `rule` says what it "
                           "forbids. Nothing changed."),
    "idempotency-key-reused": Kind(422, "Idempotency key reused",
                                   "This Idempotency-Key was first used for a different "
                                   "request; use a new key for a new request."),
    "invalid-mail-address": Kind(422, "Invalid e-mail address",
                                 "This is not an e-mail address mail can be sent to "
                                 "(one @, a domain with a dot, no spaces, at most 254 "
                                 "characters); nothing changed."),
    "rate-limited": Kind(429, "Too many requests",
                         "Slow down: wait `Retry-After` seconds. The limits are in the docs."),
    "headers-too-large": Kind(431, "Request header fields too large",
                              "Too many header fields (100 by default), or one longer than "
                              "the server reads (8190 bytes by default)."),
    "unavailable": Kind(503, "Service unavailable",
                        "The server cannot take this just now (the database cannot be "
                        "reached, or it holds as many connections as it can); nothing "
                        "changed. Retry after `Retry-After` seconds (with the same "
                        "Idempotency-Key)."),
    "mail-unavailable": Kind(503, "Mail unavailable",
                             "This server keeps no e-mail addresses (it has no keys to "
                             "seal them with), or the mail could not be handed over just "
                             "now; nothing changed. Retry later."),
    "internal": Kind(500, "Internal error",
                     "A bug on our side; the request changed nothing that was not recorded."),
}


class Problem(Exception):
    """An API error; the error handler turns it into a problem+json response."""

    def __init__(self, kind: str, detail: str | None = None, *,
                 headers: dict[str, str] | None = None, **extra: Any) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown problem kind {kind!r}")
        super().__init__(detail or KINDS[kind].title)
        self.kind = kind
        self.status = KINDS[kind].status
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return problem_body(self.kind, self.detail, **self.extra)


def problem_body(kind: str, detail: str | None = None, **extra: Any) -> dict[str, Any]:
    spec = KINDS[kind]
    body: dict[str, Any] = {"type": TYPE_PREFIX + kind, "title": spec.title,
                            "status": spec.status}
    if detail:
        body["detail"] = detail
    body.update(extra)
    return body


def problem_response(problem: Problem, instance: str | None = None) -> Response:
    body = problem.body()
    if instance:
        body["instance"] = instance
    response = Response(json.dumps(body), status=problem.status, mimetype=PROBLEM_JSON)
    for name, value in problem.headers.items():
        response.headers[name] = value
    return response


# How a rule violation's code maps to a problem kind (the rest: rule-violation, 422).
RULE_KINDS: dict[str, str] = {
    "malformed_command": "malformed-command",
    "unknown_command": "malformed-command",
    "not_seated": "forbidden",
}


def from_rule_violation(code: str, message: str) -> Problem:
    kind = RULE_KINDS.get(code, "rule-violation")
    if kind == "rule-violation":
        return Problem(kind, message, code=code, rule=message)
    return Problem(kind, message, code=code)
