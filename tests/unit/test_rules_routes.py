"""Rulebook tests: claiming routes, double routes, ferries, Murmansk–Lieksa and tunnels.

RULES.md §1 (claim a route, double routes), §2–§4 (route tables, ferries, tunnels,
Nordic locomotives, Murmansk–Lieksa), §5 rulings (tunnels, doubles at 4–5 players);
docs/rules.md §3.4–3.7, §3.9, R11–R13, R15–R17.
"""

from __future__ import annotations

import pytest

from domain import RuleViolation, load_board
from domain.board import GRAY
from domain.cards import TOTAL_CARDS, Counts, add, counts_of, subtract
from domain.commands import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    Pass,
    PayTunnel,
)
from domain.decide import decide
from domain.events import (
    DeckReshuffled,
    RouteClaimed,
    TunnelAttempted,
    TunnelCardsRevealed,
    TurnEnded,
)
from domain.state import FREE, Game
from tests.positions_rules import cards, of_type, play, position, types, violation

L = "locomotive"
ROUTE_POINTS = {
    "usa": {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15},
    "europe": {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21},
    "nordic": {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 9: 27},
}
LIEKSA = "nordic/lieksa-murmansk"


def index(game: Game, route_id: str) -> int:
    return game.board.route_by_id[route_id].index


def claim(route: str, **kinds: int) -> ClaimRoute:
    return ClaimRoute(route, cards(**kinds))


def claimed(map_name: str, route: str, hand: Counts, deck: tuple[str, ...] = (),
            players: int = 2) -> tuple[list, Game]:
    """Seat 0 claims `route` paying its whole hand `hand`."""
    game = position(map_name, players, hands={0: hand}, deck=deck)
    return play(game, 0, ClaimRoute(route, hand))


# -- ordinary routes ---------------------------------------------------------------------

def test_claim_with_cards_of_the_route_colour() -> None:
    game = position("usa", hands={0: cards(red=2, blue=1)})
    events, game = play(game, 0, claim("usa/boston-new-york-1", red=2))
    assert types(events)[0] == "route_claimed" and isinstance(events[-1], TurnEnded)
    assert of_type(events, RouteClaimed)[0].points == 2
    assert game.owners[index(game, "usa/boston-new-york-1")] == 0
    assert game.players[0].hand == cards(blue=1)
    assert game.players[0].trains == 43 and game.players[0].route_points == 2
    assert game.discard == cards(red=2)
    assert game.current == 1 and game.total_cards() == TOTAL_CARDS


def test_claim_with_another_colour_is_rejected() -> None:
    game = position("usa", hands={0: cards(blue=2)})
    assert violation(game, 0, claim("usa/boston-new-york-1", blue=2)) == "payment_invalid"


@pytest.mark.parametrize("color", ["purple", "blue", "orange", "white", "green", "yellow",
                                   "black", "red"])
def test_gray_route_takes_any_one_colour(color: str) -> None:
    _, game = claimed("usa", "usa/dallas-oklahoma-city-1", cards(**{color: 2}))
    assert game.owners[index(game, "usa/dallas-oklahoma-city-1")] == 0


@pytest.mark.parametrize("map_name, route", [
    ("usa", "usa/dallas-oklahoma-city-1"), ("europe", "europe/bruxelles-paris-1"),
    ("nordic", "nordic/norrkoping-orebro"),
])
def test_mixed_colours_are_rejected(map_name: str, route: str) -> None:
    game = position(map_name, hands={0: cards(red=1, yellow=1)})
    assert violation(game, 0, claim(route, red=1, yellow=1)) == "payment_invalid"


def test_wrong_number_of_cards_is_rejected() -> None:
    game = position("usa", hands={0: cards(red=3)})
    assert violation(game, 0, claim("usa/boston-new-york-1", red=3)) == "payment_invalid"
    assert violation(game, 0, claim("usa/boston-new-york-1", red=1)) == "payment_invalid"


def test_cards_not_in_hand_are_rejected() -> None:
    game = position("usa", hands={0: cards(red=1)})
    assert violation(game, 0, claim("usa/boston-new-york-1", red=2)) == "cards_not_held"


