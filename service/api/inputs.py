"""What every request is checked for before its view runs (`check_request`): ids in the
path, the names of the query parameters, and the body, each refused with a problem
naming what is wrong (400; 415 for a body of a type the operation does not take), so
that no input reaches the stores or the rules in a form they cannot hold.

- A path id (a game's, a map's, a version) holds no control character: PostgreSQL
  cannot compare a text with NUL in it, and no id has one.
- A query parameter the operation does not document is refused, not ignored: the
  schemas are strict, and a typo (`min_verison=`) must not silently do nothing. The
  documented names come from the app's own OpenAPI document (`learn_operations`).
- A body comes as a media type the operation's spec documents (learned with the query
  names), and JSON text is read by the one reader, `service.api.bodies` (its rules:
  no key twice, UTF-8 only, no NaN, no NUL...), a view's and webargs' alike.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, current_app, request
from marshmallow import fields

from service.api.bodies import check_media_type, request_json
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


# The operations that read an export (up to 16 MiB, past the app's body limit) read
# their body themselves, through the same reader (`service.api.audit`)
READ_THEIR_OWN_BODY = frozenset({"audit.Verify", "audit.Import"})


def check_request() -> None:
    """The `before_request` hook: refuse what no view can take (see the module)."""
    if request.view_args:
        _check_path(request.view_args)
    if request.query_string:
        _check_query_names()
    accepted = learned(BODY_TYPES).get((request.endpoint or "", _method()))
    if accepted is not None:
        check_media_type(accepted)
    if request.is_json and request.endpoint not in READ_THEIR_OWN_BODY:
        request_json()


def _check_path(view_args: dict[str, Any]) -> None:
    for name, value in view_args.items():
        if isinstance(value, str) and _CONTROL.search(value):
            raise Problem("invalid-request", f"The path's {name} holds a control character.",
                          errors={"path": {name: ["Holds a control character (such as NUL)."]}})


def _check_query_names() -> None:
    known = learned(QUERY_NAMES).get((request.endpoint or "", _method()))
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


# -- what the spec documents of each operation ------------------------------------------------

# per (endpoint, method): the names of its query parameters, the media types of its body
QUERY_NAMES = "ttr-query-names"
BODY_TYPES = "ttr-body-types"
Learned = dict[tuple[str, str], frozenset[str]]


def learned(what: str) -> Learned:
    """What `learn_operations` learned (`QUERY_NAMES` or `BODY_TYPES`)."""
    known: Learned = current_app.extensions[what]
    return known


def learn_operations(app: Flask) -> None:
    """Remember, per endpoint and method, the query parameters the spec documents and
    the media types of the body it takes, if it takes one (once, when the app is made;
    every blueprint must be registered by then)."""
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    paths: dict[str, Any] = api.spec.to_dict()["paths"]
    names: Learned = {}
    bodies: Learned = {}
    for rule in app.url_map.iter_rules():
        operations = paths.get(_spec_path(rule.rule))
        if not operations:
            continue
        for method, operation in operations.items():
            if isinstance(operation, dict) and "responses" in operation:
                key = (rule.endpoint, method.upper())
                names[key] = frozenset(
                    p["name"] for p in operation.get("parameters", []) if p.get("in") == "query")
                if "requestBody" in operation:
                    bodies[key] = frozenset(operation["requestBody"]["content"])
    app.extensions[QUERY_NAMES] = names
    app.extensions[BODY_TYPES] = bodies


def _spec_path(rule: str) -> str:
    """The OpenAPI path of a Flask rule: `/v1/games/<int:version>` → `/v1/games/{version}`."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)
