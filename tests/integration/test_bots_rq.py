"""A game between a person and a bot on PostgreSQL + Redis: every bot move is an RQ job
run by a real `ttr worker` process, asked for by the referee after each change."""

from __future__ import annotations

import random
import time
from pathlib import Path

from bootstrap import bootstrap
from domain.commands import command_from_dict
from domain.moves import legal_moves
from domain.table import seats_to_act
from events import SqlStore
from referee.referee import NewGame
from referee.settings import Settings
from tests.api_support import choose
from tests.integration.test_worker_rq import Workers, game_id, wait_for
from worker.context import WorkerContext


def test_a_game_between_a_person_and_a_bot_progresses_through_rq_jobs(
        tmp_path: Path, pg_schema_url: str, pg_store: SqlStore, redis_url: str,
        queue: str) -> None:
    ctx = bootstrap(Settings(database_url=pg_schema_url, redis_url=redis_url, queue=queue,
                             bot_pause=0.0, analysis_budget=0.0))
    workers = Workers(tmp_path, pg_schema_url, redis_url, queue)
    workers.start(TTR_BOT_PAUSE="0")
    gid = game_id()
    rng = random.Random(5)
    try:
        ctx.referee.create_game(gid, "alice", NewGame(
            map_name="usa", seats=2, join_as="Alice", bots=("medium",)))
        end = time.monotonic() + 240
        while time.monotonic() < end:
            wait_for(lambda: alice_to_act(ctx, gid), 30, "the bot's move", workers)
            table = ctx.log.load(gid)
            if table.status != "playing":
                break
            assert table.game is not None
            moves = [m.as_dict() for m in legal_moves(table.game, 0)]
            command = command_from_dict(choose(moves, rng))
            ctx.referee.act(gid, "alice", command, kind=command.as_dict()["type"],
                            request_hash="")
        wait_for(lambda: ctx.log.load(gid).status == "finished", 30, "the score", workers)
        recorded = list(pg_store.read_stream(gid))
        bot_turns = {r.version for r in recorded if r.actor == "seat:1"}
        assert len(bot_turns) >= 20  # the bot played its whole game, through the worker
        assert recorded[-1].type == "game_scored"
    finally:
        workers.stop_all()
        ctx.close()


def alice_to_act(ctx: WorkerContext, gid: str) -> bool:
    """The person (seat 0) must act, or the game is over."""
    table = ctx.log.load(gid)
    return table.status != "playing" or 0 in seats_to_act(table)
