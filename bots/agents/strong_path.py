"""The longest-path bonus in the strong agent's spending: how much a route adds to
its longest continuous path, and whether that path can still win the bonus.

Used once the plan's tickets are joined, to choose among the long routes it claims
and the one it draws for. Only on Europe, where it was measured to help (the other
maps' games are unchanged).
"""

from __future__ import annotations

from functools import cached_property

from bots.view import SeatView
from domain.longest_path import longest_path

# points a train added to the longest path is worth while the bonus is in reach
PATH_WEIGHT = 1.5
PATH_MAPS = frozenset({"europe"})


class PathReading:
    """The seat's longest path and the longest of the others' (all public)."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.board = view.board

    @staticmethod
    def counts(view: SeatView) -> bool:
        """Does the path weigh in the choices on this map?"""
        return view.map in PATH_MAPS and view.rules.longest_path_bonus > 0

    def _length(self, routes: tuple[int, ...]) -> int:
        return longest_path([self.board.routes[i] for i in routes])[0]

    @cached_property
    def mine(self) -> int:
        return self._length(self.view.me.routes)

    @cached_property
    def others(self) -> int:
        return max((self._length(self.view.players[s].routes) for s in self.view.opponents()),
                   default=0)

    @cached_property
    def in_reach(self) -> bool:
        """Can the seat's path still match the best other's with the trains it has?"""
        return self.mine + self.view.me.trains >= self.others

    def gain(self, route: int) -> int:
        """Trains `route` adds to the seat's longest path."""
        return self._length((*self.view.me.routes, route)) - self.mine

    def value(self, route: int) -> float:
        """What claiming `route` is worth for the path bonus (0 out of reach)."""
        if not self.in_reach:
            return 0.0
        return PATH_WEIGHT * self.gain(route)
