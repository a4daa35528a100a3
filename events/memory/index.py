"""The games index in memory: a row per game and one per seated player, beside the log.

Written by the recorder's append from the `summary` it carries, in the same step as
the events (`events.memory.recorder`), exactly as the SQL stores write the `games` and
`game_players` tables (`events.index`): a new game's row is stored whole; a later
summary changes only its status, seats taken, version, last activity and (when the
turn changed) its deadline; the players who left lose their rows and the changed
players' rows are replaced. A player's bot level is read from the accounts, as the
SQL joins `users`. Reads (`events.ports.GamesIndex`) sort as the SQL's ORDER BY does,
ties in the order the rows were first written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from events.clock import utcnow
from events.index import GameRow, GameSummary, PlayerSummary
from events.memory.base import Clock, MemoryTables, utc
from events.onlookers import Onlooker, hides


@dataclass(frozen=True, slots=True)
class _Player:
    seat: int
    name: str
    to_act: bool
    out: str | None


class MemoryIndex(MemoryTables):
    """The games index (`events.ports.GamesIndex`), in memory."""

    def __init__(self, clock: Clock = utcnow) -> None:
        super().__init__(clock)
        self._games: dict[str, GameRow] = {}  # (players: empty; kept in _players)
        # per game, its players by user id, in the order their rows were first written
        self._players: dict[str, dict[str, _Player]] = {}
        self._seated: dict[str, set[str]] = {}  # user id → the games with a row of theirs

    # -- written by an append -----------------------------------------------------------

    def _index_game(self, summary: GameSummary) -> None:
        s = summary
        taken = len({p.seat for p in s.players})
        kept = self._games.get(s.game_id)
        deadline = None if s.deadline is None else utc(s.deadline)
        if kept is None:
            self._games[s.game_id] = GameRow(
                game_id=s.game_id, map=s.map, status=s.status, private=s.private,
                seats=s.seats, seats_taken=taken, created_by=s.created_by,
                created_at=utc(s.created_at), version=s.version,
                last_activity=utc(s.last_activity), deadline=deadline,
                turn_time_limit=s.turn_time_limit)
        else:
            self._games[s.game_id] = replace(
                kept, status=s.status, seats_taken=taken, version=s.version,
                last_activity=utc(s.last_activity),
                deadline=deadline if s.deadline_changed else kept.deadline)
        players = self._players.setdefault(s.game_id, {})
        for user_id in s.departed:
            if players.pop(user_id, None) is not None:
                self._seated[user_id].discard(s.game_id)
        for p in s.changed_players:
            players[p.user_id] = _Player(p.seat, p.name, p.to_act, p.out)
            self._seated.setdefault(p.user_id, set()).add(s.game_id)

    def _hidden_from(self, onlooker: Onlooker, game_id: str) -> bool:
        """Whether the game is hidden from `onlooker` (a game the index does not hold is
        not, as the SQL's `NOT EXISTS` finds no row to hide)."""
        with self._lock:
            row = self._games.get(game_id)
            return row is not None and hides(onlooker, row.private, row.created_by,
                                             self._players.get(game_id, {}))

    def _games_seating(self, user_id: str) -> frozenset[str]:
        with self._lock:
            return frozenset(self._seated.get(user_id, ()))

    # -- read ---------------------------------------------------------------------------

    def game_row(self, game_id: str) -> GameRow | None:
        with self._lock:
            row = self._games.get(game_id)
            return None if row is None else self._with_players(row)

    def open_games(self, map_name: str | None = None, limit: int = 50,
                   status: str = "open") -> list[GameRow]:
        """Public games of `status` (open: with free seats), newest activity first."""
        return self._rows(lambda g: g.status == status and not g.private
                          and (map_name is None or g.map == map_name),
                          lambda g: g.last_activity, limit, newest_first=True)

    def games_of_user(self, user_id: str, status: str | None = None, my_turn: bool = False,
                      limit: int = 100) -> list[GameRow]:
        """The games `user_id` sits at, newest activity first."""
        with self._lock:
            mine = {game_id for game_id in self._seated.get(user_id, ())
                    if not my_turn or self._players[game_id][user_id].to_act}
            return self._rows(lambda g: g.game_id in mine
                              and (status is None or g.status == status),
                              lambda g: g.last_activity, limit, newest_first=True)

    def overdue_games(self, now: datetime, limit: int = 100) -> list[GameRow]:
        """Games being played whose turn deadline has passed."""
        return self._rows(lambda g: g.status == "playing" and g.deadline is not None
                          and g.deadline <= now,
                          lambda g: g.deadline, limit)

    def games_awaiting_bots(self, limit: int = 100) -> list[GameRow]:
        """Games being played where a bot must act now (its turn, or its setup choice)."""
        with self._lock:
            return self._rows(lambda g: g.status == "playing" and any(
                p.to_act and self.bot_level(user_id) is not None
                for user_id, p in self._players.get(g.game_id, {}).items()),
                lambda g: g.last_activity, limit)

    def games_with_status(self, status: str, limit: int = 100) -> list[GameRow]:
        return self._rows(lambda g: g.status == status, lambda g: g.last_activity, limit)

    def bot_level(self, user_id: str) -> str | None:
        """The level of the bot `user_id` (the accounts part answers)."""
        return None

    def _rows(self, keep: Callable[[GameRow], bool], order: Callable[[GameRow], object],
              limit: int, newest_first: bool = False) -> list[GameRow]:
        with self._lock:
            found = [g for g in self._games.values() if keep(g)]
            # (a stable sort: ties stay in the order the games were first indexed)
            found.sort(key=order, reverse=newest_first)  # type: ignore[arg-type]
            return [self._with_players(g) for g in found[:max(limit, 0)]]

    def _with_players(self, row: GameRow) -> GameRow:
        players = sorted(self._players.get(row.game_id, {}).items(), key=lambda kv: kv[1].seat)
        return replace(row, players=tuple(
            PlayerSummary(user_id, p.seat, p.name, p.to_act, p.out, self.bot_level(user_id))
            for user_id, p in players))
