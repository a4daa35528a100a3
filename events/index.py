"""The games index: one row per game and one per seated player, kept beside the log.

The index answers what the log cannot answer cheaply: the open games of the lobby,
a user's games and whether it is their turn, the turn deadlines that have passed,
the games waiting for their score. It is written in the same transaction as the
events it summarises (an append carries a `GameSummary`), so it is never behind the
log; it holds nothing that cannot be rebuilt from the log. `GameIndexTables` reads
it (`events.ports.GamesIndex`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from domain.deadline_pauses import deadline_after
from domain.table import Table, seats_to_act
from events.database import Database

PLAYER_COLUMNS = "game_id, user_id, seat, name, to_act, out"
GAME_COLUMNS = ("game_id, map, status, private, seats, seats_taken, created_by, created_at, "
                "version, last_activity, deadline, turn_time_limit")


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    user_id: str
    seat: int
    name: str
    to_act: bool  # the player must act now (their turn, or their setup ticket choice)
    # "resigned" or "dropped" once they have left; "replaced" while a stand-in bot holds
    # their seat (the row keeps the game among theirs until they come back)
    out: str | None
    bot: str | None = None  # a bot's level (read from its account); None: a person


@dataclass(frozen=True, slots=True)
class GameSummary:
    game_id: str
    map: str
    status: str  # open, playing, scoring, finished
    private: bool
    seats: int
    created_by: str
    created_at: datetime
    version: int
    last_activity: datetime
    turn_time_limit: int | None
    deadline: datetime | None
    # False: keep the deadline already stored (the same turn goes on)
    deadline_changed: bool
    players: tuple[PlayerSummary, ...] = ()
    # the players whose rows changed, and the users who left the table
    changed_players: tuple[PlayerSummary, ...] = ()
    departed: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game as the index holds it."""
    game_id: str
    map: str
    status: str
    private: bool
    seats: int
    seats_taken: int
    created_by: str
    created_at: datetime
    version: int
    last_activity: datetime
    deadline: datetime | None
    turn_time_limit: int | None
    players: tuple[PlayerSummary, ...] = ()


UPSERT_GAME = (
    f"INSERT INTO games ({GAME_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) "
    "ON CONFLICT (game_id) DO UPDATE SET status = excluded.status, "
    "seats_taken = excluded.seats_taken, version = excluded.version, "
    "last_activity = excluded.last_activity, "
    "deadline = CASE WHEN %s THEN excluded.deadline ELSE games.deadline END"
)
UPSERT_PLAYER = (
    f"INSERT INTO game_players ({PLAYER_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s) "
    "ON CONFLICT (game_id, user_id) DO UPDATE SET seat = excluded.seat, name = excluded.name, "
    "to_act = excluded.to_act, out = excluded.out"
)
DELETE_PLAYER = "DELETE FROM game_players WHERE game_id = %s AND user_id = %s"


def game_params(s: GameSummary, time: Any) -> list[Any]:
    """The parameters of `UPSERT_GAME` (`time` converts a datetime for the database)."""
    taken = len({p.seat for p in s.players})
    return [s.game_id, s.map, s.status, s.private, s.seats, taken, s.created_by,
            time(s.created_at), s.version, time(s.last_activity),
            time(s.deadline) if s.deadline is not None else None, s.turn_time_limit,
            s.deadline_changed]


def player_params(game_id: str, p: PlayerSummary) -> tuple[Any, ...]:
    return (game_id, p.user_id, p.seat, p.name, p.to_act, p.out)


__all__ = ["seats_to_act"]  # (the table's, re-exported for the index's readers)


def summarize(game_id: str, before: Table | None, after: Table, now: datetime) -> GameSummary:
    """The index row of `after`, and what changed since `before`."""
    players = summarize_players(after)
    earlier = summarize_players(before) if before is not None else ()
    known = {p.user_id: p for p in earlier}
    # (paused while a seat that must act is away: `domain.deadline_pauses`)
    deadline, deadline_changed = deadline_after(before, after, now)
    return GameSummary(
        game_id=game_id, map=after.map, status=after.status, private=after.private,
        seats=after.capacity, created_by=after.created_by, created_at=now,
        version=after.version, last_activity=now, turn_time_limit=after.turn_time_limit,
        deadline=deadline, deadline_changed=deadline_changed, players=players,
        changed_players=tuple(p for p in players if known.get(p.user_id) != p),
        departed=tuple(u for u in known if u not in {p.user_id for p in players}),
    )


