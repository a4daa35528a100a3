"""The ratings job: project the scored games onto ratings, results and statistics.

Asked for (`referee.jobs.RATINGS`) by `referee.effects.follow_up` when a game has just been
scored, and by the sweep while scored games remain unprojected. Whatever game asked,
the job projects every scored game after the projection's cursor, in the order their
`game_scored` events reached the log (`events.ratings`): so a game is projected once
however often, and in whatever order, the jobs run, and a game scored while Redis was
down is projected by the next job or sweep. Each game is judged by the rules against
farming (`domain.rating_rules`, docs/ratings.md) in the projection itself, the same
judgement `ttr ratings rebuild` makes.
"""

from __future__ import annotations

import logging
import time

from worker.context import current_context

log = logging.getLogger(__name__)

BATCH = 200  # games per call of the store (each in its own transaction)


def project_ratings(game_id: str) -> str:
    """Project every scored game not yet projected (`game_id`: the game that asked, for
    the job's id and the logs). ``projected`` (some were) or ``up_to_date``."""
    ctx = current_context()
    started = time.perf_counter()
    total = 0
    while True:
        done = ctx.store.project_scored_games(BATCH)
        total += len(done)
        if len(done) < BATCH:
            break
    if total:
        log.info("ratings: %d scored games projected in %.3f s (asked by %s)", total,
                 time.perf_counter() - started, game_id)
    return "projected" if total else "up_to_date"
