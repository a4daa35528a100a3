"""What the resources share: their `Blueprint`, the JSON body, conditional headers, who
may see a game, the documentation helpers, the SSE form of the feeds, and the views more
than one resource renders. The resource modules import this module and never each other."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import flask_smorest
from flask import Request, Response, current_app, request
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from domain.rating import Skill
from domain.table import Table
from events.accounts import Token, User
from events.clock import iso
from events.jsontext import to_bytes
from events.ratings_read import ResultRow
from service.api.bodies import request_json
from service.headers import header_names
from service.problems import KINDS, Problem
from service.services import services
from service.sse import SSE as SSE  # (re-exported: the feeds' media type)
from service.views import Viewer, game_view

# A version has at most 18 digits (the stores' integers are 64-bit): a longer number is
# no version, and never reaches int() (which refuses more than 4,300 digits anyway)
_ETAG = re.compile(r'^\s*(?:W/)?"?(\d{1,18})"?\s*$')
MAX_KEY_LENGTH = 200
# OpenAPI security requirements: a bearer token, or (PUBLIC_READ) none at all
BEARER: list[dict[str, list[str]]] = [{"bearer": []}]
PUBLIC_READ: list[dict[str, list[str]]] = [{"bearer": []}, {}]

# The SSE form of both feeds' 200 response (added to the spec by `pages.build_spec`).
SSE_CONTENT = {"schema": {
    "type": "string",
    "description": "With `Accept: text/event-stream`: a Server-Sent Events stream. The first "
                   "event is `snapshot` (data: the game as you see it; game feed only); then "
                   "one SSE event per game event (`event:` its type, `id:` its version — the "
                   "global position in the user feed — and `data:` the event as in the JSON "
                   "page); `: keep-alive` comments while idle. The game feed also sends "
                   "`spectators` (no `id:`; data: `{\"count\": n}`, how many watch without "
                   "a seat) whenever that number changes. With `snapshots=each` (game feed), "
                   "every write of events ends with a `snapshot` of the game then and, if you "
                   "hold a seat, `moves` (no `id:`; data: `LegalMoves`, as `GET …/moves` "
                   "answers), and the first snapshot is followed by `moves` too. Reconnect "
                   "with `Last-Event-ID` to resume after the last id you received.",
}}

# Both feeds' `Last-Event-ID` header (added by `pages.build_spec`: a header documented on
# the view would replace, not join, the query parameters its schema documents).
LAST_EVENT_ID = {
    "in": "header", "name": "Last-Event-ID", "required": False,
    "schema": {"type": "string"},
    "description": "SSE: resume after this id (the game feed's version, the user feed's "
                   "global position: a whole number from 0 to 2^62); instead of `after`. "
                   "Read by streams only."}


def json_body() -> Any:
    """The request's JSON body (`service.api.bodies.request_json`); 400 without one, 415 if
    it is not JSON."""
    if not request.get_data(cache=True):
        raise Problem("invalid-request", "This request needs a JSON body.")
    if not request.is_json:
        raise Problem("unsupported-media-type", "Send the body as application/json.")
    return request_json()


class _BodyParser(FlaskParser):
    """webargs, reading a JSON body through the one reader (`service.api.bodies`) rather
    than a parser of its own (which takes repeated keys, NaN and Infinity)."""

    def _raw_load_json(self, req: Request) -> Any:
        if not is_json_request(req):
            return core.missing
        body = request_json()
        return core.missing if body is None else body


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]
    """flask-smorest's blueprint, whose body arguments are read by the one reader."""

    ARGUMENTS_PARSER = _BodyParser()


def json_object() -> dict[str, Any]:
    body = json_body()
    if not isinstance(body, dict):
        raise Problem("invalid-request", "The body must be a JSON object.")
    return body


def if_match() -> int | None:
    """The version an `If-Match` header names, or None without one."""
    raw = request.headers.get("If-Match")
    if raw is None or raw.strip() == "*":
        return None
    match = _ETAG.match(raw)
    if match is None:
        raise Problem("invalid-request",
                      'If-Match is a version as an ETag, e.g. "57" (at most 18 digits).',
                      errors={"headers": {"If-Match": ["Not a version."]}})
    return int(match.group(1))


def not_modified(version: int) -> bool:
    """Does `If-None-Match` already name this version?"""
    raw = request.headers.get("If-None-Match")
    if raw is None:
        return False
    for part in raw.split(","):
        if part.strip() == "*":
            return True
        match = _ETAG.match(part)
        if match is not None and int(match.group(1)) == version:
            return True
    return False


def etag(version: int) -> str:
    return f'"{version}"'


def idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    key = key.strip()
    if not key or len(key) > MAX_KEY_LENGTH or not key.isprintable():
        raise Problem("invalid-request",
                      f"Idempotency-Key is 1..{MAX_KEY_LENGTH} printable characters.")
    return key


def json_response(body: Any, status: int = 200, *, version: int | None = None,
                  headers: dict[str, str] | None = None) -> Response:
    response = current_app.response_class(
        to_bytes(body), status=status, mimetype="application/json")
    if version is not None:
        response.headers["ETag"] = etag(version)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


# -- caching ---------------------------------------------------------------------------------

