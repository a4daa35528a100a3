"""Players' route networks for tests and benchmarks of the longest path.

`random_final_positions` plays the claiming part of a game at random until it ends
(every player's network at the end of a plausible game); `leafy_position` grows a
branching tree with a few loops (many odd cities); `dense_position` and
`worst_positions` build the hardest networks we know for the longest-path search:
as many short routes as the trains allow, packed into the densest part of a map,
and the positions an adversarial search found (`HARD_POSITIONS`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from domain.board import Board, Route
from domain.maps import load_board, rules_for
from domain.rules import Rules


def _ids(map_name: str, *names: str) -> tuple[str, ...]:
    return tuple(f"{map_name}/{name}" for name in names)


# Found by an adversarial search: a hill climb over legal networks (drop 1-3 routes,
# add routes touching the network while the trains last) maximising the number of
# states the longest-path search visits, started from the `dense_position`s. The
# search pushes towards trees of short routes with 14-16 odd cities, where the bound
# on what a trail must leave unused is weakest.
HARD_POSITIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "usa": (
        _ids(
            "usa",
            "atlanta-raleigh-2", "boston-new-york-2", "charleston-raleigh", "chicago-pittsburgh-1",
            "chicago-saint-louis-2", "dallas-houston-2", "dallas-little-rock",
            "dallas-oklahoma-city-1", "kansas-city-oklahoma-city-2", "kansas-city-omaha-2",
            "kansas-city-saint-louis-2", "little-rock-nashville", "little-rock-new-orleans",
            "little-rock-oklahoma-city", "little-rock-saint-louis", "nashville-raleigh",
            "new-york-pittsburgh-2", "new-york-washington-1", "pittsburgh-raleigh",
            "pittsburgh-washington", "raleigh-washington-2",
        ),
        _ids(
            "usa",
            "atlanta-raleigh-1", "charleston-raleigh", "chicago-saint-louis-1", "dallas-houston-2",
            "dallas-little-rock", "dallas-oklahoma-city-1", "kansas-city-oklahoma-city-1",
            "kansas-city-omaha-1", "kansas-city-saint-louis-2", "little-rock-nashville",
            "little-rock-oklahoma-city", "little-rock-saint-louis", "nashville-raleigh",
            "nashville-saint-louis", "new-york-pittsburgh-1", "new-york-washington-1",
            "pittsburgh-raleigh", "pittsburgh-saint-louis", "pittsburgh-toronto",
            "pittsburgh-washington", "raleigh-washington-2",
        ),
        _ids(
            "usa",
            "atlanta-nashville", "atlanta-new-orleans-2", "atlanta-raleigh-2", "charleston-raleigh",
            "chicago-saint-louis-2", "chicago-toronto", "dallas-houston-2",
            "dallas-oklahoma-city-2", "houston-new-orleans", "kansas-city-oklahoma-city-2",
            "kansas-city-omaha-2", "kansas-city-saint-louis-2", "little-rock-new-orleans",
            "little-rock-oklahoma-city", "little-rock-saint-louis", "montreal-toronto",
            "new-york-washington-2", "pittsburgh-raleigh", "pittsburgh-toronto",
            "pittsburgh-washington", "raleigh-washington-2",
        ),
    ),
    "europe": (
        _ids(
            "europe",
            "amsterdam-bruxelles", "amsterdam-essen", "amsterdam-london", "brest-dieppe",
            "brindisi-roma", "bruxelles-frankfurt", "bruxelles-paris-1", "budapest-zagrab",
            "dieppe-london-1", "dieppe-paris", "edinburgh-london-2", "essen-frankfurt",
            "essen-kobenhavn-2", "frankfurt-munchen", "munchen-venezia", "munchen-zurich",
            "paris-zurich", "roma-venezia", "venezia-zagrab", "venezia-zurich", "wien-zagrab",
        ),
        _ids(
            "europe",
            "amsterdam-bruxelles", "amsterdam-frankfurt", "amsterdam-london", "berlin-danzig",
            "berlin-essen", "berlin-wien", "brest-paris", "bruxelles-frankfurt",
            "bruxelles-paris-1", "budapest-wien-1", "budapest-zagrab", "dieppe-paris",
            "essen-frankfurt", "essen-kobenhavn-2", "frankfurt-munchen", "munchen-venezia",
            "munchen-zurich", "paris-zurich", "venezia-zagrab", "venezia-zurich", "wien-zagrab",
        ),
        _ids(
            "europe",
            "amsterdam-bruxelles", "amsterdam-frankfurt", "amsterdam-london", "berlin-danzig",
            "berlin-essen", "berlin-frankfurt-2", "bruxelles-frankfurt", "bruxelles-paris-1",
            "budapest-zagrab", "dieppe-paris", "essen-frankfurt", "essen-kobenhavn-2",
            "frankfurt-munchen", "marseille-zurich", "munchen-venezia", "munchen-zurich",
            "paris-zurich", "roma-venezia", "venezia-zagrab", "venezia-zurich", "wien-zagrab",
        ),
    ),
    "nordic": (
        _ids(
            "nordic",
            "boden-kiruna-1", "boden-tornio", "boden-umea-1", "helsinki-imatra", "helsinki-lahti",
            "helsinki-tallinn", "helsinki-tampere", "helsinki-turku", "imatra-kuopio",
            "imatra-lahti", "kajaani-kuopio", "kajaani-lieksa", "kajaani-oulu", "lahti-tampere",
            "oulu-tornio", "oulu-vaasa", "rovaniemi-tornio", "stockholm-turku", "sundsvall-umea-2",
            "tampere-turku", "tampere-vaasa", "umea-vaasa",
        ),
        _ids(
            "nordic",
            "boden-kiruna-1", "boden-tornio", "boden-umea-2", "helsinki-imatra", "helsinki-lahti",
            "helsinki-stockholm-1", "helsinki-tampere", "helsinki-turku", "imatra-kuopio",
            "imatra-lahti", "kajaani-kuopio", "kajaani-lieksa", "kajaani-oulu", "kuopio-lieksa",
            "lahti-tampere", "oulu-tornio", "oulu-vaasa", "rovaniemi-tornio", "sundsvall-umea-1",
            "tampere-turku", "tampere-vaasa", "umea-vaasa",
        ),
        _ids(
            "nordic",
            "boden-kiruna-1", "boden-tornio", "boden-umea-1", "helsinki-imatra", "helsinki-lahti",
            "helsinki-tampere", "imatra-kuopio", "kajaani-kuopio", "kajaani-lieksa", "kajaani-oulu",
            "kiruna-narvik-1", "kuopio-lahti", "kuopio-oulu", "kuopio-vaasa", "lahti-tampere",
            "oulu-tornio", "rovaniemi-tornio", "sundsvall-umea-1", "tampere-turku", "tampere-vaasa",
            "umea-vaasa",
        ),
    ),
}


def _claimable(board: Board, rules: Rules, players: int, taken: dict[int, int],
               seat: int, trains_left: int) -> list[Route]:
    out = []
    for r in board.routes:
        if r.index in taken or r.length > trains_left:
            continue
        twin = board.twin[r.index]
        if twin is not None and twin in taken:
            # never both of a double; with few players the twin is closed to everyone
            if taken[twin] == seat or players < rules.double_routes_min_players:
                continue
        out.append(r)
    return out


def random_final_positions(
    board: Board, rules: Rules, rng: random.Random, players: int, *, connected: float = 0.8,
) -> list[tuple[Route, ...]]:
    """Every player's routes at the end of a game of random claims.

    On each turn the player claims a free route they have the trains for; with
    probability `connected` it is one that touches their own network (as real players
    build), otherwise any. The game ends as the real one does: one more turn for
    everyone once a player is down to `rules.end_trigger_trains` trains or fewer.
    """
    taken: dict[int, int] = {}
    trains = [rules.trains] * players
    owned: list[list[Route]] = [[] for _ in range(players)]
    cities: list[set[str]] = [set() for _ in range(players)]
    last_turns: int | None = None
    seat = 0
    stuck = 0
    while last_turns is None or last_turns > 0:
        options = _claimable(board, rules, players, taken, seat, trains[seat])
        if options:
            stuck = 0
            near = [r for r in options if r.a in cities[seat] or r.b in cities[seat]]
            pick = rng.choice(near if near and rng.random() < connected else options)
            taken[pick.index] = seat
            trains[seat] -= pick.length
            owned[seat].append(pick)
            cities[seat].update((pick.a, pick.b))
        else:
            stuck += 1
            if stuck >= players:
                break
        if last_turns is not None:
            last_turns -= 1
        elif trains[seat] <= rules.end_trigger_trains:
            last_turns = players
        seat = (seat + 1) % players
    return [tuple(rs) for rs in owned]


def leafy_position(board: Board, rules: Rules, rng: random.Random) -> tuple[Route, ...]:
    """One player's network grown from a random city, mostly by short routes to new
    cities: a tree with many branches (many odd cities) and a few loops."""
    owned: list[Route] = []
    cities = {rng.choice(board.cities)}
    trains = rules.trains
    while True:
        options = [
            r for r in board.routes
            if r.length <= trains and (r.a in cities or r.b in cities)
            and is_legal_network(board, rules, [*owned, r])
        ]
        if not options:
            break
        new = [r for r in options if not (r.a in cities and r.b in cities)]
        pool = sorted(new if new and rng.random() < 0.85 else options, key=lambda r: r.length)
        pick = rng.choice(pool[:max(1, len(pool) // 2)])
        owned.append(pick)
        cities.update((pick.a, pick.b))
        trains -= pick.length
    return tuple(owned)


def dense_position(board: Board, rules: Rules, seed_city: str) -> tuple[Route, ...]:
    """One player's network grown from `seed_city` by always claiming the shortest route
    that touches it (ties: one that closes a cycle first, then by id), one route of each
    double, until the trains run out: many short routes and many cycles."""
    owned: list[Route] = []
    cities = {seed_city}
    taken: set[int] = set()
    trains = rules.trains
    while True:
        options = [
            r for r in board.routes
            if r.index not in taken and r.length <= trains
            and (board.twin[r.index] is None or board.twin[r.index] not in taken)
            and (r.a in cities or r.b in cities)
        ]
        if not options:
            break
        pick = min(options, key=lambda r: (r.length, (r.a in cities) + (r.b in cities) == 1,
                                           r.id))
        owned.append(pick)
        taken.add(pick.index)
        cities.update((pick.a, pick.b))
        trains -= pick.length
    return tuple(owned)


def shortest_routes_position(board: Board, rules: Rules) -> tuple[Route, ...]:
    """The shortest routes of the whole map (one of each double) until the trains run out."""
    owned: list[Route] = []
    taken: set[int] = set()
    trains = rules.trains
    for r in sorted(board.routes, key=lambda r: (r.length, r.id)):
        twin = board.twin[r.index]
        if r.length <= trains and (twin is None or twin not in taken):
            owned.append(r)
            taken.add(r.index)
            trains -= r.length
    return tuple(owned)


def routes_of(board: Board, ids: Iterable[str]) -> tuple[Route, ...]:
    return tuple(board.route_by_id[i] for i in ids)


def worst_positions(map_name: str) -> list[tuple[Route, ...]]:
    """The hardest networks we know on `map_name` for the longest-path search."""
    board, rules = load_board(map_name), rules_for(map_name)
    out = [shortest_routes_position(board, rules)]
    out.extend(dense_position(board, rules, city) for city in board.cities)
    out.extend(routes_of(board, ids) for ids in HARD_POSITIONS.get(map_name, ()))
    return out


def is_legal_network(board: Board, rules: Rules, routes: Iterable[Route]) -> bool:
    """One player's routes could be owned at the end of a game: no double taken twice,
    no more trains than a player has."""
    rs = list(routes)
    indexes = {r.index for r in rs}
    return (
        len(indexes) == len(rs)
        and sum(r.length for r in rs) <= rules.trains
        and all(board.twin[r.index] not in indexes for r in rs)
    )
