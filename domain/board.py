"""A board (cities, routes, tickets) as the rules see it, built from a map's data.

Which boards exist is the map registry's business: `domain.maps.load_board` gives a map's
board, built here by `board_from_data`. A board is validated when it is loaded, so that a
broken data file fails at once rather than in the middle of a game. Routes and tickets
carry stable ids (``europe/paris-wien``; the two routes of a parallel pair get ``-1`` and
``-2``) which are what commands, events and the API use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.cards import COLORS

GRAY = "gray"


@dataclass(frozen=True, slots=True)
class Route:
    index: int
    id: str
    a: str
    b: str
    length: int
    color: str  # one of COLORS, or "gray"
    tunnel: bool
    locomotives: int  # ferry locomotive symbols; 0 for an ordinary route
    double_group: int | None

    @property
    def ferry(self) -> bool:
        return self.locomotives > 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "a": self.a, "b": self.b, "length": self.length,
            "color": self.color, "tunnel": self.tunnel, "locomotives": self.locomotives,
            "double_group": self.double_group,
        }


@dataclass(frozen=True, slots=True)
class Ticket:
    id: str
    a: str
    b: str
    points: int
    long: bool

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "a": self.a, "b": self.b, "points": self.points, "long": self.long}


@dataclass(frozen=True)
class Board:
    name: str
    cities: tuple[str, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...]
    route_by_id: dict[str, Route] = field(repr=False, compare=False)
    ticket_by_id: dict[str, Ticket] = field(repr=False, compare=False)
    city_index: dict[str, int] = field(repr=False, compare=False)
    # for each route index, the index of its twin in a double route (or None)
    twin: tuple[int | None, ...] = field(repr=False, compare=False)
    # for each city, the indexes of the routes that enter it
    routes_at: dict[str, tuple[int, ...]] = field(repr=False, compare=False)

    def as_dict(self) -> dict[str, Any]:
        """The board in the shape `ttr maps` prints and the API serves."""
        return {
            "map": self.name,
            "cities": list(self.cities),
            "routes": [r.as_dict() for r in self.routes],
            "tickets": [t.as_dict() for t in self.tickets],
        }


class BoardDataError(ValueError):
    """A board file breaks one of the invariants every board must hold."""


def board_from_data(data: dict[str, Any]) -> Board:
    name = data["map"]
    cities = tuple(data["cities"])
    routes = tuple(
        Route(
            index=i, id=r["id"], a=r["a"], b=r["b"], length=r["length"], color=r["color"],
            tunnel=r["tunnel"], locomotives=r["locomotives"], double_group=r["double_group"],
        )
        for i, r in enumerate(data["routes"])
    )
    tickets = tuple(
        Ticket(id=t["id"], a=t["a"], b=t["b"], points=t["points"], long=t["long"])
        for t in data["tickets"]
    )
    _validate(name, cities, routes, tickets)
    groups: dict[int, list[int]] = {}
    for r in routes:
        if r.double_group is not None:
            groups.setdefault(r.double_group, []).append(r.index)
    twin: list[int | None] = [None] * len(routes)
    for members in groups.values():
        first, second = members
        twin[first], twin[second] = second, first
    at: dict[str, list[int]] = {c: [] for c in cities}
    for r in routes:
        at[r.a].append(r.index)
        at[r.b].append(r.index)
    return Board(
        name=name, cities=cities, routes=routes, tickets=tickets,
        route_by_id={r.id: r for r in routes},
        ticket_by_id={t.id: t for t in tickets},
        city_index={c: i for i, c in enumerate(cities)},
        twin=tuple(twin),
        routes_at={c: tuple(ix) for c, ix in at.items()},
    )


def _validate(
    name: str, cities: tuple[str, ...], routes: tuple[Route, ...], tickets: tuple[Ticket, ...]
) -> None:
    problems: list[str] = []
    city_set = set(cities)
    if len(city_set) != len(cities):
        problems.append("duplicate city")
    ids = [r.id for r in routes] + [t.id for t in tickets]
    if len(set(ids)) != len(ids):
        problems.append("duplicate route or ticket id")
    groups: dict[int, set[frozenset[str]]] = {}
    group_sizes: dict[int, int] = {}
    pairs: dict[frozenset[str], int] = {}
    for r in routes:
        where = f"{name}: route {r.id}"
        if not r.id.startswith(f"{name}/"):
            problems.append(f"{where}: id does not start with the map name")
        if r.a not in city_set or r.b not in city_set or r.a == r.b:
            problems.append(f"{where}: bad cities")
        if r.color not in COLORS and r.color != GRAY:
            problems.append(f"{where}: bad colour {r.color!r}")
        if not 1 <= r.length <= 9:
            problems.append(f"{where}: bad length")
        if not 0 <= r.locomotives <= r.length or (r.tunnel and r.locomotives):
            problems.append(f"{where}: bad ferry symbols")
        pair = frozenset((r.a, r.b))
        pairs[pair] = pairs.get(pair, 0) + 1
        if r.double_group is not None:
            groups.setdefault(r.double_group, set()).add(pair)
            group_sizes[r.double_group] = group_sizes.get(r.double_group, 0) + 1
    for g, ps in groups.items():
        if len(ps) != 1 or group_sizes[g] != 2:
            problems.append(f"{name}: double group {g} is not exactly two routes of one city pair")
    for r in routes:
        parallel = pairs[frozenset((r.a, r.b))]
        if (parallel > 1) != (r.double_group is not None):
            problems.append(f"{name}: route {r.id}: parallel routes must share a double group")
    for t in tickets:
        if t.a not in city_set or t.b not in city_set or t.a == t.b or t.points <= 0:
            problems.append(f"{name}: bad ticket {t.id}")
    if problems:
        raise BoardDataError("; ".join(problems))
