"""Upper bounds on the longest trail of one component of a player's network, contracted
as `domain.longest_path` contracts it: fact 5 of that module's docstring. The edges
left out of a trail make odd every odd city but the trail's two ends, so they weigh at
least the shortest pairing of those cities by paths; `TrailBounds.bound` estimates it
for a search's every step, `TrailBounds.ceiling` works it out once, exactly, for the
whole component when it has few cycles.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator

# A contracted edge: (end a, end b, weight, the route ids from a to b).
Edge = tuple[int, int, int, tuple[str, ...]]

# Above this many cities the exact shortest pairing costs more than it saves.
_EXACT_PAIRING = 9
FAR = 1 << 30
# Up to this many edges off a spanning tree, `ceiling` tries every subset of them.
_MAX_CYCLES = 7


def bits(mask: int) -> Iterator[int]:
    """The numbers of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class TrailBounds:
    """A component's edges as the bits of an int, and the bounds on its trails.

    Edges are numbered lightest first, so that "the k lightest unused edges" are the
    k lowest set bits of a mask.
    """

    def __init__(self, n: int, edges: list[Edge]) -> None:
        edges = sorted(edges, key=lambda e: (e[2], e[3]))
        self.n = n
        self.edges = edges
        self.weight = [e[2] for e in edges]
        # the other end of edge i seen from v is `v ^ across[i]` (a loop gives v again)
        self.across = [a ^ b for a, b, _, _ in edges]
        # the cities whose degree parity edge i flips (none for a loop)
        self.flips = [0 if a == b else 1 << a | 1 << b for a, b, _, _ in edges]
        self.ends = [1 << a | 1 << b for a, b, _, _ in edges]
        self.incident = [0] * n
        for i, (a, b, _, _) in enumerate(edges):
            self.incident[a] |= 1 << i
            self.incident[b] |= 1 << i
        self.full = (1 << len(edges)) - 1
        self.odd = 0
        for flip in self.flips:
            self.odd ^= flip
        self.total = sum(self.weight)
        self.distance: list[list[int] | None] = [None] * n
        self.pairing: dict[int, int] = {}
        self.left_out: dict[int, int] = {}
        # the starts already searched (see `bound`)
        self.done = 0

    def ceiling(self) -> int:
        """An upper bound on every trail of the component: the total less the lightest
        set of edges that pairs up all odd cities but two (fact 5 of the module
        docstring, exactly, where `bound` can only afford an estimate).

        Such a set with no cycle is a spanning tree's unique one, changed by some of
        the edges off the tree; with few of those, all their subsets are tried, and
        for each the two ends are the pair of odd cities along whose tree path the
        change saves most (a tree walk).
        """
        odd = self.odd
        if odd.bit_count() - 1 <= _EXACT_PAIRING:
            return FAR  # `bound` is exact at the start already
        n, weight, across, incident = self.n, self.weight, self.across, self.incident
        parent = [-1] * n
        up = [-1] * n  # the tree edge from a city to its parent
        order = [0]
        seen = 1
        for x in order:
            for i in bits(incident[x]):
                y = across[i] ^ x
                if not seen >> y & 1:
                    seen |= 1 << y
                    parent[y], up[y] = x, i
                    order.append(y)
        tree = set(up)
        off_tree = [i for i in range(len(weight)) if i not in tree and self.flips[i]]
        if len(off_tree) > _MAX_CYCLES:
            return FAR
        fewest = FAR
        for chosen in range(1 << len(off_tree)):
            need, removed = odd, 0
            for j in bits(chosen):
                need ^= self.flips[off_tree[j]]
                removed += weight[off_tree[j]]
            # each tree edge is in the set when the cities below it hold an odd count
            below = [need >> x & 1 for x in range(n)]
            for x in reversed(order[1:]):
                below[parent[x]] ^= below[x]
            # then change the ends: leaving the pair s, t out flips the tree path s-t
            first = [FAR] * n
            second = [FAR] * n
            saving = FAR
            for x in reversed(order):
                if x:
                    removed += weight[up[x]] if below[x] else 0
                own = 0 if odd >> x & 1 else FAR
                down = min(own, first[x])
                saving = min(saving, own + first[x], first[x] + second[x])
                if x:
                    step = down + (-weight[up[x]] if below[x] else weight[up[x]])
                    p = parent[x]
                    if step < first[p]:
                        first[p], second[p] = step, first[p]
                    elif step < second[p]:
                        second[p] = step
            fewest = min(fewest, removed + saving)
        return self.total - fewest

    def bound(self, v: int, rest: int, odd: int, total: int) -> int:
        """An upper bound on the longest trail from `v` through `rest` that ends at a
        city not in `done`; it is `total` exactly when the whole of `rest` is one trail
        from `v` (Euler).

        A longest trail from here ends at a city t of S = odd(rest) xor {v}, and the
        edges it leaves unused make every city of S but t odd: they hold a pairing of
        those cities by paths, which weighs at least the shortest such pairing in the
        whole component, and they are at least half as many as those cities. Trails
        that end at a start already searched were found from that start (run
        backwards), so t is not in `done` (0: no such trail is needed from here).
        """
        need = odd ^ 1 << v
        if not need & need - 1:
            return total
        ends = need & ~self.done
        if not ends:
            return 0
        pairs = need.bit_count() // 2
        lightest = 0
        weight = self.weight
        while pairs:
            low = rest & -rest
            if not low:
                break
            rest ^= low
            lightest += weight[low.bit_length() - 1]
            pairs -= 1
        return total - max(lightest, self.pair_all_but_one(need, ends))

    def pair_all_but_one(self, cities: int, ends: int) -> int:
        """The shortest way (in the whole component) to pair up all of `cities` but one
        of `ends`, each pair joined by a shortest path; a lower bound of it when
        `cities` are many."""
        key = cities << self.n | ends
        known = self.left_out.get(key)
        if known is not None:
            return known
        if cities.bit_count() > _EXACT_PAIRING:
            result = self._nearest_bound(cities, ends)
        elif ends == cities:
            result = self._pairing(cities)
        else:
            result = min(self._pairing(cities ^ 1 << t) for t in bits(ends))
        self.left_out[key] = result
        return result

    def _pairing(self, cities: int) -> int:
        # an odd number of cities: one is left out; an even number: all are paired
        if not cities & cities - 1:
            return 0
        known = self.pairing.get(cities)
        if known is not None:
            return known
        low = cities & -cities
        first = low.bit_length() - 1
        others = cities ^ low
        row = self.distances(first)
        best = self._pairing(others) if cities.bit_count() & 1 else FAR
        for j in bits(others):
            here = row[j]
            if here < best:
                here += self._pairing(others ^ 1 << j)
                if here < best:
                    best = here
        self.pairing[cities] = best
        return best

    def _nearest_bound(self, cities: int, ends: int) -> int:
        # each city but the left-out one is joined to its nearest other city: every
        # path is counted from both its ends, so half the sum is a lower bound
        members = list(bits(cities))
        total = left_out = 0
        for u in members:
            row = self.distances(u)
            nearest = min([row[x] for x in members if x != u])
            total += nearest
            if ends >> u & 1:
                left_out = max(left_out, nearest)
        return (total - left_out + 1) // 2

    def distances(self, source: int) -> list[int]:
        """Shortest distances from `source` in the whole component (Dijkstra)."""
        row = self.distance[source]
        if row is not None:
            return row
        row = [FAR] * self.n
        row[source] = 0
        heap = [(0, source)]
        while heap:
            d, x = heapq.heappop(heap)
            if d > row[x]:
                continue
            for i in bits(self.incident[x]):
                y = self.across[i] ^ x
                if d + self.weight[i] < row[y]:
                    row[y] = d + self.weight[i]
                    heapq.heappush(heap, (row[y], y))
        self.distance[source] = row
        return row