def test_unknown_route_is_rejected() -> None:
    game = position("usa", hands={0: cards(red=2)})
    assert violation(game, 0, claim("usa/nowhere-somewhere", red=2)) == "unknown_route"


@pytest.mark.parametrize("map_name, route, payment", [
    ("usa", "usa/boston-new-york-1", {"red": 1, L: 1}),
    ("usa", "usa/boston-new-york-1", {L: 2}),
    ("usa", "usa/dallas-oklahoma-city-1", {"green": 1, L: 1}),
    ("europe", "europe/bruxelles-paris-1", {"red": 1, L: 1}),
    ("europe", "europe/berlin-warszawa-1", {L: 4}),
])
def test_locomotives_are_wild_on_every_route(map_name: str, route: str,
                                             payment: dict[str, int]) -> None:
    _, game = claimed(map_name, route, cards(**payment))
    assert game.owners[index(game, route)] == 0


@pytest.mark.parametrize("route, payment", [
    ("nordic/goteborg-oslo", {"orange": 1, L: 1}),
    ("nordic/goteborg-oslo", {L: 2}),
    ("nordic/norrkoping-orebro", {"red": 1, L: 1}),
])
def test_nordic_locomotive_on_an_ordinary_route_is_rejected(route: str,
                                                            payment: dict[str, int]) -> None:
    game = position("nordic", hands={0: cards(**payment)})
    assert violation(game, 0, ClaimRoute(route, cards(**payment))) == "locomotive_not_allowed"


def test_nordic_locomotive_allowed_on_a_tunnel() -> None:
    events, game = claimed("nordic", "nordic/lillehammer-oslo", cards(purple=1, locomotive=1),
                           deck=("white", "white", "white"))
    assert types(events)[:3] == ["tunnel_attempted", "tunnel_cards_revealed", "route_claimed"]
    assert game.owners[index(game, "nordic/lillehammer-oslo")] == 0


def test_nordic_locomotive_allowed_on_a_ferry_for_a_coloured_space() -> None:
    _, game = claimed("nordic", "nordic/mo-i-rana-narvik", cards(orange=1, locomotive=3))
    assert game.owners[index(game, "nordic/mo-i-rana-narvik")] == 0


@pytest.mark.parametrize("map_name, length", [
    (m, n) for m, table in ROUTE_POINTS.items() for n in table
])
def test_route_points_follow_the_map_table(map_name: str, length: int) -> None:
    board = load_board(map_name)
    assert {r.length for r in board.routes} == set(ROUTE_POINTS[map_name])
    route = next(r for r in board.routes if r.length == length)
    color = "red" if route.color == GRAY else route.color
    hand = cards(**{color: length - route.locomotives, L: route.locomotives})
    other = "white" if color != "white" else "black"
    events, game = claimed(map_name, route.id, hand, deck=(other, other, other))
    assert of_type(events, RouteClaimed)[0].points == ROUTE_POINTS[map_name][length]
    assert game.players[0].route_points == ROUTE_POINTS[map_name][length]
    assert game.players[0].trains == game.rules.trains - length


def test_murmansk_lieksa_scores_27() -> None:
    events, game = claimed("nordic", LIEKSA, cards(green=9))
    assert of_type(events, RouteClaimed)[0].points == 27
    assert game.players[0].trains == 31


def test_europe_eight_long_tunnel_scores_21() -> None:
    events, game = claimed("europe", "europe/petrograd-stockholm", cards(blue=8),
                           deck=("red", "red", "white"))
    assert of_type(events, RouteClaimed)[0].points == 21
    assert game.players[0].trains == 37


def test_not_enough_trains() -> None:
    game = position("usa", hands={0: cards(red=2)}, trains={0: 1})
    assert violation(game, 0, claim("usa/boston-new-york-1", red=2)) == "not_enough_trains"


def test_exactly_enough_trains_is_enough() -> None:
    game = position("usa", hands={0: cards(red=2)}, trains={0: 2})
    _, game = play(game, 0, claim("usa/boston-new-york-1", red=2))
    assert game.players[0].trains == 0


