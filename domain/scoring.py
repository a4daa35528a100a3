"""The final score: route points, tickets (helped by Europe's stations), bonuses, ranking.

The engine hands over every player's final position; `final_scores` returns each
player's breakdown in seat order, which is what the API serves as the score of a
finished game (`PlayerScore.as_dict` is that public shape).

Rules applied here (RULES.md §1–§5):

- Each route scores by the map's route table; each kept ticket adds its value when its
  two cities are joined by the player's routes (plus the routes their stations borrow),
  and subtracts it otherwise.
- A station borrows at most one route of another player that enters or leaves its
  city, the same route for every ticket. The player gets the assignment that
  maximises their ticket points, then their number of completed tickets (the first
  tie-breaker), then, so that the answer is unique, the smallest tuple of borrowed
  route ids in station order, "borrows nothing" first. Stations never count for the
  longest path. Each station still in reserve scores `rules.unused_station_points`.
- The longest-path bonus goes to every player tied at the longest path, if it is
  longer than 0; the Globetrotter to every player tied at the most completed tickets,
  even at 0.
- Ties on the total are broken by `rules.tie_breakers` in order; players equal on
  everything share the rank (1, 1, 3) and every player of rank 1 wins.
- A player who left the game (resigned or dropped: `Position.out`) is scored like
  everyone (their routes stay on the board and count for the others' bonuses too),
  but ranks after every player still in and never wins.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from domain.board import Board, Route, Ticket
from domain.longest_path import longest_path
from domain.rules import Rules, TieBreaker


@dataclass(frozen=True, slots=True)
class Position:
    """One player's final position, as the engine hands it over."""

    seat: int
    routes: tuple[str, ...]  # route ids the player claimed
    stations: tuple[str, ...]  # cities where the player built a station (Europe)
    tickets: tuple[str, ...]  # ticket ids the player kept
    stations_left: int  # stations still in reserve
    out: bool = False  # the player left the game (resigned or was dropped)


@dataclass(frozen=True, slots=True)
class TicketResult:
    """A kept ticket at the end: `points` is its face value, added when `completed`
    and subtracted otherwise."""

    id: str
    a: str
    b: str
    points: int
    completed: bool

    @property
    def score(self) -> int:
        return self.points if self.completed else -self.points

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "from": self.a, "to": self.b, "points": self.points,
                "completed": self.completed}


@dataclass(frozen=True, slots=True)
class StationUse:
    """A built station and the route (of another player) it borrows, or None."""

    city: str
    route: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"city": self.city, "route": self.route}


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's final score, with everything needed to check it by hand."""

    seat: int
    routes: tuple[str, ...]
    stations: tuple[StationUse, ...]
    tickets: tuple[TicketResult, ...]
    route_points: int
    ticket_points: int
    station_points: int  # stations left in reserve × rules.unused_station_points
    longest_path_length: int
    longest_path_routes: tuple[str, ...]
    longest_path_bonus: int
    globetrotter_bonus: int
    total: int
    completed_tickets: int
    rank: int
    winner: bool
    out: bool = False  # left the game: ranked after every player still in, never wins

    def as_dict(self) -> dict[str, Any]:
        """The JSON-ready shape the API serves (a public contract: keep it stable)."""
        return {
            "seat": self.seat,
            "routes": list(self.routes),
            "stations": [s.as_dict() for s in self.stations],
            "tickets": [t.as_dict() for t in self.tickets],
            "score": {
                "routes": self.route_points,
                "tickets": self.ticket_points,
                "stations": self.station_points,
                "longest_path": self.longest_path_bonus,
                "globetrotter": self.globetrotter_bonus,
                "total": self.total,
            },
            "longest_path_length": self.longest_path_length,
            "longest_path_routes": list(self.longest_path_routes),
            "completed_tickets": self.completed_tickets,
            "rank": self.rank,
            "winner": self.winner,
            "out": self.out,
        }


def final_scores(board: Board, rules: Rules, positions: Sequence[Position]
                 ) -> tuple[PlayerScore, ...]:
    """Every player's final score, in seat order."""
    if not positions:
        return ()
    ordered = sorted(positions, key=lambda p: p.seat)
    _check(board, rules, ordered)
    owner = {route: p.seat for p in ordered for route in p.routes}
    owns = [[board.route_by_id[r] for r in p.routes] for p in ordered]
    stations: list[tuple[StationUse, ...]] = []
    results: list[tuple[TicketResult, ...]] = []
    for p, own in zip(ordered, owns, strict=True):
        tickets = [board.ticket_by_id[t] for t in p.tickets]
        uses, completed = _use_stations(board, p, own, owner, tickets)
        stations.append(uses)
        results.append(tuple(
            TicketResult(id=t.id, a=t.a, b=t.b, points=t.points, completed=done)
            for t, done in zip(tickets, completed, strict=True)
        ))
    paths = [longest_path(own) for own in owns]
    completed_counts = [sum(t.completed for t in rs) for rs in results]
    longest = max(length for length, _ in paths)
    most_completed = max(completed_counts)

    scores: list[PlayerScore] = []
    for i, p in enumerate(ordered):
        length, trail = paths[i]
        holds_longest = rules.longest_path_bonus > 0 and longest > 0 and length == longest
        bonus = rules.longest_path_bonus if holds_longest else 0
        globetrotter = rules.globetrotter_bonus if completed_counts[i] == most_completed else 0
        route_points = sum(rules.route_points[r.length] for r in owns[i])
        ticket_points = sum(t.score for t in results[i])
        station_points = p.stations_left * rules.unused_station_points
        scores.append(PlayerScore(
            seat=p.seat, routes=p.routes, stations=stations[i], tickets=results[i],
            route_points=route_points, ticket_points=ticket_points,
            station_points=station_points, longest_path_length=length,
            longest_path_routes=trail, longest_path_bonus=bonus,
            globetrotter_bonus=globetrotter,
            total=route_points + ticket_points + station_points + bonus + globetrotter,
            completed_tickets=completed_counts[i], rank=0, winner=False, out=p.out,
        ))

    keys = [_rank_key(rules, s, built=rules.stations - p.stations_left)
            for s, p in zip(scores, ordered, strict=True)]
    ranked = []
    for score, key in zip(scores, keys, strict=True):
        # competition ranking: 1 + the number of players strictly ahead
        rank = 1 + sum(other > key for other in keys)
        ranked.append(replace(score, rank=rank, winner=rank == 1 and not score.out))
    return tuple(ranked)


