"""Replay and audit: export a game's log, verify an export with no trust in the server,
and import a verified finished game from another server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

from flask import Response, json, request
from flask.views import MethodView

from events.store import EventStore, VersionConflict
from events.verify import parse_lines, verify_export
from service.api.bodies import first_nul, read_json, refuse_repeated_keys
from service.api.common import (
    BEARER,
    Blueprint,
    doc,
    json_response,
    problems,
)
from service.api.readers import SHARE_READ, reader_of
from service.auth import bearer_token
from service.compute import aside
from service.problems import Problem
from service.replica_reads import stream_as_seen
from service.schemas import GameSchema, VerdictSchema
from service.services import services
from service.views import Viewer, ended, event_view, game_view

blp = Blueprint("audit", __name__, url_prefix="/v1",
                description="Export, verification and import of whole games.")
NDJSON = "application/x-ndjson"
MAX_EXPORT_BYTES = 16 * 1024 * 1024

_NDJSON = {"schema": {"type": "string", "minLength": 1, "description": (
    "NDJSON: one event per line, in version order, each as in the event feed "
    "(`game_id`, `version`, `position`, `type`, `schema_version`, `recorded_at`, `actor`, "
    "`data`, `hidden`).")}}
# An export is NDJSON, or the same events as a JSON array (for clients whose generator
# emits no NDJSON body: they send the events as they read them from a feed)
_EXPORT_BODY = {"required": True, "content": {NDJSON: _NDJSON, "application/json": {
    "schema": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/Event"},
               "description": "The export's events as a JSON array, in version order."}}}}


def export_lines(store: EventStore, game_id: str, viewer: Viewer, everything: bool,
                 version: int = 0) -> Iterator[str]:
    """The game's log as NDJSON lines, as `viewer` may see it, up to `version` at least
    (the version the caller's view of the game was loaded at)."""
    for record in stream_as_seen(store, game_id, version):
        yield json.dumps(event_view(record, viewer.seat, everything)) + "\n"


@blp.route("/games/<game_id>/export")
class Export(MethodView):
    @blp.response(200, content_type=NDJSON, description=(
        "The whole log: during play as you may see it, after the end complete (every "
        "hand, ticket, deck order and the seed)."))
    # the same lines as text/plain when asked: what generated clients read as text
    # (openapi-python-client's defaults know no NDJSON)
    @doc(blp, responses={200: {"content": {NDJSON: _NDJSON, "text/plain": _NDJSON}}})
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=SHARE_READ)
    def get(self, game_id: str) -> Any:
        """Export the game's log as NDJSON

        A share of the game (`Authorization: Share <capability>`) reads it too.
        """
        s = services()
        table = s.log.load(game_id)
        viewer = reader_of(game_id, table)
        body = "".join(export_lines(s.store, game_id, viewer, ended(table), table.version))
        asked = request.accept_mimetypes.best_match([NDJSON, "text/plain"], NDJSON)
        return Response(body, mimetype=asked, headers={
            "Content-Disposition": f'attachment; filename="{game_id}.ndjson"'})


# An export is read whole (up to 16 MiB): at most this many at once in a process, so
# that a burst of them cannot hold gigabytes (a gevent worker serves 1000 requests at
# once). The others wait their turn.
EXPORTS_AT_ONCE = 4
_exports_at_once = threading.BoundedSemaphore(EXPORTS_AT_ONCE)


def _raw_export() -> bytes:
    # an export is far larger than any command: it gets its own body limit
    request.max_content_length = MAX_EXPORT_BYTES
    return request.get_data(cache=True)


def _export_body() -> list[dict[str, Any]]:
    raw = _raw_export()
    if not raw:
        raise Problem("invalid-request", "Send the export (NDJSON) as the body.")
    try:
        records = parse_lines(_export_lines(raw, request.is_json))
    except (UnicodeDecodeError, ValueError) as error:
        raise Problem("invalid-request", f"The body is not NDJSON: {error}") from error
    for number, record in enumerate(records, start=1):
        # (SQLite would store a NUL, PostgreSQL refuses it: no store takes one)
        where = first_nul(record)
        if where is not None:
            raise Problem("invalid-request", f"Event {number}'s {where} holds a NUL "
                          "character.", errors={"body": {f"{number}.{where}": [
                              "Holds a NUL character (\\u0000)."]}})
    return records


