"""A table's first read (`GET /v1/games/{game_id}/table`): the game, its events and the
caller's moves, from one state of the game, in one answer.

A client drawing a table needs all three at once. Read apart, they can straddle a
change (moves of one version beside the game of the next, which the client must notice
and read again), and on a phone each read costs its own round trip and its own work on
the page's thread. The web client's page begins with this read (static/app/early.js).
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service.api.common import (
    PUBLIC_READ,
    Blueprint,
    doc,
    game_as_seen,
    json_response,
    problems,
    visible_to,
)
from service.auth import optional_user
from service.replica_reads import stream_as_seen
from service.schemas import TableSchema
from service.services import services
from service.views import ended, event_view, moves_answer

blp = Blueprint("tables", __name__, url_prefix="/v1/games/<game_id>/table",
                description="A table's first read: the game, its events and your moves at "
                            "one version.")

# as many events as one page of the game's feed holds (EventsArgsSchema's `limit`)
FIRST_EVENTS = 5000


@blp.route("")
class Table(MethodView):
    @blp.response(200, TableSchema)
    @problems(blp, "invalid-request", "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=PUBLIC_READ)
    def get(self, game_id: str) -> Any:
        """The game, its events and your moves, at one version

        What a table needs to be drawn, read at once from one state of the game: `game`
        as `GET /v1/games/{game_id}` answers it, `events` as `GET …/events?after=0`
        does (up to the game's version), and, if you hold a seat, `moves` as `GET
        …/moves` does (else null). All three are of the version `game.version`, so a
        client need not reconcile reads that straddle a change; follow the game from
        there with `GET …/events` (a stream with `Last-Event-ID` that version).
        """
        s = services()
        table = s.log.load(game_id)
        viewer = visible_to(table, optional_user())
        # (an event appended since the load is left for the stream: all three of one version)
        records = [r for r in stream_as_seen(s.store, game_id, table.version, 0, FIRST_EVENTS)
                   if r.version <= table.version]
        everything = ended(table)
        moves = None if viewer.seat is None else moves_answer(game_id, table, viewer)
        return json_response({
            "game": game_as_seen(game_id, table, viewer),
            "events": {"game_id": game_id, "version": table.version,
                       "events": [event_view(r, viewer.seat, everything) for r in records]},
            "moves": moves,
        }, version=table.version)
