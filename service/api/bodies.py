"""The one reader of request bodies: what media type a body may come as, and what JSON
text is taken. Every body of the API goes through here, whether a view reads it
(`request_json`), webargs does (`service.api.common.Blueprint`), or the audit views read
an export's JSON array (`read_json`).

The rules, each refused with a problem naming it, before anything changes:

- An operation that takes a body takes it only as the media types its spec documents
  (`application/json`; an export also `application/x-ndjson`). A body sent without
  `Content-Type`, or as anything else (`text/plain`, even holding valid JSON), is
  refused 415 `unsupported-media-type`, naming the types the operation takes: a body
  is never guessed at.
- A body is UTF-8, the only encoding JSON text exchanged between systems may use (RFC
  8259 §8.1). A `charset` parameter is optional; any other than `utf-8` is refused 400
  `invalid-request` (`charset=klingon` is not a body we can read), as are bytes that
  are not UTF-8.
- JSON text is parsed once, by `events.jsontext` (orjson): NaN, Infinity, numbers beyond
  a double (`1e400`, an integer of 400 digits) and lone surrogates (`"\\ud800"`) are not
  JSON. An object names each member once: `{"seats": 2, "seats": 5}` means nothing
  sure (parsers keep the first, the last, or refuse), so it is refused 400, wherever
  it is nested. No string in it (key or value) holds NUL: SQLite would store it and
  PostgreSQL refuse it, so an export of one store could not be imported into the other.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from apispec import BasePlugin
from flask import g, request

from events.jsontext import parse
from service.problems import KINDS, Problem

JSON = "application/json"
UTF_8 = "utf-8"


class MediaTypePlugin(BasePlugin):
    """Documents the 415 answer on every operation that takes a body (`check_media_type`)."""

    def operation_helper(self, path: str | None = None,
                         operations: dict[str, Any] | None = None, **_: Any) -> None:
        status = KINDS["unsupported-media-type"].status
        for operation in (operations or {}).values():
            if "requestBody" in operation:
                operation.setdefault("responses", {}).setdefault(status, f"Problem{status}")


def check_media_type(accepted: frozenset[str]) -> None:
    """Refuse a body that is not one of the `accepted` media types, or not UTF-8. A
    request without a body passes (the view says what it misses)."""
    if not _has_body():
        return
    if request.mimetype not in accepted:
        takes = " or ".join(sorted(accepted))
        sent = request.mimetype or "no Content-Type"
        raise Problem(
            "unsupported-media-type",
            f"This operation takes its body as {takes} (say so in Content-Type); the "
            f"request sent {sent}.",
            errors={"headers": {"Content-Type": [f"Must be {takes}."]}})
    check_charset()


def check_charset() -> None:
    """Refuse a body whose Content-Type names a charset other than UTF-8."""
    charset = request.mimetype_params.get("charset")
    if charset is not None and charset.strip().lower() != UTF_8:
        raise Problem("invalid-request",
                      f"The body's charset is {charset!r}: only utf-8 is read (the charset "
                      "parameter may be left out).",
                      errors={"headers": {"Content-Type": ["Only charset=utf-8."]}})


def _has_body() -> bool:
    # (a chunked body has no length until it is read)
    return bool(request.content_length) or "chunked" in request.headers.get(
        "Transfer-Encoding", "").lower()


def request_json() -> Any:
    """The request's JSON body, read (once) by `read_json`; None without one."""
    if "json_body" not in g:
        data = request.get_data(cache=True)
        check_charset()
        g.json_body = read_json(data) if data else None
    return g.json_body


def read_json(data: bytes | str) -> Any:
    """The value of the JSON text `data`, by the rules of the module; a 400 problem
    naming the first one it breaks."""
    try:
        value = parse(data)
    except ValueError as error:
        raise Problem("invalid-request", f"The body is not valid JSON: {error}") from error
    where, keys = _scan(value)
    # Speed: a second parse looks for a repeated key, unless the text has no more colons
    # than the value has keys. Each key of the text is followed by a colon outside any
    # string, so then the text has no more keys than the value: none was repeated
    # (orjson keeps one of a repeated key). An action's body, with no colon in its
    # strings, is parsed once.
    if data.count(b":" if isinstance(data, bytes) else ":") > keys:  # type: ignore[arg-type]
        refuse_repeated_keys(data)
    if where is not None:
        raise Problem("invalid-request", f"{where or 'The body'} holds a NUL character.",
                      errors={"json": {where or "_body": ["Holds a NUL character (\\u0000)."]}})
    return value


def refuse_repeated_keys(data: bytes | str) -> None:
    """A 400 problem if an object of the JSON text `data` names a member twice (text
    that is not JSON passes: its parser says what is wrong with it).

    orjson keeps the last of a repeated member and cannot say it saw two; the standard
    library's parser hands each object's pairs over in order."""
    try:
        _IN_ORDER.decode(data.decode() if isinstance(data, bytes) else data)
    except _RepeatedKey as repeated:
        raise Problem("invalid-request",
                      f"An object of the body names its member {repeated.key!r} twice.",
                      errors={"json": {repeated.key: ["Named twice in one object."]}}) from None
    except ValueError:  # not JSON: not this check's to say
        return
    # (JSON nested deeper than this parser reads raises RecursionError: the app answers
    # 400, "nested too deeply", as it does wherever it meets one)


class _RepeatedKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _refuse_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    members: dict[str, Any] = {}
    for key, value in pairs:
        if key in members:
            raise _RepeatedKey(key)
        members[key] = value
    return members


_IN_ORDER = json.JSONDecoder(object_pairs_hook=_refuse_repeats)


def first_nul(value: Any, path: str = "") -> str | None:
    """The path (`players.0.name`) of the first string in `value` holding NUL, keys
    included; None if there is none."""
    for where, text, _ in _strings(value, path):
        if "\x00" in text:
            return where
    return None


def _scan(value: Any) -> tuple[str | None, int]:
    """`first_nul(value)`, and how many keys the objects in `value` hold, in one walk."""
    first: str | None = None
    keys = 0
    for where, text, is_key in _strings(value, ""):
        keys += is_key
        if first is None and "\x00" in text:
            first = where
    return first, keys


def _strings(value: Any, path: str) -> Iterator[tuple[str, str, bool]]:
    """Every string in `value` (keys included: True) with its path."""
    # iterative: a body nested a thousand deep must not exhaust the interpreter's stack
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            yield where, item, False
        elif isinstance(item, dict):
            for key, child in item.items():
                child_path = f"{where}.{key}" if where else str(key)
                yield child_path, str(key), True
                stack.append((child_path, child))
        elif isinstance(item, list):
            stack.extend((f"{where}.{i}" if where else str(i), child)
                         for i, child in enumerate(item))