def test_route_taken() -> None:
    game = position("usa", 4, hands={0: cards(red=2)}, owners={"usa/boston-new-york-1": 2})
    assert violation(game, 0, claim("usa/boston-new-york-1", red=2)) == "route_taken"


def test_any_free_route_may_be_claimed_unconnected() -> None:
    game = position("usa", hands={0: cards(red=2, green=5)},
                    owners={"usa/boston-new-york-1": 0})
    _, game = play(game, 0, claim("usa/portland-san-francisco-1", green=5))
    assert game.owners[index(game, "usa/portland-san-francisco-1")] == 0


# -- double routes -----------------------------------------------------------------------

@pytest.mark.parametrize("map_name, first, second, payment", [
    ("usa", "usa/boston-new-york-1", "usa/boston-new-york-2", {"yellow": 2}),
    ("europe", "europe/bruxelles-paris-1", "europe/bruxelles-paris-2", {"yellow": 2}),
])
@pytest.mark.parametrize("players", [2, 3])
def test_double_route_twin_closed_with_two_or_three_players(
    map_name: str, first: str, second: str, payment: dict[str, int], players: int,
) -> None:
    game = position(map_name, players, hands={0: cards(**payment)}, owners={first: 1})
    assert violation(game, 0, ClaimRoute(second, cards(**payment))) == "double_route_closed"


@pytest.mark.parametrize("map_name, first, second, payment", [
    ("usa", "usa/boston-new-york-1", "usa/boston-new-york-2", {"yellow": 2}),
    ("europe", "europe/bruxelles-paris-1", "europe/bruxelles-paris-2", {"yellow": 2}),
])
@pytest.mark.parametrize("players", [4, 5])
def test_double_route_twin_open_to_another_player_with_four_or_five(
    map_name: str, first: str, second: str, payment: dict[str, int], players: int,
) -> None:
    game = position(map_name, players, hands={0: cards(**payment)}, owners={first: 1})
    _, game = play(game, 0, ClaimRoute(second, cards(**payment)))
    assert game.owners[index(game, second)] == 0 and game.owners[index(game, first)] == 1


@pytest.mark.parametrize("map_name, players", [
    ("usa", 2), ("usa", 3), ("usa", 4), ("usa", 5), ("europe", 4), ("europe", 5),
    ("nordic", 2), ("nordic", 3),
])
def test_one_player_never_owns_both_routes_of_a_double(map_name: str, players: int) -> None:
    first, second = {
        "usa": ("usa/dallas-houston-1", "usa/dallas-houston-2"),
        "europe": ("europe/budapest-wien-1", "europe/budapest-wien-2"),
        "nordic": ("nordic/norrkoping-stockholm-1", "nordic/norrkoping-stockholm-2"),
    }[map_name]
    color = {"usa": "red", "europe": "white", "nordic": "red"}[map_name]
    game = position(map_name, players, hands={0: cards(**{color: 1})}, owners={first: 0})
    assert violation(game, 0, ClaimRoute(second, cards(**{color: 1}))) == "double_route_own"


def test_nordic_double_closed_with_two_players() -> None:
    game = position("nordic", 2, hands={0: cards(white=3)},
                    owners={"nordic/boden-umea-1": 1})
    assert violation(game, 0, claim("nordic/boden-umea-2", white=3)) == "double_route_closed"


def test_nordic_double_open_with_three_players() -> None:
    game = position("nordic", 3, hands={0: cards(white=3)},
                    owners={"nordic/boden-umea-1": 1})
    _, game = play(game, 0, claim("nordic/boden-umea-2", white=3))
    assert game.owners[index(game, "nordic/boden-umea-2")] == 0


@pytest.mark.parametrize("tunnel, ferry, payment", [
    ("nordic/kristiansand-stavanger-1", "nordic/kristiansand-stavanger-2",
     {"orange": 2, L: 1}),
    ("nordic/mo-i-rana-trondheim-1", "nordic/mo-i-rana-trondheim-2", {"red": 4, L: 2}),
])
def test_nordic_unequal_pairs_are_double_routes(tunnel: str, ferry: str,
                                                payment: dict[str, int]) -> None:
    two = position("nordic", 2, hands={0: cards(**payment)}, owners={tunnel: 1})
    assert violation(two, 0, ClaimRoute(ferry, cards(**payment))) == "double_route_closed"
    own = position("nordic", 3, hands={0: cards(**payment)}, owners={tunnel: 0})
    assert violation(own, 0, ClaimRoute(ferry, cards(**payment))) == "double_route_own"
    other = position("nordic", 3, hands={0: cards(**payment)}, owners={tunnel: 1})
    _, other = play(other, 0, ClaimRoute(ferry, cards(**payment)))
    assert other.owners[index(other, ferry)] == 0


