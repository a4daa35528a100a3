"""What every request is checked for before its view runs (`check_request`): ids in the
path, the names of the query parameters, and a JSON body, each refused with a 400
problem naming what is wrong, so that no input reaches the stores or the rules in a
form they cannot hold.

- A path id (a game's, a map's, a version) holds no control character: PostgreSQL
  cannot compare a text with NUL in it, and no id has one.
- A query parameter the operation does not document is refused, not ignored: the
  schemas are strict, and a typo (`min_verison=`) must not silently do nothing. The
  documented names come from the app's own OpenAPI document (`query_names`).
- A JSON body is parsed once, by `events.jsontext` (orjson): it refuses NaN, Infinity,
  numbers beyond a double (`1e400`, an integer of 400 digits) and lone surrogates
  (`"\\ud800"`), which the standard library's parser (the one webargs uses) accepts or
  turns into an exception of its own. No string in it (key or value) holds NUL: SQLite
  would store it and PostgreSQL refuse it, so an export of one store could not be
  imported into the other.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from flask import Flask, current_app, g, request
from marshmallow import fields

from events.jsontext import parse
from service.problems import Problem
from service.schemas import StrictSchema

# C0 and C1 control characters and DEL: no id holds one
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# the same rule, as the spec's `pattern` of every path id
PATH_ID_PATTERN = r"^[^\x00-\x1f\x7f-\x9f]+$"


# what the spec says of every string a client sends in a body (`document_no_nul`)
NO_NUL_PATTERN = r"^[^\x00]*$"


def document_no_nul(converter: Any, field: Any, ret: dict[str, Any],
                    **kwargs: Any) -> dict[str, Any]:
    """An apispec attribute function: a string field of a request schema (a
    `StrictSchema`) without a pattern of its own gets `NO_NUL_PATTERN`, so the
    spec says what `check_request` refuses."""
    if (isinstance(field, fields.String) and isinstance(field.parent, StrictSchema)
            and ret.get("type") == "string" and "pattern" not in ret and "enum" not in ret):
        return {"pattern": NO_NUL_PATTERN}
    return {}


def path_id_schema(converter: Any) -> dict[str, Any]:
    """The spec's schema of a path id (flask-smorest's converter documentation)."""
    return {"type": "string", "minLength": 1, "pattern": PATH_ID_PATTERN}


# The operations that read an export (up to 16 MiB, past the app's body limit) read and
# check their body themselves, NUL included (`service.api.audit`)
READ_THEIR_OWN_BODY = frozenset({"audit.Verify", "audit.Import"})


def check_request() -> None:
    """The `before_request` hook: refuse what no view can take (see the module)."""
    if request.view_args:
        _check_path(request.view_args)
    if request.query_string:
        _check_query_names()
    if request.is_json and request.endpoint not in READ_THEIR_OWN_BODY:
        _check_json_body()


def _check_path(view_args: dict[str, Any]) -> None:
    for name, value in view_args.items():
        if isinstance(value, str) and _CONTROL.search(value):
            raise Problem("invalid-request", f"The path's {name} holds a control character.",
                          errors={"path": {name: ["Holds a control character (such as NUL)."]}})


def _check_query_names() -> None:
    known = query_names().get((request.endpoint or "", _method()))
    if known is None:  # not an API operation (pages, assets, probes)
        return
    unknown = sorted(name for name in request.args if name not in known)
    if unknown:
        documented = ", ".join(sorted(known)) or "none"
        raise Problem("invalid-request",
                      f"Unknown query parameter(s): {', '.join(unknown)} (this operation "
                      f"takes: {documented}).",
                      errors={"query": {name: ["Unknown parameter."] for name in unknown}})


def _method() -> str:
    return "GET" if request.method == "HEAD" else request.method


def _check_json_body() -> None:
    data = request.get_data(cache=True)
    if not data:
        return
    try:
        body = parse(data)
    except ValueError as error:
        raise Problem("invalid-request", f"The body is not valid JSON: {error}") from error
    where = first_nul(body)
    if where is not None:
        raise Problem("invalid-request", f"{where or 'The body'} holds a NUL character.",
                      errors={"json": {where or "_body": ["Holds a NUL character (\\u0000)."]}})
    g.json_body = body


def first_nul(value: Any, path: str = "") -> str | None:
    """The path (`players.0.name`) of the first string in `value` holding NUL, keys
    included; None if there is none."""
    for where, text in _strings(value, path):
        if "\x00" in text:
            return where
    return None


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    # iterative: a body nested a thousand deep must not exhaust the interpreter's stack
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            yield where, item
        elif isinstance(item, dict):
            for key, child in item.items():
                child_path = f"{where}.{key}" if where else str(key)
                yield child_path, str(key)
                stack.append((child_path, child))
        elif isinstance(item, list):
            stack.extend((f"{where}.{i}" if where else str(i), child)
                         for i, child in enumerate(item))


# -- the documented query parameters ---------------------------------------------------------

QueryNames = dict[tuple[str, str], frozenset[str]]


def query_names() -> QueryNames:
    names: QueryNames = current_app.extensions["ttr-query-names"]
    return names


def learn_query_names(app: Flask) -> None:
    """Remember, per endpoint and method, the query parameters the spec documents (once,
    when the app is made; every blueprint must be registered by then)."""
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    paths: dict[str, Any] = api.spec.to_dict()["paths"]
    names: QueryNames = {}
    for rule in app.url_map.iter_rules():
        operations = paths.get(_spec_path(rule.rule))
        if not operations:
            continue
        for method, operation in operations.items():
            if isinstance(operation, dict) and "responses" in operation:
                names[(rule.endpoint, method.upper())] = frozenset(
                    p["name"] for p in operation.get("parameters", []) if p.get("in") == "query")
    app.extensions["ttr-query-names"] = names


def _spec_path(rule: str) -> str:
    """The OpenAPI path of a Flask rule: `/v1/games/<int:version>` → `/v1/games/{version}`."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)
