"""The longest continuous path: an exact longest trail in one player's own routes.

The rulebooks define the longest continuous path as a chain of one player's own
routes, counted in trains, that may loop and pass through a city several times but
uses each route at most once: a longest *trail* in the player's multigraph of routes.
Longest trail is NP-hard in general, but a player's network is small (at most 45
trains) and sparse, so an exact search is fast once it leans on these facts:

1. A trail stays inside one connected component, and a component whose total
   weight cannot beat the best found so far needs no search.
2. Euler: a component with 0 or 2 odd-degree cities can be run through whole.
3. Otherwise a longest trail is open and both its ends are odd cities: an end of
   even degree still has an unused route to extend with, and a closed trail that
   misses a route can be rotated to start where that route touches it and
   extended. So a city of degree 2 is never an end, every longest trail that
   enters a chain of such cities runs through the whole chain, and each chain is
   contracted into one weighted edge (which may be a loop or a parallel edge).
4. Branch and bound from each odd city, memoised: what a trail can still add from
   city ``v`` depends only on ``v`` and the unused edges reachable from ``v``, and
   fact 2 applied to that reachable rest ends a branch as soon as the rest can be
   run through whole. Memo entries are exact lengths or upper bounds.
5. Upper bound: the edges a trail leaves unused make odd every odd city but its
   two ends (a T-join), so they weigh at least the shortest way of pairing those
   cities by paths, and they are at least half as many as those cities. The
   pairing is exact for a few cities (`domain.trail_bounds`), estimated beyond; for the
   whole component, with few cycles, it is exact whatever the number of cities
   (`TrailBounds.ceiling`).
6. A trail found from one end need not be found again from the other: once every
   trail from an odd city has been tried, later searches may skip trails that end
   there, which tightens the bound of fact 5 (the far end is one city fewer).

The result is deterministic and does not depend on the order of the input routes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from domain.board import Route
from domain.trail_bounds import FAR, Edge, TrailBounds, bits

# Networks remembered with their answer. Scoring the ends of many playouts from one
# position (a bot's search, a game's analysis) meets the same networks again and again,
# and a late game's network costs a search each time.
_REMEMBERED = 4096


def longest_path(routes: Sequence[Route]) -> tuple[int, tuple[str, ...]]:
    """The length in trains of the longest trail in `routes`, and one such trail.

    The trail is the route ids in the order they are run through. Among several
    longest trails the one returned depends only on the set of routes given.
    """
    ordered = sorted(routes, key=lambda r: r.id)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if before.id == after.id:
            raise ValueError(f"route {before.id} given twice")
    return _longest(tuple(ordered))


def forget_counted() -> None:
    """Forget the networks remembered, so that the next count searches (a benchmark
    timing the search itself)."""
    _longest.cache_clear()


@lru_cache(maxsize=_REMEMBERED)
def _longest(ordered: tuple[Route, ...]) -> tuple[int, tuple[str, ...]]:
    """`longest_path` of routes sorted by id, each given once."""
    best_length = 0
    best_trail: tuple[str, ...] = ()
    for total, component in _components(ordered):
        if total <= best_length:
            # components come heaviest first: no later one can do better
            break
        length, trail = _longest_in_component(component)
        if length > best_length:
            best_length, best_trail = length, trail
    return best_length, best_trail


def _components(ordered: Sequence[Route]) -> list[tuple[int, list[Route]]]:
    """The connected components with their total weight, heaviest first."""
    parent: dict[str, str] = {}

    def find(city: str) -> str:
        root = city
        while parent[root] != root:
            root = parent[root]
        while parent[city] != root:
            parent[city], city = root, parent[city]
        return root

    for r in ordered:
        parent.setdefault(r.a, r.a)
        parent.setdefault(r.b, r.b)
        ra, rb = find(r.a), find(r.b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[str, list[Route]] = {}
    for r in ordered:
        groups.setdefault(find(r.a), []).append(r)
    found = [(sum(r.length for r in group), group) for group in groups.values()]
    # ties keep a fixed order: by the smallest route id, which `ordered` put first
    found.sort(key=lambda tg: (-tg[0], tg[1][0].id))
    return found


def _longest_in_component(component: list[Route]) -> tuple[int, tuple[str, ...]]:
    at: dict[str, list[Route]] = {}
    for r in component:
        at.setdefault(r.a, []).append(r)
        at.setdefault(r.b, []).append(r)
    odd = sorted(city for city, rs in at.items() if len(rs) % 2)
    if len(odd) <= 2:
        # Euler trail (2 odd cities) or circuit (none): every route, in one run
        index = {city: i for i, city in enumerate(sorted(at))}
        routes: list[Edge] = [(index[r.a], index[r.b], r.length, (r.id,)) for r in component]
        search = _Search(len(index), routes)
        start = index[odd[0]] if odd else index[component[0].a]
        return sum(r.length for r in component), search.expand(search.euler(start, search.full))
    cities, edges = _contract(at)
    return _Search(len(cities), edges).longest()


def _contract(at: dict[str, list[Route]]) -> tuple[list[str], list[Edge]]:
    """Replace every chain of degree-2 cities by one edge between the cities at its ends."""
    ends = sorted(city for city, rs in at.items() if len(rs) != 2)
    index = {city: i for i, city in enumerate(ends)}
    seen: set[str] = set()
    edges: list[Edge] = []
    for city in ends:
        for first in at[city]:
            if first.id in seen:
                continue
            seen.add(first.id)
            ids = [first.id]
            weight = first.length
            previous, here = first, _other(first, city)
            while here not in index:
                step = at[here][0] if at[here][1] is previous else at[here][1]
                seen.add(step.id)
                ids.append(step.id)
                weight += step.length
                previous, here = step, _other(step, here)
            edges.append((index[city], index[here], weight, tuple(ids)))
    return ends, edges


def _other(route: Route, city: str) -> str:
    return route.b if route.a == city else route.a


class _Search(TrailBounds):
    """Branch and bound over one component, edges as the bits of an int, bounded by
    `TrailBounds` (facts 4 and 6 of the module docstring; fact 5 is there)."""

    def __init__(self, n: int, edges: list[Edge]) -> None:
        super().__init__(n, edges)
        # heaviest edges first: a long trail is found early and raises the floor
        self.order = [
            sorted(bits(mask), key=lambda i: (-self.weight[i], i)) for mask in self.incident
        ]
        self.memo: dict[int, tuple[int, bool]] = {}
        self.sides: dict[int, tuple[int, int] | None] = {}

    def longest(self) -> tuple[int, tuple[str, ...]]:
        """The longest trail of the component: it starts at an odd city."""
        starts = sorted(
            bits(self.odd), key=lambda s: (-self.bound(s, self.full, self.odd, self.total), s)
        )
        ceiling = self.ceiling()
        best, best_start, done_then = 0, starts[0], 0
        for start in starts:
            if min(self.bound(start, self.full, self.odd, self.total), ceiling) <= best:
                # (bounds fall as `done` grows, so a later start may still do better)
                self.done |= 1 << start
                continue
            length = self.value(start, self.full, self.odd, self.total, best, ceiling)
            if length > best:
                best, best_start, done_then = length, start, self.done
            # every trail with an end here has now been tried from here
            self.done |= 1 << start
        self.done = done_then
        return best, self.expand(self.trail(best_start, best))

    def step(self, v: int, i: int, rest: int, odd: int, total: int
             ) -> tuple[int, int, int, int]:
        """Run edge `i` from `v`: (city reached, and the edges, odd cities and total
        weight still reachable from there)."""
        u = self.across[i] ^ v
        rest ^= 1 << i
        odd ^= self.flips[i]
        total -= self.weight[i]
        if u == v:
            return u, rest, odd, total
        side = self.side(i, u)
        if side is not None:
            # a bridge of the component: what is left is what lies on u's side
            edges, cities = side
            kept = rest & edges
            odd &= cities
        else:
            kept = self.reach(u, v, rest)
            if kept == rest:
                return u, rest, odd, total
            odd &= self.cities_of(kept) | 1 << u
        for j in bits(rest ^ kept):
            total -= self.weight[j]
        return u, kept, odd, total

    def reach(self, u: int, v: int, rest: int) -> int:
        """The edges of `rest` reachable from `u`; all of `rest` as soon as `v` is
        reached (everything in `rest` is reachable from `v`)."""
        incident, across = self.incident, self.across
        edges, seen, todo = 0, 1 << u, [u]
        while todo:
            x = todo.pop()
            new = incident[x] & rest & ~edges
            edges |= new
            while new:
                low = new & -new
                new ^= low
                y = across[low.bit_length() - 1] ^ x
                if not seen >> y & 1:
                    if y == v:
                        return rest
                    seen |= 1 << y
                    todo.append(y)
        return edges

    def cities_of(self, edges: int) -> int:
        cities = 0
        for j in bits(edges):
            cities |= self.ends[j]
        return cities

    def side(self, i: int, u: int) -> tuple[int, int] | None:
        """If edge `i` is a bridge of the component: the edges and cities on the side
        of its end `u`; otherwise None. A bridge of the component stays a bridge of
        every part of it, so this is worked out once per edge and end."""
        key = i * self.n + u
        if key not in self.sides:
            v = self.across[i] ^ u
            edges = self.reach(u, v, self.full ^ 1 << i)
            self.sides[key] = (
                None if edges == self.full ^ 1 << i else (edges, self.cities_of(edges) | 1 << u)
            )
        return self.sides[key]

    def value(self, v: int, rest: int, odd: int, total: int, floor: int,
              ceiling: int = FAR) -> int:
        """The longest trail from `v` through `rest` (edges all reachable from `v`, of
        weight `total`, whose odd cities are `odd`) when it is longer than `floor`;
        otherwise an upper bound of it no greater than `floor`. `ceiling` is an upper
        bound known from elsewhere (what the whole trail can reach, less what it has).

        Memo entries are exact lengths or such upper bounds; a bound is reused for any
        later `floor` at least as high (branch and bound with a transposition table).
        """
        memo, n = self.memo, self.n
        key = rest * n + v
        known = memo.get(key)
        if known is not None and (known[1] or known[0] <= floor):
            return known[0]
        bound = min(self.bound(v, rest, odd, total), ceiling)
        if bound == total or bound <= floor:
            memo[key] = (bound, bound == total)
            return bound
        best = 0  # the longest trail found that beats `floor` (0: none yet)
        high = 0  # the highest upper bound of those that did not
        weight, across = self.weight, self.across
        for i in self.order[v]:
            if not rest >> i & 1:
                continue
            beat = max(floor, best)
            length = weight[i]
            # Only states whose edges are all reachable are stored, so a hit on the
            # plain key means that running edge i cut nothing off: no search needed.
            known = memo.get((rest ^ 1 << i) * n + (across[i] ^ v))
            if known is not None and (known[1] or known[0] <= beat - length):
                length += known[0]
            else:
                u, after, after_odd, after_total = self.step(v, i, rest, odd, total)
                if after:
                    length += self.value(u, after, after_odd, after_total, beat - length,
                                         bound - length)
            if length > beat:
                best = length
                if best >= bound:
                    break
            elif length > high:
                high = length
        if best:
            memo[key] = (best, True)
            return best
        memo[key] = (high, False)
        return high

    def trail(self, start: int, length: int) -> list[tuple[int, int]]:
        """The trail of `length` found by `value` from `start`, as (edge, city it
        leaves from) pairs."""
        steps: list[tuple[int, int]] = []
        v, rest, odd, total = start, self.full, self.odd, self.total
        while rest:
            if self.bound(v, rest, odd, total) == total:
                steps.extend(self.euler(v, rest))
                break
            for i in self.order[v]:
                if not rest >> i & 1:
                    continue
                u, after, after_odd, after_total = self.step(v, i, rest, odd, total)
                need = length - self.weight[i]
                # asked to beat need - 1, `value` is exact when it reaches need
                if after:
                    got = self.value(u, after, after_odd, after_total, need - 1)
                else:
                    got = 0
                if got == need:
                    steps.append((i, v))
                    v, rest, odd, total, length = u, after, after_odd, after_total, need
                    break
            else:  # pragma: no cover - `value` found `length` through one of these edges
                raise AssertionError("longest trail lost while retracing it")
        return steps

    def euler(self, start: int, rest: int) -> list[tuple[int, int]]:
        """An Euler trail of `rest` from `start` (Hierholzer), lowest edge first."""
        incident, across = self.incident, self.across
        stack: list[tuple[int, int]] = [(start, -1)]  # (city, edge that led there)
        backwards: list[tuple[int, int]] = []  # (edge, city it led to), last edge first
        while stack:
            u, came_by = stack[-1]
            free = incident[u] & rest
            if free:
                low = free & -free
                rest ^= low
                i = low.bit_length() - 1
                stack.append((across[i] ^ u, i))
            else:
                stack.pop()
                if came_by >= 0:
                    backwards.append((came_by, u))
        steps: list[tuple[int, int]] = []
        here = start
        for i, _ in reversed(backwards):
            steps.append((i, here))
            here ^= across[i]
        return steps

    def expand(self, steps: list[tuple[int, int]]) -> tuple[str, ...]:
        """Route ids of a trail of contracted edges, each chain in the direction run."""
        out: list[str] = []
        for i, leaves_from in steps:
            a, _, _, ids = self.edges[i]
            out.extend(ids if a == leaves_from else reversed(ids))
        return tuple(out)