def test_routes_sharing_only_one_city_are_not_doubles() -> None:
    # Two routes out of Boston to different cities: owning one never closes the other.
    game = position("usa", 2, hands={0: cards(red=2)}, owners={"usa/boston-montreal-1": 1})
    _, game = play(game, 0, claim("usa/boston-new-york-1", red=2))
    assert game.owners[index(game, "usa/boston-new-york-1")] == 0


# -- ferries -----------------------------------------------------------------------------

@pytest.mark.parametrize("payment, ok", [
    ({"red": 4, L: 2}, True),
    ({"red": 2, L: 4}, True),
    ({L: 6}, True),
    ({"red": 5, L: 1}, False),
    ({"red": 6}, False),
    ({"red": 3, "blue": 1, L: 2}, False),
])
def test_europe_ferry_one_locomotive_per_symbol(payment: dict[str, int], ok: bool) -> None:
    route = "europe/palermo-smyrna"  # 6 gray, 2 locomotive symbols
    game = position("europe", hands={0: cards(**payment)})
    if ok:
        _, game = play(game, 0, ClaimRoute(route, cards(**payment)))
        assert game.owners[index(game, route)] == 0
    else:
        assert violation(game, 0, ClaimRoute(route, cards(**payment))) == "payment_invalid"


def test_europe_ferry_with_only_symbols_takes_only_locomotives() -> None:
    game = position("europe", hands={0: cards(red=1, locomotive=2)})
    assert violation(game, 0, claim("europe/amsterdam-london", red=1, locomotive=1)) \
        == "payment_invalid"
    _, game = play(game, 0, claim("europe/amsterdam-london", locomotive=2))
    assert game.players[0].route_points == 2


def test_europe_ferry_has_no_three_card_substitute() -> None:
    game = position("europe", hands={0: cards(red=1, blue=1, green=1, yellow=1)})
    command = claim("europe/athina-smyrna", red=1, blue=1, green=1, yellow=1)
    assert violation(game, 0, command) == "payment_invalid"


@pytest.mark.parametrize("payment", [
    {L: 1}, {"red": 3}, {"red": 1, "blue": 1, "green": 1}, {"red": 2, L: 1},
])
def test_nordic_ferry_any_three_cards_for_a_locomotive(payment: dict[str, int]) -> None:
    route = "nordic/kobenhavn-arhus"  # 1 gray, 1 locomotive symbol
    _, game = claimed("nordic", route, cards(**payment))
    assert game.owners[index(game, route)] == 0
    assert game.players[0].trains == 39 and game.players[0].route_points == 1


@pytest.mark.parametrize("payment", [{"red": 1}, {"red": 2}, {"red": 4}, {L: 2}])
def test_nordic_ferry_symbol_needs_a_locomotive_or_three_cards(payment: dict[str, int]) -> None:
    game = position("nordic", hands={0: cards(**payment)})
    assert violation(game, 0, claim("nordic/kobenhavn-arhus", **payment)) == "payment_invalid"


@pytest.mark.parametrize("payment", [
    {"red": 4, L: 2},                        # one locomotive per symbol
    {"red": 4, "blue": 3, "green": 3},       # a triple for each symbol
    {"red": 3, L: 1, "yellow": 3, "blue": 3},  # the rulebook's 3 red + 1 loco + 6 others
    {"red": 3, "yellow": 9},                 # stacking: a triple for a loco standing in
    {"red": 2, L: 4},                        # locomotives for coloured spaces
    {"red": 2, L: 2, "white": 6},            # stacking with locomotives and triples
])
def test_nordic_ferry_payments_accepted(payment: dict[str, int]) -> None:
    route = "nordic/mo-i-rana-trondheim-2"  # 6 red, 2 locomotive symbols
    events, game = claimed("nordic", route, cards(**payment))
    assert of_type(events, RouteClaimed)[0].points == 15
    assert game.players[0].trains == 34  # trains by length, whatever the card count
    assert game.discard == cards(**payment)


