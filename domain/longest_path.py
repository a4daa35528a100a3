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
4. What a trail can still add from city ``v`` depends only on ``v`` and the unused
   edges reachable from ``v``, so the search memoises on that pair; fact 2 applied
   to that reachable rest ends a branch as soon as the rest can be run through whole.
5. Upper bound: the unused edges must fix the parity of every odd city but the
   ends, so at least (odd cities - 2) / 2 of them stay unused; a branch stops as
   soon as it reaches the total minus that many of the lightest edges.

The result is deterministic and does not depend on the order of the input routes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from domain.board import Route

# A contracted edge: (end a, end b, weight, the route ids from a to b).
_Edge = tuple[int, int, int, tuple[str, ...]]


def longest_path(routes: Sequence[Route]) -> tuple[int, tuple[str, ...]]:
    """The length in trains of the longest trail in `routes`, and one such trail.

    The trail is the route ids in the order they are run through. Among several
    longest trails the one returned depends only on the set of routes given.
    """
    ordered = sorted(routes, key=lambda r: r.id)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if before.id == after.id:
            raise ValueError(f"route {before.id} given twice")
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
        cities = sorted(at)
        index = {city: i for i, city in enumerate(cities)}
        edges = [(index[r.a], index[r.b], r.length, (r.id,)) for r in component]
        search = _Search(len(cities), edges)
        start = index[odd[0]] if odd else index[component[0].a]
        return sum(r.length for r in component), search.expand(search.euler(start, search.full))
    cities, edges = _contract(at)
    search = _Search(len(cities), edges)
    return search.longest([cities.index(city) for city in odd])


def _contract(at: dict[str, list[Route]]) -> tuple[list[str], list[_Edge]]:
    """Replace every chain of degree-2 cities by one edge between the cities at its ends."""
    ends = sorted(city for city, rs in at.items() if len(rs) != 2)
    index = {city: i for i, city in enumerate(ends)}
    seen: set[str] = set()
    edges: list[_Edge] = []
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


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class _Search:
    """Memoised longest-trail search over one component, edges as bits of an int.

    Edges are numbered lightest first, so that "the k lightest unused edges" are the
    k lowest set bits of a mask (fact 5 of the module docstring).
    """

    def __init__(self, n: int, edges: list[_Edge]) -> None:
        edges = sorted(edges, key=lambda e: (e[2], e[3]))
        self.n = n
        self.edges = edges
        self.weight = [e[2] for e in edges]
        # the other end of edge i seen from v is `v ^ across[i]` (a loop gives v again)
        self.across = [a ^ b for a, b, _, _ in edges]
        self.incident = [0] * n
        # loops are left out here: they add 2 to a degree and never change its parity
        self.incident_no_loops = [0] * n
        for i, (a, b, _, _) in enumerate(edges):
            self.incident[a] |= 1 << i
            self.incident[b] |= 1 << i
            if a != b:
                self.incident_no_loops[a] |= 1 << i
                self.incident_no_loops[b] |= 1 << i
        # heaviest edges first: the bound of fact 5 is then met sooner
        self.order = [
            sorted(_bits(mask), key=lambda i: (-self.weight[i], i)) for mask in self.incident
        ]
        self.full = (1 << len(edges)) - 1
        self.memo: dict[int, int] = {}

    def longest(self, starts: list[int]) -> tuple[int, tuple[str, ...]]:
        """The longest trail starting at one of `starts` (the odd cities)."""
        everywhere = (1 << self.n) - 1
        best, best_start = -1, starts[0]
        for start in starts:
            length = self.value(start, self.full, everywhere)
            if length > best:
                best, best_start = length, start
        return best, self.expand(self.trail(best_start))

    def reach(self, v: int, unused: int) -> tuple[int, int]:
        """The unused edges reachable from `v`, and the cities they touch (with `v`)."""
        incident, across = self.incident, self.across
        edges, seen, todo = 0, 1 << v, [v]
        while todo:
            u = todo.pop()
            new = incident[u] & unused & ~edges
            edges |= new
            while new:
                low = new & -new
                new ^= low
                y = across[low.bit_length() - 1] ^ u
                if not seen >> y & 1:
                    seen |= 1 << y
                    todo.append(y)
        return edges, seen

    def _shape(self, v: int, rest: int, cities: int) -> tuple[int, int]:
        """(total weight of `rest`, an upper bound on a trail from `v` through it).

        The two are equal exactly when the whole of `rest` is one trail from `v`.
        """
        incident_no_loops, weight = self.incident_no_loops, self.weight
        odd_count = 0
        v_odd = False
        for u in _bits(cities):
            if (incident_no_loops[u] & rest).bit_count() & 1:
                odd_count += 1
                v_odd = v_odd or u == v
        total = 0
        for i in _bits(rest):
            total += weight[i]
        left_unused = (odd_count - 2 if v_odd else odd_count) // 2
        bound = total
        for i in _bits(rest):
            if left_unused <= 0:
                break
            bound -= weight[i]
            left_unused -= 1
        return total, bound

    def value(self, v: int, rest: int, cities: int) -> int:
        """The longest trail from `v` through the edges `rest` (all reachable from `v`)."""
        key = rest * self.n + v
        known = self.memo.get(key)
        if known is not None:
            return known
        total, bound = self._shape(v, rest, cities)
        best = total
        if bound < total:
            best = 0
            weight, across = self.weight, self.across
            for i in self.order[v]:
                bit = 1 << i
                if not rest & bit:
                    continue
                u = across[i] ^ v
                after, after_cities = self.reach(u, rest ^ bit)
                length = weight[i] + (self.value(u, after, after_cities) if after else 0)
                if length > best:
                    best = length
                    if best >= bound:
                        break
        self.memo[key] = best
        return best

    def trail(self, start: int) -> list[tuple[int, int]]:
        """The trail found by `value` from `start`, as (edge, city it leaves from) pairs."""
        steps: list[tuple[int, int]] = []
        v, rest, cities = start, *self.reach(start, self.full)
        while rest:
            target = self.value(v, rest, cities)
            total, bound = self._shape(v, rest, cities)
            if bound == total:
                steps.extend(self.euler(v, rest))
                break
            for i in self.order[v]:
                bit = 1 << i
                if not rest & bit:
                    continue
                u = self.across[i] ^ v
                after, after_cities = self.reach(u, rest ^ bit)
                length = self.weight[i] + (self.value(u, after, after_cities) if after else 0)
                if length == target:
                    steps.append((i, v))
                    v, rest, cities = u, after, after_cities
                    break
            else:  # pragma: no cover - `value` found `target` through one of these edges
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
