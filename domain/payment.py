"""What cards pay for a route, a station or a tunnel's extra cost, per map.

Two questions, answered from the same rules: is this set of cards a valid payment
(`route_payment_error`, `station_payment_error`, `tunnel_payment_error`), and which
payments can this hand make (`route_payments`, `station_payments`,
`tunnel_payments`), one entry per distinct payment.

Substitutes (Nordic): on a ferry any `ferry_substitute_cards` cards stand in for a
locomotive, and on a route of `any_cards_routes` any N cards stand in for one card
of the chosen colour. The cards inside such groups are the player's free choice, so
listing every choice would explode; the listing gives one payment per shape
(colour, single cards, locomotives, groups) with the group cards chosen canonically
(the most plentiful colours first, locomotives last), and any other choice of group
cards is accepted too.
"""

from __future__ import annotations

from functools import cache, lru_cache

from domain.board import GRAY, Route
from domain.cards import COLORS, KIND_INDEX, KINDS, LOCO, LOCOMOTIVE, Counts
from domain.rules import Rules

_COLOR_INDEXES = tuple(range(len(COLORS)))


def _route_colors(route: Route) -> tuple[int, ...]:
    return _COLOR_INDEXES if route.color == GRAY else (KINDS.index(route.color),)


def locomotives_allowed(rules: Rules, route: Route) -> bool:
    """May a single locomotive stand in for a card on this route?"""
    if route.id in rules.any_cards_routes:
        return False
    return rules.locomotives_on_ordinary_routes or route.tunnel or route.ferry


# A route's needs, flattened for the hot loop of the legal-move listing:
# (route, length, colour index or ANY_COLOR, ferry symbols, locomotives allowed,
#  substitutes possible)
RouteNeeds = tuple[Route, int, int, int, bool, bool]
ANY_COLOR = -1


_NEEDS: dict[tuple[int, int], tuple[RouteNeeds, ...]] = {}


def route_needs(rules: Rules, routes: tuple[Route, ...]) -> tuple[RouteNeeds, ...]:
    """Every route's needs under `rules` (computed once per rules and board)."""
    key = (id(rules), id(routes))
    found = _NEEDS.get(key)
    if found is None:
        found = _NEEDS[key] = _route_needs(rules, routes)
    return found


def _route_needs(rules: Rules, routes: tuple[Route, ...]) -> tuple[RouteNeeds, ...]:
    return tuple(
        (r, r.length, ANY_COLOR if r.color == GRAY else KINDS.index(r.color), r.locomotives,
         locomotives_allowed(rules, r),
         r.id in rules.any_cards_routes or (r.ferry and bool(rules.ferry_substitute_cards)))
        for r in routes
    )


def might_afford(needs: RouteNeeds, hand: Counts, best_color: int, total: int) -> bool:
    """A cheap test that rules out most routes before `route_payments` lists payments.

    False only when no payment exists; True may still find none. `best_color` is the
    largest count of one colour in the hand, `total` the hand's size.
    """
    _, length, color, symbols, locos_ok, substitutes = needs
    if substitutes:
        return total >= length
    locos = hand[LOCO] if locos_ok else 0
    if locos < symbols:
        return False
    return (best_color if color == ANY_COLOR else hand[color]) + locos >= length


