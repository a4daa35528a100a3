"""The longest continuous path: rulebook cases, and an exhaustive search as the referee."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.board import Board, Route
from domain.longest_path import forget_counted, longest_path
from domain.maps import MAP_NAMES, load_board, rules_for
from tests.positions import (
    HARD_POSITIONS,
    is_legal_network,
    leafy_position,
    random_final_positions,
    worst_positions,
)


def routes(map_name: str, *names: str) -> list[Route]:
    board = load_board(map_name)
    return [board.route_by_id[f"{map_name}/{name}"] for name in names]


def brute_force(rs: Sequence[Route]) -> int:
    """Every trail from every city, one route at a time: slow, obviously right."""
    at: dict[str, list[int]] = {}
    for i, r in enumerate(rs):
        at.setdefault(r.a, []).append(i)
        at.setdefault(r.b, []).append(i)
    used = [False] * len(rs)

    def walk(city: str) -> int:
        best = 0
        for i in at[city]:
            if not used[i]:
                used[i] = True
                r = rs[i]
                best = max(best, r.length + walk(r.b if r.a == city else r.a))
                used[i] = False
        return best

    return max((walk(city) for city in at), default=0)


def exhaustive(rs: Sequence[Route]) -> int:
    """The same exhaustive search, remembering (city, routes used): for bigger networks."""
    at: dict[str, list[int]] = {}
    for i, r in enumerate(rs):
        at.setdefault(r.a, []).append(i)
        at.setdefault(r.b, []).append(i)

    @functools.cache
    def walk(city: str, used: int) -> int:
        best = 0
        for i in at[city]:
            if not used >> i & 1:
                r = rs[i]
                best = max(best, r.length + walk(r.b if r.a == city else r.a, used | 1 << i))
        return best

    return max((walk(city, 0) for city in at), default=0)


def assert_is_trail(rs: Sequence[Route], length: int, trail: Sequence[str]) -> None:
    """`trail` is a chain of distinct routes of `rs`, each starting where the last ended."""
    by_id = {r.id: r for r in rs}
    assert len(set(trail)) == len(trail)
    assert sum(by_id[i].length for i in trail) == length
    if not trail:
        return
    first = by_id[trail[0]]
    ends = []
    for start in (first.a, first.b):
        city: str | None = start
        for i in trail:
            r = by_id[i]
            city = r.b if r.a == city else r.a if r.b == city else None
            if city is None:
                break
        ends.append(city)
    assert any(end is not None for end in ends), f"not a chain: {trail}"


# ---- the rule, case by case ----------------------------------------------------------

def test_no_routes_no_path() -> None:
    assert longest_path([]) == (0, ())


def test_one_route_is_a_path_of_its_length() -> None:
    assert longest_path(routes("usa", "atlanta-miami")) == (5, ("usa/atlanta-miami",))


def test_longest_path_is_counted_in_trains_not_routes() -> None:
    # one route of 6 beats a chain of three routes of 1 + 2 + 2
    rs = routes("usa", "calgary-winnipeg", "seattle-vancouver-1", "portland-seattle-1",
                "denver-santa-fe")
    assert longest_path(rs)[0] == 6


def test_longest_path_may_pass_through_a_city_twice() -> None:
    # two triangles meeting at Atlanta: one run through all six routes crosses Atlanta twice
    rs = routes("usa", "atlanta-charleston", "charleston-miami", "atlanta-miami",
                "atlanta-nashville", "nashville-raleigh", "atlanta-raleigh-1")
    length, trail = longest_path(rs)
    assert length == 2 + 4 + 5 + 1 + 3 + 2
    assert_is_trail(rs, length, trail)


def test_longest_path_may_close_a_loop() -> None:
    rs = routes("europe", "amsterdam-bruxelles", "bruxelles-frankfurt", "amsterdam-frankfurt")
    length, trail = longest_path(rs)
    assert length == 1 + 2 + 2
    assert len(trail) == 3


def test_longest_path_never_uses_a_route_twice() -> None:
    # a star of three routes: a walk could go out and back, a trail takes only two arms
    rs = routes("usa", "denver-helena", "denver-kansas-city-1", "denver-santa-fe")
    assert longest_path(rs)[0] == 4 + 4


def test_longest_path_drops_the_shorter_branch() -> None:
    # BGA's test case 2 (RULES-SOURCES §4.5): the Charleston spur is left out
    rs = routes("usa", "calgary-seattle", "portland-seattle-1", "portland-san-francisco-1",
                "los-angeles-san-francisco-1", "el-paso-los-angeles", "el-paso-houston",
                "houston-new-orleans", "atlanta-new-orleans-1", "atlanta-charleston",
                "atlanta-nashville", "nashville-saint-louis", "chicago-saint-louis-1",
                "chicago-pittsburgh-1", "new-york-pittsburgh-1")
    length, trail = longest_path(rs)
    assert length == 41
    assert "usa/atlanta-charleston" not in trail
    assert_is_trail(rs, length, trail)


def test_longest_path_bga_case_one() -> None:
    rs = routes("usa", "portland-salt-lake-city", "helena-salt-lake-city",
                "las-vegas-salt-lake-city", "las-vegas-los-angeles",
                "denver-salt-lake-city-1", "denver-kansas-city-1")
    assert longest_path(rs)[0] == 13


def test_longest_path_stays_in_one_network() -> None:
    # two separate networks never add up: the better one counts
    rs = routes("europe", "petrograd-stockholm", "cadiz-lisboa", "cadiz-madrid",
                "barcelona-madrid")
    assert longest_path(rs) == (8, ("europe/petrograd-stockholm",))


def test_longest_path_is_the_same_whatever_the_order_of_the_routes() -> None:
    rs = worst_positions("nordic")[0]
    shuffled = list(rs)
    random.Random(3).shuffle(shuffled)
    assert longest_path(shuffled) == longest_path(rs)
    assert longest_path(tuple(reversed(rs))) == longest_path(rs)


def test_a_route_given_twice_is_refused() -> None:
    rs = routes("usa", "atlanta-miami", "atlanta-miami")
    with pytest.raises(ValueError):
        longest_path(rs)


def test_a_route_given_twice_is_refused_even_once_its_network_was_counted() -> None:
    # networks are remembered with their answer: a repeat must still be checked first
    longest_path(routes("usa", "atlanta-miami"))
    with pytest.raises(ValueError):
        longest_path(routes("usa", "atlanta-miami", "atlanta-miami"))


def test_a_network_counted_again_after_being_forgotten_has_the_same_longest_path() -> None:
    rs = worst_positions("europe")[0]
    remembered = longest_path(rs)
    forget_counted()
    assert longest_path(rs) == remembered


def test_both_routes_of_a_double_may_form_a_loop() -> None:
    # never reachable for one player, but the function is exact on any multigraph
    rs = routes("usa", "dallas-houston-1", "dallas-houston-2", "houston-new-orleans")
    assert longest_path(rs)[0] == 1 + 1 + 2


# ---- against the exhaustive search ---------------------------------------------------

@st.composite
def small_networks(draw: st.DrawFn) -> list[Route]:
    """Up to 11 routes of one map, mostly grown from one city so that they connect and
    close loops (where the search has work to do); both routes of a double allowed."""
    board: Board = load_board(draw(st.sampled_from(MAP_NAMES)))
    size = draw(st.integers(min_value=0, max_value=11))
    chosen: list[Route] = []
    cities = {draw(st.sampled_from(board.cities))}
    for _ in range(size):
        near = [r for r in board.routes
                if r not in chosen and (r.a in cities or r.b in cities)]
        pool = near if near and draw(st.integers(0, 9)) else [
            r for r in board.routes if r not in chosen]
        r = draw(st.sampled_from(pool))
        chosen.append(r)
        cities.update((r.a, r.b))
    return chosen


@settings(max_examples=400, deadline=None)
@given(small_networks())
def test_longest_path_matches_exhaustive_search(rs: list[Route]) -> None:
    length, trail = longest_path(rs)
    assert length == brute_force(rs)
    assert_is_trail(rs, length, trail)


def test_random_final_positions_match_exhaustive_search() -> None:
    for map_name in MAP_NAMES:
        board, rules = load_board(map_name), rules_for(map_name)
        rng = random.Random(map_name)
        for _ in range(40):
            for rs in random_final_positions(board, rules, rng, players=rng.randint(2, 3)):
                length, trail = longest_path(rs)
                assert length == exhaustive(rs)
                assert_is_trail(rs, length, trail)


def test_leafy_networks_match_exhaustive_search() -> None:
    # many odd cities: where the bounds are estimates and the search order matters
    for map_name in MAP_NAMES:
        board, rules = load_board(map_name), rules_for(map_name)
        rng = random.Random(f"leafy {map_name}")
        for _ in range(40):
            rs = leafy_position(board, rules, rng)
            length, trail = longest_path(rs)
            assert length == exhaustive(rs)
            assert_is_trail(rs, length, trail)


def test_a_start_whose_bound_fell_does_not_end_the_search() -> None:
    # Regression: the best trail starts at the third start tried, after the bound of
    # the second had fallen below the best found; the search must go on past it.
    rs = routes("usa", "portland-san-francisco-1", "portland-seattle-1",
                "portland-salt-lake-city", "helena-seattle", "helena-winnipeg",
                "duluth-winnipeg", "helena-omaha", "chicago-duluth", "calgary-winnipeg",
                "calgary-vancouver", "seattle-vancouver-1")
    length, trail = longest_path(rs)
    assert length == exhaustive(rs) == 28
    assert_is_trail(rs, length, trail)


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_worst_positions_are_legal_networks(map_name: str) -> None:
    board, rules = load_board(map_name), rules_for(map_name)
    assert all(is_legal_network(board, rules, rs) for rs in worst_positions(map_name))


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_hard_positions_stay_exact(map_name: str) -> None:
    # the hand-found hardest networks, and the densest grown from a few cities
    board = load_board(map_name)
    hard = [tuple(board.route_by_id[i] for i in ids) for ids in HARD_POSITIONS[map_name]]
    for rs in hard + worst_positions(map_name)[:4]:
        length, trail = longest_path(rs)
        assert length == exhaustive(rs)
        assert_is_trail(rs, length, trail)
