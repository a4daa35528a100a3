"""Scored games for the ratings and analysis tests: whole streams in memory (pure), or
played through the log and scored by the referee (a store), or appended whole; and
the projection as each adapter shows it."""

from __future__ import annotations

import random
import time
from typing import Any, Literal

from domain.autoplay import deadline, game_seed, play_random_game
from domain.commands import Resign, TimeOut
from domain.decide import execute, execute_system
from domain.events import Event, TurnEnded
from domain.evolve import replay
from domain.moves import legal_moves
from domain.setup import start_game
from domain.table import SeatTaken, create_game, replay_table, score_table
from events import NewEvent, SqlStore, system_actor
from events.ports import EventStore, Ratings
from tests.worker_support import finished_game, make_context


def scored_stream(map_name: str, players: int, number: int, *, rated: bool = True,
                  users: list[str] | None = None, bots: frozenset[str] = frozenset()
                  ) -> list[Event]:
    """The whole stream of a random game of `players` on `map_name`, scored (`bots`:
    the users seated as bots)."""
    seed = game_seed(21, number)
    events = _seated(map_name, players, seed, rated, users, bots)
    _, played = play_random_game(map_name, players, seed, random.Random(number))
    events += played
    return events + score_table(replay_table(events))


def leaving_stream(users: list[str], number: int, seat: int,
                   how: Literal["resign", "time_out"], after: int) -> list[Event]:
    """A random game of `users` on the USA, scored, in which `seat`'s player resigns (or
    times out and is dropped, `how`) when their turn comes after `after` turns of their
    own."""
    seed = game_seed(21, number)
    events = _seated("usa", len(users), seed, True, users, frozenset())
    game = replay(start_game("usa", len(users), seed))
    played: list[Event] = list(start_game("usa", len(users), seed))
    choices, own, left = random.Random(number), 0, False
    while game.phase != "ended":
        if game.phase == "setup":
            actor = next(s for s, p in enumerate(game.players) if p.pending_tickets)
        else:
            actor = game.current
        if not left and actor == seat and game.phase == "playing" and own == after:
            left = True
            new, game = (execute(game, seat, Resign()) if how == "resign" else
                         execute_system(game, TimeOut((seat,), deadline(1), 1)))
        else:
            new, game = execute(game, actor, choices.choice(legal_moves(game, actor)))
            own += sum(1 for e in new if isinstance(e, TurnEnded) and e.seat == seat)
        played += new
    events += played
    return events + score_table(replay_table(events))


def _seated(map_name: str, players: int, seed: bytes, rated: bool,
            users: list[str] | None, bots: frozenset[str]) -> list[Event]:
    names = users or [f"u{i}" for i in range(players)]
    events: list[Event] = [*create_game(map_name=map_name, seats=players,
                                        created_by=names[0], seed=seed, rated=rated)]
    return events + [SeatTaken(seat=i, user_id=u, name=u.upper(),
                               bot="easy" if u in bots else None)
                     for i, u in enumerate(names)]


def score_games(store: SqlStore, count: int, seed: int = 1) -> list[str]:
    """`count` games of two players played to their end and scored by the referee."""
    ctx = make_context(store)
    ids = []
    for i in range(count):
        gid = f"g{seed}-{i}"
        finished_game(ctx.log, gid, random.Random(seed * 1000 + i))
        ctx.referee.score(gid)
        ids.append(gid)
    return ids


def projection(store: SqlStore) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the ratings projection, in a stable order."""
    tables = {"rated_games": "game_id", "player_results": "game_id, user_id",
              "ratings": "map, user_id", "user_stats": "user_id, map",
              "user_routes": "user_id, route", "rating_cursor": "id"}
    out = {}
    with store.reading() as cur:
        for table, order in tables.items():
            cur.execute(f"SELECT * FROM {table} ORDER BY {order}")
            out[table] = [tuple(r) for r in cur.fetchall()]
    return out


def project_all(store: Ratings, game_ids: list[str], attempts: int = 500) -> None:
    """Project until every game of `game_ids` is projected. On a PostgreSQL that other
    sessions share, a game is past the feeds' safe horizon only once every transaction
    older than its score has ended, so the job may need to come back."""
    for _ in range(attempts):
        store.project_scored_games()
        if all(store.results_of_games(game_ids).values()):
            return
        time.sleep(0.01)
    raise AssertionError(f"not projected: {game_ids}")


def append_scored(store: EventStore, game_id: str, events: list[Event]) -> None:
    """Append a whole scored stream (`scored_stream`) as game `game_id`."""
    store.append(game_id, [NewEvent(e, system_actor("test")) for e in events], 0)


def figures(store: Ratings, game_ids: list[str]) -> dict[str, Any]:
    """Everything the ratings port shows of the games `game_ids` and their players (the
    projection as any adapter holds it)."""
    lines = store.results_of_games(game_ids)
    users = sorted({r.user_id for rows in lines.values() for r in rows})
    maps = sorted({r.map for rows in lines.values() for r in rows})
    return {
        "games": lines,
        "boards": {(m, bots): store.leaderboard(m, bots, 0, 1000, min_games=1)
                   for m in maps for bots in (False, True)},
        "players": {u: store.results_of_player(u, limit=1000) for u in users},
        "entries": {(m, u): store.board_entry(m, u, min_games=1) for m in maps for u in users},
        "profiles": {u: store.profile(u, min_games=1) for u in users},
        "unprojected": store.unprojected_games(),
    }