# What a shared cache may keep: only answers that are the same for every caller. The
# maps are; everything else under /v1 depends on who asks (their seat's hand, their
# games, whether a private game shows itself at all) or changes with every move, so it
# is `private` (a browser may keep it, a proxy may not) and varies with Authorization.
PUBLIC_ANSWER = "public, max-age=300"
PRIVATE_ANSWER = "private"
# what a private answer varies with: the token, and the web client's session cookie
# (`service.web_session`)
VARY = "Authorization, Cookie"
CACHING = (
    "**Caching.** The maps (`/v1/maps…`) are the same for every caller: "
    f"`Cache-Control: {PUBLIC_ANSWER}`. Every other answer under `/v1` depends on the "
    "caller (their hand, their games, whether a private game exists for them) and is "
    f"sent with `Cache-Control: {PRIVATE_ANSWER}` (a stream: `private, no-cache`) and "
    "`Vary: Authorization, Cookie`: no shared cache keeps it. Revalidate a game with "
    "`If-None-Match` (its ETag is its version).")


def cache_policy(response: Response) -> Response:
    """The `after_request` hook that marks every answer under /v1 (errors included) as
    `private` and varying with `Authorization` and `Cookie`, unless its view declared it public."""
    if not request.path.startswith("/v1/"):
        return response
    names = header_names(response)
    if "cache-control" not in names:
        response.headers.add("Cache-Control", PRIVATE_ANSWER)
    else:
        control = response.headers["Cache-Control"]
        if "public" in control:
            return response
        if "private" not in control:
            response.headers["Cache-Control"] = f"{PRIVATE_ANSWER}, {control}"
    if "vary" not in names:
        # Speed: the usual case written at once; `response.vary` parses the header into
        # a set that writes it back on every `add`
        response.headers.add("Vary", VARY)
        return response
    response.vary.add("Authorization")
    response.vary.add("Cookie")  # the web client's session (`service.web_session`)
    return response


def visible_to(table: Table, user: User | None) -> Viewer:
    """The caller as a viewer of `table`; a private table shows itself only to its
    players and its creator (404 to anyone else, so its existence is not revealed)."""
    user_id = user.user_id if user is not None else None
    viewer = Viewer.of(table, user_id)
    if table.private and viewer.seat is None and user_id != table.created_by:
        raise Problem("not-found", "There is no such game.")
    return viewer


def problems(blp: Blueprint, *kinds: str) -> Callable[[Any], Any]:
    """Document on an operation of `blp` the problem responses of these kinds."""
    def decorate(view: Any) -> Any:
        return documented(view, *(
            blp.alt_response(status, response=f"Problem{status}")
            for status in sorted({KINDS[kind].status for kind in kinds}, reverse=True)))
    return decorate


def doc(blp: Blueprint, **kwargs: Any) -> Callable[[Any], Any]:
    """`blp.doc(**kwargs)`: the same documentation, without a wrapper around the view."""
    return lambda view: documented(view, blp.doc(**kwargs))


def query_documented(blp: Blueprint, schema: Any) -> Callable[[Any], Any]:
    """`blp.arguments(schema, location="query")` for the spec only: the view reads its
    query itself (refusing what the schema refuses, with status 400)."""
    return lambda view: documented(view, blp.arguments(schema, location="query",
                                                       error_status_code=400))


def documented(view: Any, *decorators: Callable[[Any], Any]) -> Any:
    """`view` with the documentation that flask-smorest's `decorators` give it.

    Speed: `blp.doc` and `blp.alt_response` only document, but each wraps the view in
    a function that calls it through `ensure_sync` on every request (an operation
    with many problem statuses went through ten of them); the view keeps their
    `_apidoc` (the spec is the same) and sheds the wrappers.
    """
    wrapped = view
    for decorate in decorators:
        wrapped = decorate(wrapped)
    view._apidoc = wrapped._apidoc
    return view


# -- views more than one resource shows -------------------------------------------------

def game_as_seen(game_id: str, table: Table, viewer: Viewer) -> dict[str, Any]:
    """The game as `GET /v1/games/{id}` answers it to `viewer`: its view, with how many
    are watching (the table's first read answers the same)."""
    s = services()
    view = game_view(game_id, table, viewer, s.store.game_row(game_id))
    view["spectators"] = s.spectators.count(game_id)
    return view


def user_view(user: User) -> dict[str, Any]:
    return {"id": user.user_id, "name": user.name, "created_at": iso(user.created_at)}


def token_view(token: Token) -> dict[str, Any]:
    """A named token (never its secret)."""
    return {"id": token.token_id, "name": token.name, "scopes": sorted(token.scopes),
            "created_at": iso(token.created_at),
            "last_used_at": None if token.last_used_at is None else iso(token.last_used_at),
            "expires_at": None if token.expires_at is None else iso(token.expires_at)}


def change_view(row: ResultRow) -> dict[str, Any]:
    """One player's line of a finished game, with their rating before and after it."""
    before = Skill(row.mu_before, row.sigma_before, row.games_before)
    rated = row.mu_after is not None and row.sigma_after is not None
    after = (Skill(row.mu_after, row.sigma_after, row.games_before + 1)
             if row.mu_after is not None and row.sigma_after is not None else None)
    return {"user_id": row.user_id, "name": row.name, "seat": row.seat, "rank": row.rank,
            "winner": row.winner, "score": row.total, "rated": rated,
            "rating_before": before.rating,
            "rating_after": after.rating if after is not None else None,
            "change": after.rating - before.rating if after is not None else None,
            "games_before": row.games_before,
            "provisional": (after or before).provisional,
            "unrated_reason": row.unrated_reason}