@pytest.mark.parametrize("payment", [
    {"red": 5, L: 1},            # a symbol unpaid
    {"red": 6},
    {"red": 4, L: 1, "blue": 2},  # a group of two is no locomotive
    {"red": 4, "blue": 4, "green": 3},  # one card too many
    {"yellow": 4, L: 2},          # wrong colour for the coloured spaces
])
def test_nordic_ferry_payments_rejected(payment: dict[str, int]) -> None:
    game = position("nordic", hands={0: cards(**payment)})
    command = claim("nordic/mo-i-rana-trondheim-2", **payment)
    assert violation(game, 0, command) == "payment_invalid"


def test_three_card_substitute_never_on_a_tunnel() -> None:
    game = position("nordic", hands={0: cards(green=1, red=3)})
    command = claim("nordic/kristiansand-stavanger-1", green=1, red=3)
    assert violation(game, 0, command) == "payment_invalid"


def test_three_card_substitute_never_on_an_ordinary_route() -> None:
    game = position("nordic", hands={0: cards(orange=1, red=3)})
    assert violation(game, 0, claim("nordic/goteborg-oslo", orange=1, red=3)) \
        == "payment_invalid"


# -- Murmansk–Lieksa ---------------------------------------------------------------------

@pytest.mark.parametrize("payment", [
    {"green": 9},
    {"green": 7, "red": 4, "blue": 2, L: 2},  # 7 green + 8 other cards
    {"green": 8, L: 4},                       # a group of four locomotives
    {"red": 4, "blue": 4, "green": 4, "white": 4, "black": 4, "yellow": 4, "orange": 4,
     "purple": 4, L: 4},                      # nine groups of four
])
def test_murmansk_lieksa_any_four_cards_for_one(payment: dict[str, int]) -> None:
    events, game = claimed("nordic", LIEKSA, cards(**payment))
    assert of_type(events, RouteClaimed)[0].points == 27
    assert game.players[0].trains == 31
    assert game.players[0].hand == cards()


@pytest.mark.parametrize("payment", [
    {"green": 8, L: 1},   # a single locomotive is not wild here
    {L: 9},
    {"green": 8, "red": 3},
    {"green": 5, "red": 4},
    {"green": 10},
])
def test_murmansk_lieksa_rejected_payments(payment: dict[str, int]) -> None:
    game = position("nordic", hands={0: cards(**payment)})
    assert violation(game, 0, ClaimRoute(LIEKSA, cards(**payment))) in (
        "payment_invalid", "locomotive_not_allowed")


# -- tunnels -----------------------------------------------------------------------------

MV = "europe/munchen-venezia"  # 2 blue tunnel


def tunnel_game(hand: Counts, deck: list[str], map_name: str = "europe",
                discard: Counts | None = None, rest: str | int | None = "deck") -> Game:
    return position(map_name, hands={0: hand}, deck=deck, discard=discard, rest=rest)


def test_tunnel_reveals_three_and_counts_colour_and_locomotives() -> None:
    game = tunnel_game(cards(blue=4), ["blue", L, "red", "yellow"])
    events, game = play(game, 0, claim(MV, blue=2))
    assert types(events) == ["tunnel_attempted", "tunnel_cards_revealed"]
    assert of_type(events, TunnelAttempted)[0].color == "blue"
    reveal = of_type(events, TunnelCardsRevealed)[0]
    assert reveal.cards == ("blue", L, "red") and reveal.extra_cards == 2
    assert game.step == "tunnel" and game.owners[index(game, MV)] == FREE
    assert game.players[0].hand == cards(blue=4)  # laid cards stay in the hand
    assert game.deck[0] == "yellow" and game.total_cards() == TOTAL_CARDS


