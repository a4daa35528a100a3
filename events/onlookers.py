"""Who reads a list of games, and which private games are hidden from them.

A private game shows itself only to its players (a seat's holder, or the player a
stand-in bot holds a seat for, as the index's `game_players` rows say), to its
creator, and to the operator; to anyone else it does not exist. The HTTP layer
refuses such a game's own resources with 404 (`service.api.common.visible_to`);
every read that lists games or adds them up takes an `Onlooker` and leaves hidden
games out in its query, so that pages stay full and figures add up for whoever
reads them.

The rule is written once for each kind of store: as an SQL condition on a row of
`games` (`hidden_game_sql`) and as a test on an index row (`hides`), which the
in-memory store uses; the contract suites hold both to the same answers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Onlooker:
    """The reader of a list: a user (None: an anonymous client), or the operator, who
    sees every game (`sees_all`)."""
    user_id: str | None = None
    sees_all: bool = False

    def sees_all_of(self, user_id: str) -> bool:
        """Whether every game of `user_id` shows itself to this reader (their own, or
        the operator's): nothing of theirs needs leaving out."""
        return self.sees_all or self.user_id == user_id


ANONYMOUS = Onlooker()
OPERATOR = Onlooker(sees_all=True)


def hides(onlooker: Onlooker, private: bool, created_by: str,
          players: Iterable[str]) -> bool:
    """Whether a game (private or not, made by `created_by`, with these players' user
    ids) is hidden from `onlooker`."""
    if not private or onlooker.sees_all:
        return False
    if onlooker.user_id is None:
        return True
    return onlooker.user_id != created_by and onlooker.user_id not in set(players)


def hidden_game_sql(onlooker: Onlooker, game: str = "g") -> tuple[str, list[Any]]:
    """An SQL condition, with its parameters, true for a row of `games` (aliased
    `game`) that is hidden from `onlooker` (as `hides`)."""
    if onlooker.sees_all:
        return "1 = 0", []
    if onlooker.user_id is None:
        return f"{game}.private = %s", [True]
    return (f"{game}.private = %s AND {game}.created_by <> %s AND NOT EXISTS "
            f"(SELECT 1 FROM game_players op WHERE op.game_id = {game}.game_id "
            "AND op.user_id = %s)", [True, onlooker.user_id, onlooker.user_id])
