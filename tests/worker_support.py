"""Helpers for the worker tests and `bench/scoring.py`: games played to (almost) their end
through `GameLog.execute`, a clock the test moves, a jobs port that only records.

(A module of helpers, named so that it stays among the worker's test files; it holds
no tests.)
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from domain.commands import Command
from domain.events import Event
from domain.moves import legal_moves
from domain.table import (
    Table,
    TableCommand,
    TakeSeat,
    create_game,
    decide_table,
    replay_table,
)
from events import GameLog, SqlStore, system_actor, user_actor
from events.outcome import Outcome
from messaging.notify import LocalNotifier
from referee.jobs import (
    BOT_TURN,
    DEADLINE,
    MATCH_BOTS,
    RATINGS,
    SCORE,
    SWEEP,
    TOURNAMENT,
    TOURNAMENT_START,
    WEBHOOK,
    WEBHOOK_FAN_OUT,
    WIN_CHANCES,
    Args,
    JobKind,
)
from worker.context import WorkerContext
from worker.queue import Jobs, queue_names

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
BULK_ACTOR = system_actor("test")


class FakeClock:
    """A clock that moves only when told (thread-safe)."""

    def __init__(self, start: datetime = T0) -> None:
        self._now = start
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            return self._now

    @property
    def now(self) -> datetime:
        return self()

    def advance(self, seconds: float = 0, **delta: float) -> datetime:
        """Move on by `seconds` and any other `timedelta` parts (`days=1`)."""
        with self._lock:
            self._now += timedelta(seconds=seconds, **delta)
            return self._now


@dataclass
class RecordingJobs:
    """A jobs port that only writes down what it was asked, by kind."""

    scored: list[str] = field(default_factory=list)
    deadlines: list[tuple[str, datetime]] = field(default_factory=list)
    fan_outs: list[tuple[str, int, list[dict[str, Any]]]] = field(default_factory=list)
    webhooks: list[tuple[str, datetime]] = field(default_factory=list)
    bot_turns: list[tuple[str, int]] = field(default_factory=list)
    ratings_asked: list[str] = field(default_factory=list)
    match_bots: list[tuple[str, datetime]] = field(default_factory=list)
    tournaments: list[Any] = field(default_factory=list)
    analyses: list[str] = field(default_factory=list)
    sweeps: int = 0
    closed: bool = False

    def enqueue(self, kind: JobKind[*Args], *args: *Args) -> None:
        given: tuple[Any, ...] = args
        if kind is SWEEP:
            self.sweeps += 1
            return
        lists: dict[str, list[Any]] = {
            SCORE.name: self.scored, DEADLINE.name: self.deadlines,
            WEBHOOK_FAN_OUT.name: self.fan_outs, WEBHOOK.name: self.webhooks,
            BOT_TURN.name: self.bot_turns, RATINGS.name: self.ratings_asked,
            MATCH_BOTS.name: self.match_bots, TOURNAMENT.name: self.tournaments,
            TOURNAMENT_START.name: self.tournaments, WIN_CHANCES.name: self.analyses}
        lists[kind.name].append(given[0] if len(given) == 1 else given)

    def close(self) -> None:
        self.closed = True


def clear_queue(redis_url: str, name: str) -> None:
    """Delete what RQ and the jobs kept in Redis for queue `name`, its webhook queue and
    its analysis queue."""
    import redis

    client = redis.Redis.from_url(redis_url)
    names = tuple(queue_names(name).values())
    keys = [k for n in names
            for pattern in (f"rq:*:{n}", f"rq:*:{n}:*", f"rq:*-lock:{n}", f"ttr:{n}:*")
            for k in client.scan_iter(pattern)]
    keys += [k for k in client.scan_iter("rq:job:*", count=1000)
             if client.hget(k, "origin") in {n.encode() for n in names}]
    if keys:
        client.delete(*keys)
    client.srem("rq:queues", *(f"rq:queue:{n}" for n in names))
    client.close()


def make_context(store: SqlStore, jobs: Jobs | None = None,
                 clock: Callable[[], datetime] | None = None) -> WorkerContext:
    return WorkerContext(store=store, log=GameLog(store), notifier=LocalNotifier(),
                         jobs=jobs if jobs is not None else RecordingJobs(),
                         clock=clock or store.clock)


def users(players: int) -> list[str]:
    return [f"u{i}" for i in range(players)]


def new_game(log: GameLog, game_id: str, *, map_name: str = "usa", players: int = 2,
             seed: bytes | None = None, turn_time_limit: int | None = None) -> Outcome:
    """Create the table and seat every player (the last seat starts the game)."""
    seed = seed if seed is not None else game_id.encode()
    created = create_game(map_name=map_name, seats=players, created_by="u0", seed=seed,
                          turn_time_limit=turn_time_limit)
    outcome = log.execute(game_id, lambda _: list(created), user_actor("u0"), new=True)
    for user in users(players):
        outcome = move(log, game_id, user, TakeSeat(user))
    return outcome


def to_act(table: Table) -> tuple[int, str]:
    """The seat (and its user) that acts next: a setup ticket choice, or the turn."""
    game = table.game
    assert game is not None and game.phase != "ended"
    if game.phase == "setup":
        seat = next(s for s, p in enumerate(game.players) if p.pending_tickets)
    else:
        seat = game.current
    return seat, table.seats[seat].user_id


def random_command(table: Table, rng: random.Random) -> tuple[str, Command]:
    assert table.game is not None
    seat, user = to_act(table)
    return user, rng.choice(legal_moves(table.game, seat))


def ended(table: Table) -> bool:
    return table.game is not None and table.game.phase == "ended"


def move(log: GameLog, game_id: str, user: str, command: Command | TableCommand) -> Outcome:
    """`user` sends `command`, as the API would have it run."""
    def decide(table: Table | None) -> list[Event]:
        assert table is not None
        return decide_table(table, user, command)

    return log.execute(game_id, decide, user_actor(user))


def play_moves(log: GameLog, game_id: str, rng: random.Random,
               stop: Callable[[Table], bool] = ended) -> Outcome | None:
    """Random legal moves, each through `GameLog.execute`, until `stop(table)`."""
    outcome = None
    table = log.load(game_id)
    while not stop(table):
        user, command = random_command(table, rng)
        outcome = move(log, game_id, user, command)
        table = outcome.after
    return outcome


def play_to_last_move(log: GameLog, game_id: str, rng: random.Random
                      ) -> tuple[str, Command]:
    """Play in memory up to the move that ends the game, append it all in one go, and
    return that last move (its user and command) for the caller to make.

    One append instead of hundreds keeps the tests and the benchmark quick; the last
    move still goes through `execute` like any player's (status playing → scoring).
    """
    start = log.load(game_id)
    table = start
    events: list[Event] = []
    while True:
        user, command = random_command(table, rng)
        new = decide_table(table, user, command)
        after = replay_table(new, table)
        if ended(after):
            break
        events += new
        table = after

    def decide(current: Table | None) -> list[Event]:
        assert current is not None and current.version == start.version
        return events

    if events:
        log.execute(game_id, decide, BULK_ACTOR)
    return user, command


def finished_game(log: GameLog, game_id: str, rng: random.Random, **options: object
                  ) -> Outcome:
    """A game just ended (status `scoring`): its last move's outcome."""
    new_game(log, game_id, **options)  # type: ignore[arg-type]
    user, command = play_to_last_move(log, game_id, rng)
    outcome = move(log, game_id, user, command)
    assert outcome.after.status == "scoring"
    return outcome


def event_types(store: SqlStore, game_id: str) -> list[str]:
    return [r.type for r in store.read_stream(game_id)]


def count_scored(store: SqlStore, game_id: str) -> int:
    return event_types(store, game_id).count("game_scored")
