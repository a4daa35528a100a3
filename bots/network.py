"""Paths over the board for one seat: which routes it may still use, shortest
connections, and an approximate Steiner tree joining several tickets' cities.

Weights are per route index: 0 for the seat's own routes, a positive cost for a route
it may still claim, None for a route it can never use (another player's, or the
closed twin of a double in a small game).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bots.view import SeatView
from domain.board import Board
from domain.state import FREE

Weights = Sequence[float | None]


def usable(view: SeatView, seat: int | None = None) -> list[bool]:
    """For each route: may `seat` (default: the viewer) still own it, or does it already?"""
    seat = view.seat if seat is None else seat
    board = view.board
    rules = view.rules
    owners = view.owners
    out = []
    for r in board.routes:
        owner = owners[r.index]
        if owner == seat:
            out.append(True)
            continue
        if owner != FREE:
            out.append(False)
            continue
        twin = board.twin[r.index]
        if twin is not None and owners[twin] != FREE:
            if owners[twin] == seat:
                out.append(False)  # the connection is already ours through the twin
                continue
            if len(view.players) < rules.double_routes_min_players:
                out.append(False)
                continue
        out.append(True)
    return out


def shortest_path(board: Board, weights: Weights, starts: Iterable[str],
                  goals: set[str]) -> tuple[float, list[int]] | None:
    """The cheapest chain of routes from any of `starts` to any of `goals`: its cost and
    route indexes, or None if none exists."""
    best: dict[str, float] = {}
    came: dict[str, tuple[str, int]] = {}
    heap: list[tuple[float, str]] = []
    for city in starts:
        best[city] = 0.0
        heap.append((0.0, city))
    heapq.heapify(heap)
    routes = board.routes
    done: set[str] = set()
    while heap:
        cost, city = heapq.heappop(heap)
        if city in done:
            continue
        if city in goals:
            path = []
            while city in came:
                city, index = came[city]
                path.append(index)
            return cost, path
        done.add(city)
        for index in board.routes_at[city]:
            w = weights[index]
            if w is None:
                continue
            r = routes[index]
            other = r.b if r.a == city else r.a
            new = cost + w
            if new < best.get(other, float("inf")):
                best[other] = new
                came[other] = (city, index)
                heapq.heappush(heap, (new, other))
    return None


class Components:
    """The cities joined by a set of routes (union-find)."""

    def __init__(self, board: Board, routes: Iterable[int]) -> None:
        self.parent: dict[str, str] = {}
        for index in routes:
            r = board.routes[index]
            self.join(r.a, r.b)

    def find(self, city: str) -> str:
        parent = self.parent
        root = city
        while parent.get(root, root) != root:
            root = parent[root]
        while city != root:
            city, parent[city] = parent.get(city, city), root
        return root

    def join(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb

    def joined(self, a: str, b: str) -> bool:
        return self.find(a) == self.find(b)

    def members(self, city: str) -> set[str]:
        root = self.find(city)
        found = {c for c in list(self.parent) if self.find(c) == root}
        found.add(city)
        return found


@dataclass(frozen=True, slots=True)
class Joining:
    """Routes chosen so far to join some pairs of cities: what `steiner` builds pair by
    pair, kept so that one more pair can be tried on it without joining the first ones
    again (a plan tries its tickets one at a time)."""

    live: tuple[float | None, ...]  # the weights, with the routes chosen counting 0
    chosen: frozenset[int]
    cost: float

    @staticmethod
    def start(weights: Weights) -> Joining:
        return Joining(tuple(weights), frozenset(), 0.0)

    def join(self, board: Board, a: str, b: str) -> Joining | None:
        """This joining with `a` and `b` joined too by their shortest path (the routes
        chosen counting as free), or None if they cannot be joined."""
        found = shortest_path(board, self.live, (a,), {b})
        if found is None:
            return None
        cost, path = found
        live = list(self.live)
        for index in path:
            live[index] = 0.0
        return Joining(tuple(live), self.chosen.union(path), self.cost + cost)


def steiner(board: Board, weights: Weights, pairs: Sequence[tuple[str, str]],
            ) -> tuple[float, set[int], list[int]]:
    """An approximate cheapest set of routes joining every pair: each pair in turn is
    joined by its shortest path, the routes already chosen counting as free.

    Returns the cost, the routes chosen (own routes included where used) and the
    positions in `pairs` that cannot be joined at all.
    """
    joining = Joining.start(weights)
    unreachable: list[int] = []
    for position, (a, b) in enumerate(pairs):
        joined = joining.join(board, a, b)
        if joined is None:
            unreachable.append(position)
        else:
            joining = joined
    return joining.cost, set(joining.chosen), unreachable
