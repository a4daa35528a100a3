"""A finished game's post-game analysis and its rating changes.

Served only once the game is scored (before, 404: nothing of a running game's hidden
information may leak through it); by then every event is public. The analysis
(`domain.analysis`) is a pure function of a game that no longer changes, so each
process keeps the latest few it computed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from flask.views import MethodView

from domain.analysis import analyse
from events.ports import WinChanceStore
from events.store import EventStore
from service.api.common import (
    Blueprint,
    change_view,
    doc,
    json_response,
    problems,
)
from service.api.readers import SHARE_READ, reader_of
from service.problems import Problem
from service.replica_reads import from_replica, stream_as_seen
from service.schemas.ratings import AnalysisSchema, GameRatingsSchema
from service.services import services

blp = Blueprint("analysis", __name__, url_prefix="/v1",
                description="What happened in a finished game, and how it moved ratings.")

CACHED_ANALYSES = 256
_cache: OrderedDict[tuple[int, str, int], dict[str, Any]] = OrderedDict()
_cache_lock = threading.Lock()


def _finished(game_id: str) -> tuple[Any, str]:
    """The finished game's table and map; 404 for a game not (yet) finished."""
    s = services()
    table = s.log.load(game_id)
    reader_of(game_id, table)
    if table.status != "finished":
        raise Problem("not-found", "The game is not finished: its analysis and rating "
                                   "changes come once it is scored.")
    return table, table.map


def ratings_view(game_id: str, map_name: str) -> dict[str, Any]:
    with from_replica():
        rows = services().store.results_of_games([game_id])[game_id]
    return {"game_id": game_id, "map": map_name, "projected": bool(rows),
            "players": [change_view(r) for r in rows]}


def win_chances_view(store: WinChanceStore, game_id: str, budget: float) -> dict[str, Any]:
    """The computer analysis as stored by its job, or `pending` until it is (read anew
    each time: unlike the rest, it arrives after the game's last version); `off` when
    none is stored and this installation computes none (`budget` 0)."""
    with from_replica():
        stored = store.win_chances_of(game_id)
    if stored is None:
        return {"status": "pending" if budget > 0 else "off"}
    return {"status": "ready", "budget": stored.budget, **stored.body}


def analysis_of(store: EventStore, game_id: str, version: int) -> dict[str, Any]:
    key = (id(store), game_id, version)
    with _cache_lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    events = [r.event() for r in stream_as_seen(store, game_id, version)]
    body = {"game_id": game_id, **analyse(events).as_dict()}
    with _cache_lock:
        _cache[key] = body
        while len(_cache) > CACHED_ANALYSES:
            _cache.popitem(last=False)
    return body


@blp.route("/games/<game_id>/analysis")
class Analysis(MethodView):
    @blp.response(200, AnalysisSchema)
    @problems(blp, "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=SHARE_READ)
    def get(self, game_id: str) -> Any:
        """A finished game's analysis: score after every turn, ticket timeline, cards,
        routes, tunnels, kinds of turns, swing moves, win chances and rating changes

        See docs/analysis.md for the definitions (a turn, a ticket's completion, a swing).
        A share of the game (`Authorization: Share <capability>`) reads it too.
        """
        table, map_name = _finished(game_id)
        body = analysis_of(services().store, game_id, table.version)
        return json_response({**body,
                              "win_chances": win_chances_view(
                                  services().store, game_id,
                                  services().settings.analysis_budget),
                              "ratings": ratings_view(game_id, map_name)},
                             version=table.version)


@blp.route("/games/<game_id>/ratings")
class GameRatings(MethodView):
    @blp.response(200, GameRatingsSchema)
    @problems(blp, "unauthorized", "not-found", "rate-limited")
    @doc(blp, security=SHARE_READ)
    def get(self, game_id: str) -> Any:
        """How a finished game moved its players' ratings"""
        _, map_name = _finished(game_id)
        return json_response(ratings_view(game_id, map_name))
