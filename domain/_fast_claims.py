"""Speed machinery, private to `domain`: the claim listings of `domain.moves`, fast.

What `legal_moves` lists for claims is exactly what the plain rules allow (a route
`domain.claimable.claim_error` leaves open, paid as `domain.payment.route_payments`
lists; a station paid as `station_payments` lists, in a city without one), and
`tests/unit/test_fast_claims.py` checks it on random hands of every map. This module
gets there faster, because the listing runs for every decision of every game:

- every route's claims are built once per board and rules (`_ClaimTable`) and shared:
  they are immutable values, and building a frozen command is slow next to picking
  a prebuilt one (figures in bench/NOTES.md);
- routes are handled as bit sets (bit i: route index i): each group of alike routes
  gives the set that the hand might afford, and only the unowned ones among them are
  visited, lowest bit first (board order);
- the routes of one shape (colour, length, locomotive symbols) share their payments,
  so a hand's payments are worked out once per shape, as spans of the prebuilt claims.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate, chain, compress, repeat
from operator import itemgetter, not_, or_

from domain.board import Board, Route
from domain.cards import KINDS, LOCO, Counts
from domain.commands import BuildStation, ClaimRoute, Command
from domain.payment import (
    ANY_COLOR,
    route_needs,
    route_payments,
    station_cost,
    station_payments,
)
from domain.rules import Rules
from domain.state import FREE, Game


def add_route_claims(moves: list[Command], game: Game, seat: int) -> None:
    """Append every route claim `seat` may make, in board order: for each route that
    `claim_error` allows, each payment `route_payments` lists (Speed: into the listing,
    not a new list)."""
    player = game.players[seat]
    hand = player.hand
    rules = game.rules
    board = game.board
    table = _claim_table(rules, board)
    best_color = max(hand[:LOCO])
    total = sum(hand)
    candidates = _reachable(table, hand, best_color, total, player.trains) & game.free_routes
    owners = game.owners
    twins = board.twin
    twin_closed = len(game.players) < rules.double_routes_min_players
    routes = table.routes
    # the payments are the same for every route of a shape, so they are worked out
    # once per shape, as which of the routes' prebuilt claims to take
    picks: list[_Pick | None] = [_UNKNOWN] * len(table.shapes)
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        i = low.bit_length() - 1
        twin = twins[i]
        if twin is not None and owners[twin] != FREE and (twin_closed or owners[twin] == seat):
            continue
        shape, claims = routes[i]
        if shape < 0:  # substitutes: few routes, listed the general way
            if _might_pay_with_substitutes(table.substitutes[i], hand, best_color, total):
                route = board.routes[i]
                moves.extend(map(ClaimRoute, repeat(route.id),
                                 route_payments(rules, route, hand)))
            continue
        pick = picks[shape]
        if pick is _UNKNOWN:  # (inline, not a call: it runs for most listings)
            color, length, symbols, locos_ok = table.shapes[shape]
            usable = hand[LOCO] if locos_ok else 0
            grid = table.grids[shape]
            if grid is None:  # a grey route: its payments depend on every colour
                pick = _pick(_plain_spans(hand, color, length, symbols, usable))
            else:
                have = hand[color]
                pick = grid[have if have < length else length][
                    usable if usable < length else length]
            picks[shape] = pick
        if pick is not None:
            moves.extend(pick(claims))


def _reachable(table: _ClaimTable, hand: Counts, best_color: int, total: int,
               trains: int) -> int:
    """The routes this hand might afford with these trains, as a bit set (bit i: route
    index i): what `might_afford` tells route by route, worked out per group of alike
    routes (their routes up to the length that the cards reach, and that the trains
    left reach)."""
    locos = hand[LOCO]
    limit = trains
    if limit > table.longest:
        limit = table.longest
    elif limit < 0:
        limit = 0
    levels = hand[:LOCO] + (best_color,)  # a colour's cards; at _GREY, the best colour's
    reachable = 0
    if table.substitutes:
        reachable = table.by_total[total if total < limit else limit]
    for level, masks in table.groups:
        reach = levels[level] + locos
        reachable |= masks[reach if reach < limit else limit]
    for level, masks in table.groups_without_locos:
        reach = levels[level]
        reachable |= masks[reach if reach < limit else limit]
    for level, symbols, masks in table.ferries:
        if locos >= symbols:
            reach = levels[level] + locos
            reachable |= masks[reach if reach < limit else limit]
    return reachable


# which of a route's prebuilt claims to take: an `itemgetter` of a slice, or of two
# indexes or more, so that it always gives a tuple
_Pick = Callable[[tuple[ClaimRoute, ...]], tuple[ClaimRoute, ...]]
_UNKNOWN: _Pick = itemgetter(slice(0))  # marks a shape not worked out yet


def _pick(spans: list[tuple[int, int]]) -> _Pick | None:
    """Spans as one call (Speed: one C call per route instead of a loop of slices)."""
    if not spans:
        return None
    if len(spans) == 1:
        return itemgetter(slice(*spans[0]))
    return itemgetter(*[i for a, b in spans for i in range(a, b)])


def _might_pay_with_substitutes(route: _Substitutes, hand: Counts, best_color: int,
                                total: int) -> bool:
    """A cheap test before `route_payments` on a route with substitutes, like `might_afford`.

    False only when no payment exists. A payment covers the route's spaces with n
    cards of one colour (n at most what the hand has), k locomotives and g groups of
    `per_group` cards: n + k + g = length, using n + k + per_group * g cards. So it
    needs g >= length - n - k, and on a ferry g >= symbols - k, hence at least
    length + (per_group - 1) * (the least such g) cards.
    """
    color, length, symbols, locos_ok, any_cards, per_group = route
    have = best_color if color == ANY_COLOR else hand[color]
    if have > length:
        have = length
    if any_cards:  # no locomotive stands in (`locomotives_allowed`), nor symbols
        return total >= length + (per_group - 1) * (length - have)
    locos = hand[LOCO] if locos_ok else 0
    if locos > length:
        locos = length
    groups = max(0, symbols - locos, length - have - locos)
    return total >= length + (per_group - 1) * groups


def _plain_spans(hand: Counts, color: int, length: int, symbols: int,
                 usable: int) -> list[tuple[int, int]]:
    """The payments of `payment._plain_payments` as spans of a route's prebuilt claims.

    The claims of a plain route (see `_build_claim_table`) are, for each colour it
    takes, the payments of length-k cards of that colour and k locomotives for k =
    symbols .. length-1, then the payment of locomotives only; `usable` is how many
    locomotives may stand in (at least `symbols`).
    """
    spans: list[tuple[int, int]] = []
    width = length - symbols
    top = usable if usable < length else length - 1
    # a colour pays with at least one card of it, and length - usable at least
    enough = length - usable if length - usable > 1 else 1
    for position, c in (_COLORS_BY_POSITION if color == ANY_COLOR else ((0, color),)):
        have = hand[c]
        if have < enough:  # the usual case on a grey route
            continue
        low = length - have if length - have > symbols else symbols
        if low <= top:
            a = position * width + low - symbols
            b = position * width + top - symbols + 1
            if spans and spans[-1][1] == a:
                spans[-1] = (spans[-1][0], b)
            else:
                spans.append((a, b))
    if usable >= length:
        a = (LOCO if color == ANY_COLOR else 1) * width
        if spans and spans[-1][1] == a:
            spans[-1] = (spans[-1][0], a + 1)
        else:
            spans.append((a, a + 1))
    return spans


_COLORS_BY_POSITION = tuple(enumerate(range(LOCO)))
# what the payments of a plain route depend on: (colour or ANY_COLOR, length,
# locomotive symbols, locomotives allowed)
_Shape = tuple[int, int, int, bool]
# a route with substitutes: (colour or ANY_COLOR, length, locomotive symbols,
# locomotives allowed, any cards stand in for a card of the colour (else a ferry's
# cards stand in for a locomotive), how many cards stand in for one)
_Substitutes = tuple[int, int, int, bool, bool, int]
_GREY = LOCO  # where `_add_claims` puts the best colour's cards, past the colours
# routes alike for `might_afford` (no substitutes, no locomotive symbols): (colour or
# _GREY, the bit set of the group's routes of length at most n for n = 0 ..
# `_ClaimTable.longest`)
_Group = tuple[int, tuple[int, ...]]
# the same for ferries without substitutes (locomotives stand in on them): (colour or
# _GREY, locomotive symbols, bit sets)
_Ferries = tuple[int, int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class _ClaimTable:
    """What the claim listing needs of one board under one set of rules, built once.

    Each route's claims are built here once and shared (they are immutable values).
    """
    rules: Rules
    board: Board
    longest: int  # the bit sets below go up to this length (the trains of a player)
    groups: tuple[_Group, ...]  # where locomotives stand in
    groups_without_locos: tuple[_Group, ...]
    ferries: tuple[_Ferries, ...]
    by_total: tuple[int, ...]  # the routes with substitutes, by length as in `_Group`
    shapes: tuple[_Shape, ...]
    # per shape of one colour, its picks for min(cards of the colour, length) and
    # min(locomotives that may stand in, length) (Speed: worked out once); None for
    # a grey shape
    grids: tuple[tuple[tuple[_Pick | None, ...], ...] | None, ...]
    # per route: its shape's number in `shapes` (-1 for a route with substitutes)
    # and its prebuilt claims
    routes: tuple[tuple[int, tuple[ClaimRoute, ...]], ...]
    # per route with substitutes: what `_might_pay_with_substitutes` needs
    substitutes: dict[int, _Substitutes]


_CLAIM_TABLES: dict[str, _ClaimTable] = {}  # by map, checked against the rules and board


def _claim_table(rules: Rules, board: Board) -> _ClaimTable:
    found = _CLAIM_TABLES.get(board.name)
    if found is None or found.rules is not rules or found.board is not board:
        found = _CLAIM_TABLES[board.name] = _build_claim_table(rules, board)
    return found


def _build_claim_table(rules: Rules, board: Board) -> _ClaimTable:
    alike: dict[tuple[int, int, bool, bool], list[Route]] = {}
    shapes: dict[_Shape, int] = {}
    routes: list[tuple[int, tuple[ClaimRoute, ...]]] = []
    substitute_routes: dict[int, _Substitutes] = {}
    for route, length, color, symbols, locos_ok, substitutes in route_needs(rules, board.routes):
        key = (ANY_COLOR if substitutes else color, symbols, locos_ok, substitutes)
        alike.setdefault(key, []).append(route)
        if substitutes:
            routes.append((-1, ()))
            group = rules.any_cards_routes.get(route.id)
            substitute_routes[route.index] = (
                color, length, symbols, locos_ok, group is not None,
                group if group is not None else rules.ferry_substitute_cards or 0)
            continue
        colors = range(LOCO) if color == ANY_COLOR else (color,)
        claims = (*(ClaimRoute(route.id, _paid(c, length - k, k))  # as `_plain_spans` says
                    for c in colors for k in range(symbols, length)),
                  ClaimRoute(route.id, _paid(LOCO, 0, length)))
        shape = shapes.setdefault((color, length, symbols, locos_ok), len(shapes))
        routes.append((shape, claims))
    longest = max(rules.trains, *(r.length for r in board.routes))

    def masks(members: list[Route]) -> tuple[int, ...]:
        by_length = [0] * (longest + 1)
        for r in members:
            by_length[r.length] |= 1 << r.index
        return tuple(accumulate(by_length, or_))

    groups: list[_Group] = []
    groups_without_locos: list[_Group] = []
    ferries: list[_Ferries] = []
    with_substitutes: list[Route] = []
    for (color, symbols, locos_ok, substitutes), members in alike.items():
        level = _GREY if color == ANY_COLOR else color
        if substitutes:
            with_substitutes.extend(members)
        elif symbols:
            assert locos_ok  # a ferry takes locomotives
            ferries.append((level, symbols, masks(members)))
        else:
            (groups if locos_ok else groups_without_locos).append((level, masks(members)))
    grids = tuple(None if color == ANY_COLOR else _grid(color, length, symbols)
                  for color, length, symbols, _ in shapes)
    return _ClaimTable(rules, board, longest, tuple(groups), tuple(groups_without_locos),
                       tuple(ferries), masks(with_substitutes), tuple(shapes), grids,
                       tuple(routes), substitute_routes)


def _grid(color: int, length: int, symbols: int) -> tuple[tuple[_Pick | None, ...], ...]:
    """The picks of a shape of one colour for every number of its cards and of usable
    locomotives up to `length` (more change nothing)."""
    rows = []
    for have in range(length + 1):
        hand = _paid(color, have, 0)
        rows.append(tuple(
            None if usable < symbols
            else _pick(_plain_spans(hand, color, length, symbols, usable))
            for usable in range(length + 1)))
    return tuple(rows)


def _paid(color: int, n: int, locos: int) -> Counts:
    paid = [0] * len(KINDS)
    paid[color] += n
    paid[LOCO] += locos
    return tuple(paid)


def station_builds(game: Game, seat: int) -> list[Command]:
    """Every station `seat` may build: each payment `station_payments` lists, in each
    city without a station, in board order."""
    player = game.players[seat]
    rules = game.rules
    if not rules.has_stations or player.stations_left <= 0:
        return []
    payments = station_payments(station_cost(rules, player.stations_left), player.hand)
    if not payments:
        return []
    board = game.board
    built = game.station_owners
    # Speed: a station listing has a command per free city and payment (hundreds on
    # Europe), so they come prebuilt from a table of every city per payment, and are
    # picked in C: per city, its commands for every payment, for the cities without
    # a station.
    by_payment = _station_table(board)
    rows = [_station_row(by_payment, board, c) for c in payments]
    free = map(not_, map(built.__contains__, board.cities))
    return list(chain.from_iterable(compress(zip(*rows, strict=True), free)))


# per board: a payment -> the command building a station with it in each city, in
# board order (payments are a few cards of one colour, so the table stays small)
_STATION_TABLES: dict[int, tuple[Board, dict[Counts, tuple[BuildStation, ...]]]] = {}


def _station_table(board: Board) -> dict[Counts, tuple[BuildStation, ...]]:
    found = _STATION_TABLES.get(id(board))
    if found is None or found[0] is not board:
        found = _STATION_TABLES[id(board)] = (board, {})
    return found[1]


def _station_row(table: dict[Counts, tuple[BuildStation, ...]], board: Board,
                 payment: Counts) -> tuple[BuildStation, ...]:
    row = table.get(payment)
    if row is None:
        row = table[payment] = tuple(BuildStation(city, payment) for city in board.cities)
    return row