def _rank_key(rules: Rules, score: PlayerScore, built: int) -> tuple[int, ...]:
    """Bigger is better: still in the game, then the total, then the map's tie-breakers
    in order."""
    values: dict[TieBreaker, int] = {
        "completed_tickets": score.completed_tickets,
        # holding the bonus card or not: a yes/no comparison, not path lengths
        "longest_path_bonus": int(score.longest_path_bonus > 0),
        "fewest_stations": -built,
        "longest_path_length": score.longest_path_length,
    }
    return (int(not score.out), score.total, *(values[tb] for tb in rules.tie_breakers))


def _check(board: Board, rules: Rules, positions: Sequence[Position]) -> None:
    """Refuse a final position no game can reach: a bug upstream must not be scored."""
    seats = [p.seat for p in positions]
    if len(set(seats)) != len(seats):
        raise ValueError("two positions for one seat")
    claimed = [r for p in positions for r in p.routes]
    if len(set(claimed)) != len(claimed):
        raise ValueError("a route is claimed twice")
    cities = [c for p in positions for c in p.stations]
    if len(set(cities)) != len(cities):
        raise ValueError("two stations in one city")
    for p in positions:
        unknown = [r for r in p.routes if r not in board.route_by_id]
        unknown += [t for t in p.tickets if t not in board.ticket_by_id]
        unknown += [c for c in p.stations if c not in board.city_index]
        if unknown:
            raise ValueError(f"seat {p.seat}: not on the {board.name} board: {unknown}")
        if p.stations_left < 0 or len(p.stations) + p.stations_left != rules.stations:
            raise ValueError(f"seat {p.seat}: stations built and left do not add up "
                             f"to {rules.stations}")


def _use_stations(
    board: Board, position: Position, own: Sequence[Route], owner: dict[str, int],
    tickets: Sequence[Ticket],
) -> tuple[tuple[StationUse, ...], tuple[bool, ...]]:
    """Each station's borrowed route and whether each ticket is completed."""
    # the player's own network, as a component label for each city it touches
    label = _labels(own)

    def part(city: str) -> str:
        return label.get(city, city)

    # Each station's choices, "borrow nothing" first, then route ids in order. A route
    # whose two ends are already joined is worth nothing (as good as None, which wins
    # the tie); two routes reaching the same part of the network are worth the same
    # (the smaller id wins the tie): dropping both kinds keeps the answer exact.
    choices: list[list[tuple[str, str, str] | None]] = []
    for city in position.stations:
        useful: dict[str, tuple[str, str, str]] = {}
        for i in board.routes_at[city]:
            r = board.routes[i]
            if owner.get(r.id, position.seat) == position.seat:
                continue
            far = r.b if r.a == city else r.a
            if part(far) == part(city) or part(far) in useful:
                continue
            useful[part(far)] = (r.id, part(city), part(far))
        choices.append([None, *sorted(useful.values())])

    best: tuple[int, int] | None = None
    best_borrowed: tuple[tuple[str, str, str] | None, ...] = ()
    best_completed: tuple[bool, ...] = ()
    # the product runs in lexicographic order, so the first best is the smallest
    for borrowed in itertools.product(*choices):
        joined = _Joined()
        for b in borrowed:
            if b is not None:
                joined.union(b[1], b[2])
        completed = tuple(joined.find(part(t.a)) == joined.find(part(t.b)) for t in tickets)
        points = sum(t.points if done else -t.points for t, done in zip(tickets, completed,
                                                                          strict=True))
        value = (points, sum(completed))
        if best is None or value > best:
            best, best_borrowed, best_completed = value, borrowed, completed
    uses = tuple(StationUse(city=city, route=None if b is None else b[0])
                 for city, b in zip(position.stations, best_borrowed, strict=True))
    return uses, best_completed


def _labels(routes: Sequence[Route]) -> dict[str, str]:
    """A label per city of the network: two cities share one exactly when joined."""
    joined = _Joined()
    for r in routes:
        joined.union(r.a, r.b)
    return {city: joined.find(city) for r in routes for city in (r.a, r.b)}


class _Joined:
    """Union-find over city names (or labels); a name never seen is on its own."""

    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        parent = self.parent
        root = x
        while root in parent:
            root = parent[root]
        while x != root:
            parent[x], x = root, parent[x]
        return root

    def union(self, x: str, y: str) -> None:
        rx, ry = self.find(x), self.find(y)
        if rx != ry:
            self.parent[max(rx, ry)] = min(rx, ry)