REPLACED = "replaced"


def summarize_players(table: Table) -> tuple[PlayerSummary, ...]:
    """A row per seat's holder, and one per player a stand-in bot holds a seat for."""
    to_act = set(seats_to_act(table))
    game = table.game
    holders = tuple(
        PlayerSummary(user_id=seat.user_id, seat=i, name=seat.name, to_act=i in to_act,
                      out=game.players[i].out if game is not None else None, bot=seat.bot)
        for i, seat in enumerate(table.seats))
    replaced = tuple(
        PlayerSummary(user_id=seat.replaced.user_id, seat=i, name=seat.replaced.name,
                      to_act=False, out=REPLACED)
        for i, seat in enumerate(table.seats) if seat.replaced is not None)
    return holders + replaced


class GameIndexTables(Database):
    """The `games` and `game_players` tables, read (an append writes them)."""

    def game_row(self, game_id: str) -> GameRow | None:
        rows = self._game_rows("WHERE game_id = %s", [game_id], 1)
        return rows[0] if rows else None

    def open_games(self, map_name: str | None = None, limit: int = 50,
                   status: str = "open") -> list[GameRow]:
        """Public games of `status` (open: with free seats), newest activity first."""
        where = "WHERE status = %s AND private = %s"
        params: list[Any] = [status, False]
        if map_name is not None:
            where += " AND map = %s"
            params.append(map_name)
        return self._game_rows(where + " ORDER BY last_activity DESC", params, limit)

    def games_of_user(self, user_id: str, status: str | None = None, my_turn: bool = False,
                      limit: int = 100) -> list[GameRow]:
        """The games `user_id` sits at, newest activity first."""
        where = ("WHERE game_id IN (SELECT game_id FROM game_players WHERE user_id = %s"
                 + (" AND to_act = %s" if my_turn else "") + ")")
        params: list[Any] = [user_id] + ([True] if my_turn else [])
        if status is not None:
            where += " AND status = %s"
            params.append(status)
        return self._game_rows(where + " ORDER BY last_activity DESC", params, limit)

    def overdue_games(self, now: datetime, limit: int = 100) -> list[GameRow]:
        """Games being played whose turn deadline has passed."""
        return self._game_rows("WHERE status = 'playing' AND deadline IS NOT NULL "
                               "AND deadline <= %s ORDER BY deadline",
                               [self.time_param(now)], limit)

    def games_awaiting_bots(self, limit: int = 100) -> list[GameRow]:
        """Games being played where a bot must act now (its turn, or its setup choice)."""
        return self._game_rows(
            "WHERE status = 'playing' AND game_id IN (SELECT p.game_id FROM game_players p "
            "JOIN users u ON u.user_id = p.user_id WHERE p.to_act = %s "
            "AND u.bot IS NOT NULL) ORDER BY last_activity", [True], limit)

    def games_with_status(self, status: str, limit: int = 100) -> list[GameRow]:
        return self._game_rows("WHERE status = %s ORDER BY last_activity", [status], limit)

    def _game_rows(self, where: str, params: list[Any], limit: int) -> list[GameRow]:
        with self.reading() as cur:
            cur.execute(f"SELECT {GAME_COLUMNS} FROM games {where} LIMIT %s", [*params, limit])
            games = cur.fetchall()
            players: dict[str, list[PlayerSummary]] = {g[0]: [] for g in games}
            if games:
                marks = ", ".join(["%s"] * len(games))
                # (a bot is marked on its account: the index rows need no column of it)
                cur.execute("SELECT p.game_id, p.user_id, p.seat, p.name, p.to_act, p.out, u.bot "
                            "FROM game_players p LEFT JOIN users u ON u.user_id = p.user_id "
                            f"WHERE p.game_id IN ({marks}) ORDER BY p.seat",
                            [g[0] for g in games])
                for p in cur.fetchall():
                    players[p[0]].append(PlayerSummary(p[1], p[2], p[3], bool(p[4]), p[5],
                                                       p[6]))
        return [GameRow(
            game_id=g[0], map=g[1], status=g[2], private=bool(g[3]), seats=g[4],
            seats_taken=g[5], created_by=g[6], created_at=self.time_value(g[7]), version=g[8],
            last_activity=self.time_value(g[9]),
            deadline=self.time_value(g[10]) if g[10] is not None else None,
            turn_time_limit=g[11], players=tuple(players[g[0]]),
        ) for g in games]
