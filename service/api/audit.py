"""Replay and audit: export a game's log, verify an export with no trust in the server,
and import a verified finished game from another server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

from flask import Response, json, request
from flask.views import MethodView
from flask_smorest import Blueprint

from events.store import EventStore, VersionConflict
from events.verify import parse_lines, verify_export
from service.api.common import BEARER, PUBLIC_READ, doc, json_response, problems, visible_to
from service.api.inputs import first_nul
from service.app import services
from service.auth import bearer_token, optional_user
from service.compute import aside
from service.problems import Problem
from service.views import Viewer, ended, event_view, game_view

blp = Blueprint("audit", __name__, url_prefix="/v1",
                description="Export, verification and import of whole games.")
NDJSON = "application/x-ndjson"
MAX_EXPORT_BYTES = 16 * 1024 * 1024

_NDJSON_BODY = {"schema": {"type": "string", "minLength": 1, "description": (
    "NDJSON: one event per line, in version order, each as in the event feed "
    "(`game_id`, `version`, `position`, `type`, `schema_version`, `recorded_at`, `actor`, "
    "`data`, `hidden`).")}}


def export_lines(store: EventStore, game_id: str, viewer: Viewer,
                 everything: bool) -> Iterator[str]:
    """The game's log as NDJSON lines, as `viewer` may see it."""
    for record in store.read_stream(game_id):
        yield json.dumps(event_view(record, viewer.seat, everything)) + "\n"


@blp.route("/games/<game_id>/export")
class Export(MethodView):
    @blp.response(200, content_type=NDJSON, description=(
        "The whole log: during play as you may see it, after the end complete (every "
        "hand, ticket, deck order and the seed)."))
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=PUBLIC_READ)
    def get(self, game_id: str) -> Any:
        """Export the game's log as NDJSON"""
        s = services()
        table = s.log.load(game_id)
        viewer = visible_to(table, optional_user())
        body = "".join(export_lines(s.store, game_id, viewer, ended(table)))
        return Response(body, mimetype=NDJSON, headers={
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
        records = parse_lines(raw.decode("utf-8").splitlines())
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


@blp.route("/verify")
class Verify(MethodView):
    @blp.response(200, description=(
        "The verdict (also when the export fails: `ok` is false and `first_failure` names "
        "the first event that does not follow from the rules, and why)."))
    @problems(blp, "invalid-request", "payload-too-large", "rate-limited")
    @blp.doc(requestBody={"required": True, "content": {NDJSON: _NDJSON_BODY}})
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
                verdict = aside(_verify_bytes, raw)
            except UnicodeDecodeError as error:
                raise Problem("invalid-request", "The body is not UTF-8 text.") from error
        return json_response(verdict)


def _verify_bytes(raw: bytes) -> dict[str, Any]:
    # all of it aside: decoding and splitting 16 MiB take a tenth of a second too
    return verify_export(raw.decode("utf-8").splitlines()).as_dict()


@blp.route("/games/import")
class Import(MethodView):
    @blp.response(201, description="The imported game, finished and scored.")
    @problems(blp, "invalid-request", "unauthorized", "forbidden",
              "version-conflict", "rule-violation", "rate-limited")
    @doc(blp, security=BEARER,
         requestBody={"required": True, "content": {NDJSON: _NDJSON_BODY}})
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
