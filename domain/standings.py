"""Tournament standings: placing points per table, and the tie-breakers.

The rule (docs/tournaments.md): at a table, a player earns one point for each other
player at the table who finished below them, and half a point for each one level with
them (same final score). A player who missed the game (withdrawn, seat lost) finished
below everyone who played and earns nothing. Standings order by points, then by total
game score, then by the opponents' points (the sum of the points of everyone met),
then by entrant id so that the order is total and repeatable.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished game of a round: each seated entrant's final score, and who missed it."""
    scores: Mapping[str, int]
    missed: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line in the standings."""
    entrant: str
    points: float
    game_score: int
    opponents_points: float
    games: int


def placing_points(result: TableResult) -> dict[str, float]:
    """Each entrant's placing points at one table."""
    played = {p: s for p, s in result.scores.items() if p not in result.missed}
    points: dict[str, float] = {p: 0.0 for p in result.scores}
    for player, score in played.items():
        below = sum(1 for other, s in played.items() if other != player and s < score)
        level = sum(1 for other, s in played.items() if other != player and s == score)
        points[player] = below + 0.5 * level + len(result.missed & result.scores.keys())
    return points


def standings(entrants: Iterable[str], results: Iterable[TableResult]) -> list[Standing]:
    """The standings over every finished table, best first."""
    names = list(entrants)
    points = {p: 0.0 for p in names}
    game_score = {p: 0 for p in names}
    games = {p: 0 for p in names}
    opponents: dict[str, list[str]] = {p: [] for p in names}
    for result in results:
        for player, earned in placing_points(result).items():
            if player not in points:
                continue  # a stand-in bot seated for an odd count is not an entrant
            points[player] += earned
            games[player] += 1
            if player not in result.missed:
                game_score[player] += result.scores[player]
            opponents[player].extend(o for o in result.scores if o != player)
    lines = [Standing(p, points[p], game_score[p],
                      sum(points.get(o, 0.0) for o in opponents[p]), games[p]) for p in names]
    lines.sort(key=lambda s: (-s.points, -s.game_score, -s.opponents_points, s.entrant))
    return lines