def route_payment_error(rules: Rules, route: Route, cards: Counts) -> tuple[str, str] | None:
    """None when `cards` pays for `route`, else (violation code, message)."""
    total = sum(cards)
    length = route.length
    locos = cards[LOCO]
    group = rules.any_cards_routes.get(route.id)
    if group is not None:
        for c in _route_colors(route):
            for singles in range(min(cards[c], length) + 1):
                if total - singles == group * (length - singles):
                    return None
        return ("payment_invalid",
                f"{route.id} takes cards of one colour, any {group} cards standing in for "
                f"one of them ({length} in all); a single locomotive is not wild here.")
    if locos and not locomotives_allowed(rules, route):
        return ("locomotive_not_allowed",
                "On this map locomotives may be used only on tunnels and ferries.")
    substitute = rules.ferry_substitute_cards if route.ferry else None
    if substitute is not None:
        for c in _route_colors(route):
            for singles in range(min(cards[c], length) + 1):
                for k in range(min(locos, length - singles) + 1):
                    rest = total - singles - k
                    groups = length - singles - k
                    if rest == substitute * groups and k + groups >= route.locomotives:
                        return None
        return ("payment_invalid",
                f"{route.id} takes {length} cards: one locomotive (or any {substitute} cards) "
                f"for each of its {route.locomotives} locomotive symbol(s), the rest of one "
                f"colour{'' if route.color == GRAY else ' (' + route.color + ')'}.")
    colors = LOCO - cards[:LOCO].count(0)  # how many colours (Speed: no list of them)
    if total != length:
        return ("payment_invalid", f"{route.id} takes exactly {length} cards, not {total}.")
    if colors > 1:
        return ("payment_invalid", "A route is paid with cards of one colour.")
    if colors and route.color != GRAY and not cards[KIND_INDEX[route.color]]:
        paid = next(KINDS[i] for i in _COLOR_INDEXES if cards[i])
        return ("payment_invalid", f"{route.id} is {route.color}, not {paid}.")
    if locos < route.locomotives:
        return ("payment_invalid",
                f"The ferry {route.id} needs a locomotive for each of its "
                f"{route.locomotives} locomotive symbol(s).")
    return None


def tunnel_color(cards: Counts) -> str:
    """The colour a tunnel was played with: its coloured cards', or all locomotives."""
    for i in _COLOR_INDEXES:
        if cards[i]:
            return KINDS[i]
    return LOCOMOTIVE