def _export_lines(raw: bytes, as_json: bool) -> list[str]:
    """The export's lines: the NDJSON body's, or a JSON array's items, one per line; each
    read by the rules of every body (`service.api.bodies`: a 400 problem if it breaks one)."""
    if not as_json:
        lines = raw.decode("utf-8").splitlines()
        for line in lines:  # (the rest of those rules: `events.verify.parse_lines`)
            refuse_repeated_keys(line)
        return lines
    items = read_json(raw)
    if not isinstance(items, list):
        raise ValueError("a JSON export is an array of events")
    return [json.dumps(item) for item in items]


@blp.route("/verify")
class Verify(MethodView):
    @blp.response(200, VerdictSchema, description=(
        "The verdict (also when the export fails: `ok` is false and `first_failure` names "
        "the first event that does not follow from the rules, and why)."))
    @problems(blp, "invalid-request", "payload-too-large", "rate-limited")
    @blp.doc(requestBody=_EXPORT_BODY)
    def post(self) -> Any:
        """Verify an export: replay it through the rules, with no database

        Checks that every event follows from the previous state and the rules, that the
        seed matches its commitment, that every card dealt, drawn or revealed is the one
        the seed's shuffles put there, and that the final score is the rules'.
        """
        with _exports_at_once:
            raw = _raw_export()
            if not raw:
                raise Problem("invalid-request", "Send the export (NDJSON) as the body.")
            try:
                verdict = aside(_verify_bytes, raw, request.is_json)
            except UnicodeDecodeError as error:
                raise Problem("invalid-request", "The body is not UTF-8 text.") from error
            except ValueError as error:
                raise Problem("invalid-request", f"The body is not an export: {error}") from error
        return json_response(verdict)


def _verify_bytes(raw: bytes, as_json: bool) -> dict[str, Any]:
    # all of it aside: decoding and splitting 16 MiB take a tenth of a second too
    return _as_documented(verify_export(_export_lines(raw, as_json)).as_dict())


def _as_documented(verdict: dict[str, Any]) -> dict[str, Any]:
    """The verdict with what it echoes of a malformed export (a `type` that is no string,
    a `version` that is no integer) as null: the reason says what is wrong."""
    failure = verdict["first_failure"]
    if not isinstance(verdict["game_id"], str | None):
        verdict["game_id"] = None
    if failure is not None:
        if not isinstance(failure["type"], str | None):
            failure["type"] = None
        if not isinstance(failure["version"], int | None) or isinstance(failure["version"], bool):
            failure["version"] = None
    return verdict


@blp.route("/games/import")
class Import(MethodView):
    @blp.response(201, GameSchema, description="The imported game, finished and scored.")
    @problems(blp, "invalid-request", "unauthorized", "forbidden",
              "version-conflict", "rule-violation", "rate-limited")
    @doc(blp, security=BEARER, requestBody=_EXPORT_BODY)
    def post(self) -> Any:
        """Import a verified export of a finished game (administrators)

        The game keeps its id, events, actors and times; it arrives finished.
        """
        s = services()
        if not s.accounts.is_admin(bearer_token()):
            if bearer_token() is None:
                raise Problem("unauthorized", "Importing needs the administrator token.")
            raise Problem("forbidden", "Only the administrator imports games.",
                          code="not_admin")
        with _exports_at_once:
            records = _export_body()
            verdict = aside(verify_export, _lines(records))
        if not verdict.ok:
            raise Problem("rule-violation", f"The export does not verify: {verdict.reason}",
                          code="export_invalid", rule=verdict.reason or "",
                          first_failure=verdict.as_dict()["first_failure"])
        if verdict.score_matches is None:
            raise Problem("rule-violation", "Only a finished, scored game can be imported.",
                          code="export_invalid", rule="The export has no game_scored event.")
        game_id = str(verdict.game_id)
        try:
            table = s.referee.import_game(game_id, records).after
        except VersionConflict as error:
            raise Problem("version-conflict", f"A game {game_id} already exists here.",
                          current_version=error.current) from error
        return json_response(game_view(game_id, table, Viewer(None, None),
                                       s.store.game_row(game_id)), 201,
                             version=table.version,
                             headers={"Location": f"/v1/games/{game_id}"})


def _lines(records: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(r) for r in records]