def test_gray_tunnel_colour_is_the_colour_played() -> None:
    game = tunnel_game(cards(red=3, locomotive=1), ["red", "blue", "blue", "yellow"])
    events, game = play(game, 0, claim("europe/paris-zurich", red=2, locomotive=1))
    assert of_type(events, TunnelAttempted)[0].color == "red"
    assert game.tunnel is not None and game.tunnel.extra_cards == 1


def test_all_locomotive_tunnel_payment_matches_only_locomotives() -> None:
    game = tunnel_game(cards(blue=2, locomotive=3), ["blue", L, "blue"])
    events, game = play(game, 0, claim(MV, locomotive=2))
    assert of_type(events, TunnelAttempted)[0].color == L
    assert of_type(events, TunnelCardsRevealed)[0].extra_cards == 1
    assert violation(game, 0, PayTunnel(cards(blue=1))) == "tunnel_payment_invalid"
    _, game = play(game, 0, PayTunnel(cards(locomotive=1)))
    assert game.owners[index(game, MV)] == 0 and game.players[0].hand == cards(blue=2)


def test_tunnel_with_zero_matches_is_claimed_at_once() -> None:
    game = tunnel_game(cards(blue=2), ["red", "green", "white"])
    events, game = play(game, 0, claim(MV, blue=2))
    assert types(events)[:3] == ["tunnel_attempted", "tunnel_cards_revealed", "route_claimed"]
    assert isinstance(events[-1], TurnEnded)
    assert game.owners[index(game, MV)] == 0 and game.tunnel is None
    assert game.discard == cards(blue=2, red=1, green=1, white=1)
    assert game.total_cards() == TOTAL_CARDS


def test_paying_a_tunnel_claims_it() -> None:
    game = tunnel_game(cards(blue=3, locomotive=1, red=1), ["blue", L, "red"])
    _, game = play(game, 0, claim(MV, blue=2))
    events, game = play(game, 0, PayTunnel(cards(blue=1, locomotive=1)))
    route_claimed = of_type(events, RouteClaimed)[0]
    assert route_claimed.cards == {"blue": 3, L: 1} and route_claimed.points == 2
    assert game.owners[index(game, MV)] == 0 and game.players[0].trains == 43
    assert game.players[0].hand == cards(red=1)
    assert game.discard == cards(blue=4, locomotive=2, red=1)  # paid + revealed
    assert game.current == 1 and game.total_cards() == TOTAL_CARDS


def test_declining_a_tunnel() -> None:
    game = tunnel_game(cards(blue=3), ["blue", L, "red", "yellow"])
    _, game = play(game, 0, claim(MV, blue=2))
    events, game = play(game, 0, DeclineTunnel())
    assert types(events)[0] == "tunnel_declined" and isinstance(events[-1], TurnEnded)
    assert game.players[0].hand == cards(blue=3)  # the laid cards stay in hand
    assert game.players[0].declined_tunnels == 1
    assert game.owners[index(game, MV)] == FREE and game.tunnel is None
    assert game.discard == cards(blue=1, locomotive=1, red=1)  # revealed cards discarded
    assert game.deck[0] == "yellow" and game.current == 1
    assert game.total_cards() == TOTAL_CARDS


def test_declined_tunnel_may_be_attempted_again_and_declines_are_counted() -> None:
    game = tunnel_game(cards(blue=2), ["blue", "red", "red", "red", "red", "blue", "green",
                                       "white", "red", "red", "white", "white", "white"])
    _, game = play(game, 0, claim(MV, blue=2))
    _, game = play(game, 0, DeclineTunnel())
    _, game = play(game, 1, DrawCard("deck"))
    _, game = play(game, 1, DrawCard("deck"))  # deck now: blue, green, white...
    _, game = play(game, 0, claim(MV, blue=2))
    _, game = play(game, 0, DeclineTunnel())
    assert game.players[0].declined_tunnels == 2
    _, game = play(game, 1, DrawCard("deck"))
    _, game = play(game, 1, DrawCard("deck"))
    _, game = play(game, 0, claim(MV, blue=2))  # white, white, white: no match
    assert game.owners[index(game, MV)] == 0


