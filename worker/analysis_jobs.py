"""The computer analysis of a finished game, as a job after its score (`referee.jobs.
WIN_CHANCES`, asked for by `referee.effects.follow_up` once a game is scored): computed
by the context's `worker.analyst.Analyst` within its budget, stored once
(`events.win_chances`) for the analysis endpoint. The same game and budget give the
same analysis, so a job that runs twice stores nothing new, and the store keeps the
first.
"""

from __future__ import annotations

import logging
import time

from events.win_chances import StoredWinChances
from worker.context import current_context

log = logging.getLogger(__name__)


def analyse_win_chances(game_id: str) -> str:
    """Compute and store the finished game's analysis. Returns ``analysed``; or, doing
    nothing, ``off`` (no budget), ``already_analysed`` or ``not_finished``."""
    ctx = current_context()
    analyst = ctx.analyst
    if analyst.budget <= 0:
        return "off"
    if ctx.store.win_chances_of(game_id) is not None:
        return "already_analysed"
    if ctx.log.load(game_id).status != "finished":
        return "not_finished"
    events = [r.event() for r in ctx.store.read_stream(game_id)]
    started = time.process_time()
    body = analyst.analyse(game_id, events)
    saved = ctx.store.save_win_chances(
        StoredWinChances(game_id, analyst.budget, body, ctx.clock()))
    log.info("game %s: win chances from %d decisions (%d playouts a position), %.2f s "
             "of this process's CPU", game_id, body["decisions"], body["playouts"],
             time.process_time() - started)
    return "analysed" if saved else "already_analysed"
