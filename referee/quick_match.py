"""Quick match: turning the tables the store's pairing forms into games.

The store decides who sits together (`events.matches`, under its lock); here each
table it formed becomes a game through the referee's one way of creating games, with
every player seated at once, so the game starts as it is created and every player
hears of it as of any game they sit at (their feed, its stream, their webhook). A
request whose player asked for bots after a wait has a job (`MATCH_BOTS`) that, if
the request still waits then, seats it at a table of its own with bots.

Opening a table's game again is harmless (the log refuses a second creation), so a
matched request whose game is missing, its opener having died in between, gets it
from whoever looks at it next (`open_game_of`).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime

from domain.maps import map_names, rules_for
from events.matches import MatchRequest, Pairing
from events.store import VersionConflict
from referee.jobs import MATCH_BOTS
from referee.referee import NewGame, Referee


def players_per_map() -> Mapping[str, tuple[int, int]]:
    """Each map's least and most players, as the pairing needs them."""
    return {name: (rules_for(name).min_players, rules_for(name).max_players)
            for name in map_names()}


def new_game_id() -> str:
    return "g_" + secrets.token_hex(8)


def request_match(referee: Referee, request: MatchRequest) -> list[str]:
    """Store the request and pair; the games opened (`AlreadyWaiting` as the store's)."""
    pairings = referee.ctx.store.request_match(request, players_per_map(), new_game_id)
    if request.bots_at is not None:
        referee.ctx.jobs.enqueue(MATCH_BOTS, request.request_id, request.bots_at)
    return [open_game(referee, pairing) for pairing in pairings]


def pair_again(referee: Referee, now: datetime) -> list[str]:
    """Pair the waiting requests again (their rating windows have widened)."""
    pairings = referee.ctx.store.pair_matches(now, players_per_map(), new_game_id)
    return [open_game(referee, pairing) for pairing in pairings]


def seat_bots(referee: Referee, request_id: str) -> str | None:
    """Seat bots with the request if it still waits and its wait is over; the game."""
    pairing = referee.ctx.store.seat_bots_for(request_id, referee.ctx.clock(),
                                              players_per_map(), new_game_id())
    return None if pairing is None else open_game(referee, pairing)


def open_game_of(referee: Referee, request: MatchRequest) -> None:
    """Open the game of a matched request if it is not there yet (see the module doc)."""
    if request.game_id is None or referee.ctx.store.game_row(request.game_id) is not None:
        return
    requests = referee.ctx.store.requests_of_game(request.game_id)
    map_name = requests[0].table_map or min(players_per_map())
    open_game(referee, Pairing(request.game_id, map_name, tuple(requests)))


def open_game(referee: Referee, pairing: Pairing) -> str:
    """Create the game of a formed table with its players seated (bots after them when
    a lone request asked for them), so that it starts at once."""
    first, *others = pairing.requests
    seats = max(len(pairing.requests), first.min_players) if first.bot_level else len(
        pairing.requests)
    bots = (first.bot_level,) * (seats - len(pairing.requests)) if first.bot_level else ()
    try:
        referee.create_game(pairing.game_id, first.user_id, NewGame(
            map_name=pairing.map_name, seats=seats, turn_time_limit=first.turn_time_limit,
            join_as=first.seat_name, others=tuple((r.user_id, r.seat_name) for r in others),
            bots=bots, rated=first.rated))
    except VersionConflict:
        pass  # opened already (by another process looking at one of its requests)
    return pairing.game_id