def route_payments(rules: Rules, route: Route, hand: Counts) -> list[Counts]:
    """Every distinct payment this hand can make for `route` (see the module doc)."""
    group = rules.any_cards_routes.get(route.id)
    substitute = rules.ferry_substitute_cards if route.ferry else None
    locos_ok = locomotives_allowed(rules, route)
    if group is None and substitute is None:
        return _plain_payments(route, hand, locos_ok)
    length = route.length
    total = sum(hand)
    out: dict[Counts, None] = {}
    # singles = 0 needs no colour, so it is listed once, not once per colour
    shapes = [(c, n) for c in _route_colors(route) for n in range(min(hand[c], length), 0, -1)]
    shapes.append((LOCO, 0))
    # The group cards are the most plentiful colours' first, then locomotives. Speed:
    # the colours are ranked once, by the hand, and each payment moves its single
    # colour down to its rank after the singles.
    ranked: tuple[int, ...] | None = None
    per_group = group if group is not None else substitute
    assert per_group is not None
    for c, singles in shapes:
        rest = length - singles  # spaces for k locomotives and groups: k + groups == rest
        if group is not None:
            max_k = 0  # no locomotive stands in on such a route
        elif rest < route.locomotives:
            continue
        else:
            max_k = min(hand[LOCO], rest) if locos_ok else 0
        # The cards used, singles + k + per_group * (rest - k), drop by per_group - 1
        # with each k: the payments that the hand holds are those from some k on.
        # (Speed: the others are skipped without a loop.)
        excess = singles + per_group * rest - total
        min_k = -(-excess // (per_group - 1)) if excess > 0 and per_group > 1 else 0
        for k in range(min_k, max_k + 1):
            groups = rest - k
            if singles + k + per_group * groups > total:
                continue  # only where per_group is 1 or less: the loop is short then
            paid = [0] * len(KINDS)
            paid[c] += singles
            paid[LOCO] += k
            n = per_group * groups
            if n:
                if ranked is None:
                    ranked = _ranked(hand)
                n = _take_group_cards(paid, hand, ranked, c, singles, n)
                if n:
                    left = hand[LOCO] - k
                    paid[LOCO] += left if left < n else n
            out[tuple(paid)] = None
    return list(out)


@lru_cache(maxsize=64)  # Speed: the listing asks for one hand's ranking route after route
def _ranked(hand: Counts) -> tuple[int, ...]:
    """The colours, the most cards in `hand` first (ties: the lowest colour); the sort
    keys are -count * 16 + colour."""
    return tuple(key & 15 for key in sorted(-hand[i] * 16 + i for i in _COLOR_INDEXES))


def _take_group_cards(paid: list[int], hand: Counts, ranked: tuple[int, ...], color: int,
                      singles: int, n: int) -> int:
    """Add to `paid` up to n cards of the colours, the most plentiful left first (ties:
    the lowest colour), `color` having `singles` fewer; the number still to take."""
    if color == LOCO:  # no singles: the colours rank as in the hand
        for i in ranked:
            have = hand[i]
            if have >= n:
                paid[i] += n
                return 0
            paid[i] += have
            n -= have
        return n
    left = hand[color] - singles
    placed = False  # has `color` had its turn?
    for i in ranked:
        if i == color:
            continue
        have = hand[i]
        if not placed and (left > have or (left == have and color < i)):
            placed = True
            if left >= n:
                paid[color] += n
                return 0
            paid[color] += left
            n -= left
        if have >= n:
            paid[i] += n
            return 0
        paid[i] += have
        n -= have
    if not placed:
        take = left if left < n else n
        paid[color] += take
        n -= take
    return n


def _plain_payments(route: Route, hand: Counts, locos_ok: bool) -> list[Counts]:
    """Payments without substitutes: one colour, locomotives standing in where allowed."""
    length = route.length
    locos = hand[LOCO] if locos_ok else 0
    if locos < route.locomotives:
        return []
    out: list[Counts] = []
    top = min(locos, length - 1)
    for c in _route_colors(route):
        have = hand[c]
        for k in range(max(route.locomotives, length - have), top + 1):
            paid = [0, 0, 0, 0, 0, 0, 0, 0, k]
            paid[c] = length - k
            out.append(tuple(paid))
    if locos >= length:
        out.append(_single(LOCO, length))
    return out


def _single(color: int, n: int) -> Counts:
    base = [0] * len(KINDS)
    base[color] = n
    return tuple(base)


def station_cost(rules: Rules, stations_left: int) -> int:
    """The n-th station costs n cards."""
    return rules.stations - stations_left + 1


def station_payment_error(cost: int, cards: Counts) -> str | None:
    if sum(cards) != cost:
        return f"This station costs exactly {cost} card(s)."
    if sum(1 for i in _COLOR_INDEXES if cards[i]) > 1:
        return "A station is paid with cards of one colour (locomotives may stand in)."
    return None


def station_payments(cost: int, hand: Counts) -> list[Counts]:
    return _one_color_sets(cost, hand, _COLOR_INDEXES)


def tunnel_payment_error(color: str, extra: int, cards: Counts) -> str | None:
    if sum(cards) != extra:
        return f"The tunnel's extra cost is exactly {extra} card(s)."
    allowed = {LOCO} if color == LOCOMOTIVE else {LOCO, KINDS.index(color)}
    if any(n and i not in allowed for i, n in enumerate(cards)):
        what = "locomotives" if color == LOCOMOTIVE else f"{color} cards or locomotives"
        return f"The extra cost of this tunnel is paid with {what}."
    return None


def tunnel_payments(color: str, extra: int, available: Counts) -> list[Counts]:
    colors = () if color == LOCOMOTIVE else (KINDS.index(color),)
    return _one_color_sets(extra, available, colors)


def _one_color_sets(n: int, hand: Counts, colors: tuple[int, ...]) -> list[Counts]:
    """Every set of n cards of one of `colors`, locomotives standing in for any of them."""
    locos = hand[LOCO]
    out = [_one_color(LOCO, 0, n)] if locos >= n else []
    # Speed: the numbers k of locomotives that fit are worked out, not tried one by one:
    # at least one card of the colour (k < n), no more of it than the hand holds
    top = locos if locos < n - 1 else n - 1
    for c in colors:
        for k in range(max(n - hand[c], 0), top + 1):
            out.append(_one_color(c, n - k, k))
    return out


@cache
def _one_color(color: int, n: int, locos: int) -> Counts:
    """n cards of `color` and `locos` locomotives (Speed: each built once)."""
    paid = [0] * len(KINDS)
    paid[color] += n
    paid[LOCO] += locos
    return tuple(paid)
