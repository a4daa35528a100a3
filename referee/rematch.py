"""Rematch: the game a finished game's players start again together.

The new game has the same seats (each player as they sat down, a stand-in bot giving
way to the player it stood in for, bots at their level), the same map and settings
(rated, private, turn time, time-outs, stand-ins) and a new seed; it is created with
every seat filled through the referee's one way of creating games, so it starts at
once and every player hears of it as of any game they sit at (their feed, its stream,
their webhook). Its id follows from the finished game's, so two players whose
acceptances complete the offer at once create it once: the log refuses the second.
"""

from __future__ import annotations

import hashlib

from domain.table import Seat, Table
from events.store import VersionConflict
from referee.referee import NewGame, Referee


def rematch_game_id(game_id: str) -> str:
    """The id of the rematch of `game_id` (the same every time it is asked)."""
    return "g_" + hashlib.sha256(f"rematch:{game_id}".encode()).hexdigest()[:16]


def players_of(table: Table) -> tuple[Seat, ...]:
    """The seats as their players sat down (a stand-in's seat as its player's)."""
    return tuple(seat.replaced or seat for seat in table.seats)


def people_of(table: Table) -> tuple[Seat, ...]:
    """The seats held by people: the players who must accept a rematch."""
    return tuple(seat for seat in players_of(table) if seat.bot is None)


def start_rematch(referee: Referee, game_id: str, table: Table) -> str:
    """Create the rematch of the finished game `game_id` (harmless if it exists); its id."""
    seats = players_of(table)
    people = [seat for seat in seats if seat.bot is None]
    first, *others = people
    new_id = rematch_game_id(game_id)
    try:
        referee.create_game(new_id, first.user_id, NewGame(
            map_name=table.map, seats=len(seats), private=table.private,
            turn_time_limit=table.turn_time_limit,
            drop_after_timeouts=table.drop_after_timeouts, join_as=first.name,
            bots=tuple(seat.bot for seat in seats if seat.bot is not None),
            stand_in=table.stand_in, rated=table.rated,
            others=tuple((seat.user_id, seat.name) for seat in others)))
    except VersionConflict:
        pass  # created already, by the other player whose acceptance completed the offer
    return new_id
