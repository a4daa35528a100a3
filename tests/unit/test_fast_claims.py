"""The fast claim listing lists exactly what the plain rules allow, on every map.

`legal_moves` lists route claims and station builds through `domain._fast_claims`
(prebuilt commands, bit sets, payments worked out per shape of route). Like a chess
move generator checked against perft counts, its answers are checked here against
the plain rules on random positions: every route of each board, random hands, trains,
owners and stations, under each map's knobs and variations of them.

- The claims listed are, as a multiset, one per route that `claim_error` leaves open
  and payment that `route_payments` lists for it; the station builds are one per city
  without a station and payment that `station_payments` lists.
- `route_payments` itself lists exactly the sets of held cards that
  `route_payment_error` accepts (for the routes with substitute groups, whose listing
  is one canonical choice per shape, every payment listed is accepted and held).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from functools import cache
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.board import Route
from domain.cards import KINDS, Counts, contains
from domain.claimable import claim_error
from domain.commands import BuildStation, ClaimRoute
from domain.evolve import replay
from domain.maps import MAP_NAMES, rules_for
from domain.moves import legal_moves
from domain.payment import route_payment_error, route_payments, station_cost, station_payments
from domain.rules import Rules
from domain.setup import start_game
from domain.state import FREE, Game, changed


def _variants(rules: Rules) -> tuple[Rules, ...]:
    """The map's rules, and the same with the payment knobs turned every other way."""
    knobs = product((True, False), (None, 2, 3), (0, 3), (rules.any_cards_routes, {}))
    found = [rules]
    for locos, ferry, stations, any_cards in knobs:
        variant = dataclasses.replace(rules, locomotives_on_ordinary_routes=locos,
                                      ferry_substitute_cards=ferry, stations=stations,
                                      any_cards_routes=any_cards)
        if variant not in found:
            found.append(variant)
    return tuple(found)


# built once and kept: the engine caches per rules value
VARIANTS = {name: _variants(rules_for(name)) for name in MAP_NAMES}

hands = st.tuples(*[st.integers(0, 5)] * len(KINDS)) | st.tuples(
    *[st.integers(0, 14)] * len(KINDS))

examples = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@cache
def _dealt(map_name: str, players: int) -> Game:
    return replay(start_game(map_name, players, b"fast-claims"))


def _position(map_name: str, rules: Rules, players: int, hand: Counts, trains: int,
              stations_left: int, rng: random.Random) -> Game:
    """Seat 0 to play, holding `hand`, with random owners of routes and cities."""
    game = _dealt(map_name, players)
    board = game.board
    owners = tuple(FREE if rng.random() < 0.7 else rng.randrange(players)
                   for _ in board.routes)
    cities = {c: rng.randrange(players) for c in board.cities if rng.random() < 0.2}
    player = changed(game.players[0], hand=hand, trains=trains, stations_left=stations_left)
    position = changed(game, phase="playing", step="start", current=0, owners=owners,
                       station_owners=cities, players=(player, *game.players[1:]))
    position.__dict__["rules"] = rules  # the variant, as `Game.rules` caches it
    return position


@pytest.mark.parametrize("map_name", MAP_NAMES)
@examples
@given(data=st.data(), hand=hands, seed=st.integers(0, 2**32 - 1))
def test_the_claims_listed_are_those_the_plain_rules_allow(
        map_name: str, data: st.DataObject, hand: Counts, seed: int) -> None:
    rules = data.draw(st.sampled_from(VARIANTS[map_name]))
    players = data.draw(st.integers(rules.min_players, rules.max_players))
    trains = data.draw(st.integers(0, rules.trains))
    stations_left = data.draw(st.integers(0, rules.stations))
    game = _position(map_name, rules, players, hand, trains, stations_left,
                     random.Random(seed))
    listed = legal_moves(game, 0)

    expected_claims = [ClaimRoute(route.id, paid) for route in game.board.routes
                       if claim_error(game, 0, route.id) is None
                       for paid in route_payments(rules, route, hand)]
    assert Counter(m for m in listed if isinstance(m, ClaimRoute)) == Counter(expected_claims)

    payments = (station_payments(station_cost(rules, stations_left), hand)
                if rules.has_stations and stations_left > 0 else [])
    expected_builds = [BuildStation(city, paid) for city in game.board.cities
                       if city not in game.station_owners for paid in payments]
    assert Counter(m for m in listed if isinstance(m, BuildStation)) == Counter(expected_builds)


def _sub_hands(hand: Counts) -> dict[int, list[Counts]]:
    """Every set of cards the hand holds, by size."""
    by_size: dict[int, list[Counts]] = {}
    for cards in product(*(range(n + 1) for n in hand)):
        by_size.setdefault(sum(cards), []).append(cards)
    return by_size


def _has_substitutes(rules: Rules, route: Route) -> bool:
    return route.id in rules.any_cards_routes or (
        route.ferry and bool(rules.ferry_substitute_cards))


small_hands = st.tuples(*[st.integers(0, 3)] * len(KINDS)).filter(lambda h: sum(h) <= 11)


@pytest.mark.parametrize("map_name", MAP_NAMES)
@examples
@given(data=st.data(), hand=small_hands)
def test_the_payments_listed_are_every_set_of_held_cards_that_pays(
        map_name: str, data: st.DataObject, hand: Counts) -> None:
    rules = data.draw(st.sampled_from(VARIANTS[map_name]))
    held = _sub_hands(hand)
    board = _dealt(map_name, rules.min_players).board
    seen: set[tuple[object, ...]] = set()
    for route in board.routes:
        # the payments depend on these only (and on the route's id for any-cards routes)
        shape = (route.color, route.length, route.locomotives, route.ferry, route.tunnel,
                 route.id if route.id in rules.any_cards_routes else None)
        if shape in seen:
            continue
        seen.add(shape)
        listed = route_payments(rules, route, hand)
        assert len(set(listed)) == len(listed), route.id
        for paid in listed:
            assert contains(hand, paid), (route.id, paid)
            assert route_payment_error(rules, route, paid) is None, (route.id, paid)
        if not _has_substitutes(rules, route):
            accepted = {cards for cards in held.get(route.length, [])
                        if route_payment_error(rules, route, cards) is None}
            assert set(listed) == accepted, route.id