def test_declining_is_allowed_even_when_the_player_could_pay() -> None:
    game = tunnel_game(cards(blue=2, locomotive=5), ["blue", "red", "red"])
    _, game = play(game, 0, claim(MV, blue=2))
    _, game = play(game, 0, DeclineTunnel())
    assert game.owners[index(game, MV)] == FREE


def test_the_choice_is_offered_even_when_the_player_cannot_pay() -> None:
    game = tunnel_game(cards(blue=2), ["blue", L, "red"])
    _, game = play(game, 0, claim(MV, blue=2))
    assert game.step == "tunnel"
    assert violation(game, 0, PayTunnel(cards(blue=2))) == "cards_not_held"
    _, game = play(game, 0, DeclineTunnel())
    assert game.current == 1


def test_fewer_than_three_cards_reveals_what_exists() -> None:
    game = tunnel_game(cards(blue=3), ["blue"], rest=1)
    events, game = play(game, 0, claim(MV, blue=2))
    assert [e.cards for e in of_type(events, TunnelCardsRevealed)] == [("blue",)]
    assert game.tunnel is not None and game.tunnel.extra_cards == 1
    _, game = play(game, 0, PayTunnel(cards(blue=1)))
    assert game.owners[index(game, MV)] == 0 and game.total_cards() == TOTAL_CARDS


def test_reveal_reshuffles_the_discard_when_the_deck_runs_out() -> None:
    game = tunnel_game(cards(blue=3), ["blue"], discard=cards(red=1), rest=1)
    events, game = play(game, 0, claim(MV, blue=2))
    assert types(events) == ["tunnel_attempted", "tunnel_cards_revealed", "deck_reshuffled",
                             "tunnel_cards_revealed"]
    assert game.tunnel is not None and game.tunnel.revealed == ("blue", "red")


def test_no_card_to_reveal_means_no_risk() -> None:
    game = tunnel_game(cards(blue=2), [], rest=1)
    events, game = play(game, 0, claim(MV, blue=2))
    assert types(events)[:2] == ["tunnel_attempted", "route_claimed"]
    assert not of_type(events, TunnelCardsRevealed)
    assert game.owners[index(game, MV)] == 0


def test_reshuffle_during_a_reveal_uses_only_the_discard_pile() -> None:
    market = ("purple", "purple", "orange", "white", "green")
    game = position("europe", hands={0: cards(blue=2)}, deck=[], market=market,
                    discard=cards(red=3, green=2), rest=1)
    events, game = play(game, 0, claim(MV, blue=2))
    assert types(events)[:3] == ["tunnel_attempted", "deck_reshuffled",
                                 "tunnel_cards_revealed"]
    shuffle = of_type(events, DeckReshuffled)[0]
    assert counts_of(shuffle.deck) == cards(red=3, green=2)  # not the laid blue cards
    assert of_type(events, TunnelCardsRevealed)[0].cards == shuffle.deck[:3]
    assert of_type(events, RouteClaimed)[0].cards == {"blue": 2}  # no blue revealed
    assert game.market == market and game.total_cards() == TOTAL_CARDS


def test_tunnel_extra_cost_must_be_paid_exactly() -> None:
    game = tunnel_game(cards(blue=5, red=3, locomotive=2), ["blue", L, "red"])
    _, game = play(game, 0, claim(MV, blue=2))
    for wrong in (cards(blue=1), cards(blue=3), cards(red=2), cards(blue=1, red=1)):
        assert violation(game, 0, PayTunnel(wrong)) == "tunnel_payment_invalid"
    _, game = play(game, 0, PayTunnel(cards(locomotive=2)))  # locomotives always match
    assert game.owners[index(game, MV)] == 0


def test_tunnel_extra_cards_must_be_held_besides_the_laid_ones() -> None:
    game = tunnel_game(cards(blue=2, locomotive=1), ["blue", "red", "red"])
    _, game = play(game, 0, claim(MV, blue=2))
    assert violation(game, 0, PayTunnel(cards(blue=1))) == "cards_not_held"
    _, game = play(game, 0, PayTunnel(cards(locomotive=1)))
    assert game.players[0].hand == cards()


@pytest.mark.parametrize("command", [DrawCard("deck"), DrawTickets(), Pass(),
                                     ClaimRoute("europe/bruxelles-paris-1", cards(red=2))],
                         ids=["draw_card", "draw_tickets", "pass", "claim_route"])
def test_during_a_tunnel_choice_only_pay_or_decline(command: object) -> None:
    game = tunnel_game(add(cards(blue=2), cards(red=2)), ["blue", "red", "red"])
    _, game = play(game, 0, claim(MV, blue=2))
    assert violation(game, 0, command) == "wrong_step"  # type: ignore[arg-type]


@pytest.mark.parametrize("command", [PayTunnel(cards(blue=1)), DeclineTunnel()],
                         ids=["pay_tunnel", "decline_tunnel"])
def test_tunnel_commands_without_a_pending_tunnel(command: object) -> None:
    game = tunnel_game(cards(blue=2), ["red"])
    assert violation(game, 0, command) == "no_pending_tunnel"  # type: ignore[arg-type]


def test_nordic_tunnel_reveal_and_short_deck_clause() -> None:
    route = "nordic/lillehammer-oslo"  # 2 purple tunnel
    game = tunnel_game(cards(purple=3), ["purple", L, "red"], map_name="nordic")
    events, game = play(game, 0, claim(route, purple=2))
    assert of_type(events, TunnelCardsRevealed)[0].extra_cards == 2
    short = tunnel_game(cards(purple=2), ["red"], map_name="nordic", rest=1)
    events, short = play(short, 0, claim(route, purple=2))
    assert [e.cards for e in of_type(events, TunnelCardsRevealed)] == [("red",)]
    assert short.owners[index(short, route)] == 0


def test_tunnel_trains_and_points_are_by_length_not_cards_paid() -> None:
    game = tunnel_game(cards(blue=5), ["blue", "blue", "blue"])
    _, game = play(game, 0, claim(MV, blue=2))
    events, game = play(game, 0, PayTunnel(cards(blue=3)))
    assert of_type(events, RouteClaimed)[0].points == 2
    assert game.players[0].trains == 43
    assert subtract(cards(blue=5), game.players[0].hand) == cards(blue=5)


# -- malformed card multisets ------------------------------------------------------------

def _minus_one_locomotive(counts: Counts) -> Counts:
    return counts[:-1] + (-1,)


@pytest.mark.parametrize("case", ["lieksa", "station", "tunnel"])
def test_negative_card_counts_are_refused(case: str) -> None:
    if case == "lieksa":
        game = position("nordic", hands={0: cards(green=10)})
        command: object = ClaimRoute(LIEKSA, _minus_one_locomotive(cards(green=10)))
    elif case == "station":
        game = position("europe", hands={0: cards(red=2)})
        command = BuildStation("Wien", _minus_one_locomotive(cards(red=2)))
    else:
        game = tunnel_game(cards(blue=4), ["blue", "red", "red"])
        _, game = play(game, 0, claim(MV, blue=2))
        command = PayTunnel(_minus_one_locomotive(cards(blue=2)))
    with pytest.raises(RuleViolation) as refused:
        decide(game, 0, command)  # type: ignore[arg-type]
    assert refused.value.code == "malformed_command"


def test_card_multiset_of_the_wrong_length_is_a_rule_violation() -> None:
    game = position("usa", hands={0: cards(red=2)})
    with pytest.raises(RuleViolation) as refused:
        decide(game, 0, ClaimRoute("usa/boston-new-york-1", (0, 0, 0, 0, 0, 0, 0, 2)))
    assert refused.value.code == "malformed_command"


@pytest.mark.parametrize("counts", [
    (0, 0, 0, 0, 0, 0, 0, True, True), (0, 0, 0, 0, 0, 0, 0, 2.0, 0),
    [0, 0, 0, 0, 0, 0, 0, 2, 0],
])
def test_card_counts_that_are_not_whole_numbers_in_a_tuple_are_refused(counts: object) -> None:
    game = position("usa", hands={0: cards(red=2)})
    with pytest.raises(RuleViolation) as refused:
        decide(game, 0, ClaimRoute("usa/boston-new-york-1", counts))  # type: ignore[arg-type]
    assert refused.value.code == "malformed_command"
