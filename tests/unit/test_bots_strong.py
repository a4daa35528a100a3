"""The strong agent's endgame clock and its plan under a big hand: it counts an
opponent holding cards for its last trains as able to end the game soon, claims
points rather than drawing when its plan is out of reach of the turns left, and turns
its plan away from a colour it has been drawing for in vain."""

from __future__ import annotations

import random

import pytest

from bots.agents.route_focus import RouteFocusAgent
from bots.agents.strong import StrongAgent
from bots.agents.strong_path import PathReading
from bots.agents.strong_read import Reading, route_weight
from bots.play import seat_to_act
from bots.view import seat_view
from domain.autoplay import game_seed
from domain.cards import COLORS, KIND_INDEX, LOCO, NO_CARDS
from domain.commands import ClaimRoute, Command, DrawCard
from domain.decide import execute
from domain.evolve import replay
from domain.maps import rules_for
from domain.moves import legal_moves
from domain.setup import start_game
from domain.state import Game, changed

ME, OTHER = 0, 1
LONG_TICKET = "usa/los-angeles-new-york"


def past_setup(map_name: str) -> Game:
    """A two-player game of `map_name` just past the ticket choices (route-focus's)."""
    game = replay(start_game(map_name, 2, game_seed(3, 0)))
    while game.phase == "setup":
        seat = seat_to_act(game)
        command = RouteFocusAgent().choose(seat_view(game, seat), legal_moves(game, seat),
                                           random.Random(seat))
        game = execute(game, seat, command)[1]
    return game


def after_setup() -> Game:
    """A two-player North America game just past the ticket choices, seat 0 to play."""
    return changed(past_setup("usa"), current=ME)


def position(other_trains: int, other_cards: int, turns: int,
             hand: tuple[int, ...] = NO_CARDS) -> Game:
    """Seat 0 holding only the long ticket and `hand`; seat 1 with so many trains and
    cards, after `turns` turns."""
    game = after_setup()
    me, other = game.players[ME], game.players[OTHER]
    other_hand = (other_cards, *NO_CARDS[1:])
    players = (changed(me, hand=hand, tickets=(LONG_TICKET,)),
               changed(other, trains=other_trains, hand=other_hand))
    return changed(game, players=players, turns=turns)


def one_colour(colour: str, count: int) -> tuple[int, ...]:
    hand = list(NO_CARDS)
    hand[KIND_INDEX[colour]] = count
    return tuple(hand)


def choice(game: Game) -> Command:
    return StrongAgent(playouts=1).choose(seat_view(game, ME), legal_moves(game, ME),
                                          random.Random(1))


def test_an_opponent_holding_the_cards_for_its_last_trains_can_end_the_game_within_a_few_turns(
        ) -> None:
    holding = Reading(seat_view(position(other_trains=14, other_cards=20, turns=40), ME))
    empty_handed = Reading(seat_view(position(other_trains=14, other_cards=0, turns=40), ME))
    assert holding.turns_left <= 6
    assert empty_handed.turns_left >= 8


def test_a_slow_opponent_sitting_on_a_full_hand_is_not_counted_at_its_slow_pace() -> None:
    # 80 turns for 39 trains is a pace of under a train a turn: 4 more trains would
    # take it 4 turns or more, but 10 cards in hand let it spend them in two
    slow = Reading(seat_view(position(other_trains=6, other_cards=10, turns=80), ME))
    assert slow.turns_left <= 3


def test_with_the_end_near_and_its_plan_out_of_reach_the_agent_claims_rather_than_draws(
        ) -> None:
    hand = _a_hand_paying_no_route_of_the_plan()
    near = position(other_trains=6, other_cards=10, turns=80, hand=hand)
    far = position(other_trains=40, other_cards=0, turns=10, hand=hand)
    assert isinstance(choice(far), DrawCard)
    assert isinstance(choice(near), ClaimRoute)


def _a_hand_paying_no_route_of_the_plan() -> tuple[int, ...]:
    """Cards of one colour that claim some route of the board but none of the long
    ticket's planned routes."""
    game = position(other_trains=40, other_cards=0, turns=10)
    plan = {r.id for r in Reading(seat_view(game, ME)).plan_routes}
    for count in (3, 2, 1):
        for colour in COLORS:
            hand = one_colour(colour, count)
            held = changed(game, players=(changed(game.players[ME], hand=hand),
                                          game.players[OTHER]))
            claims = {m.route for m in legal_moves(held, ME) if isinstance(m, ClaimRoute)}
            if claims and not claims & plan:
                return hand
    raise AssertionError("every hand of one colour pays a route of the plan")


def test_a_small_hand_does_not_make_the_routes_it_lacks_cards_for_dearer() -> None:
    rules = rules_for("usa")
    route = _a_red_route(length=4)
    lacking = one_colour("blue", 4)
    holding = one_colour("red", 4)
    difference = route_weight(rules, lacking)(route) - route_weight(rules, holding)(route)
    assert difference == pytest.approx(0.25 * 4)  # the small bonus for cards held only


def test_a_big_hand_short_of_a_routes_colour_makes_the_route_dearer() -> None:
    rules = rules_for("usa")
    route = _a_red_route(length=4)
    small = route_weight(rules, one_colour("blue", 4))(route)
    big = route_weight(rules, one_colour("blue", 20))(route)
    big_with_red = list(one_colour("blue", 20))
    big_with_red[KIND_INDEX["red"]] = 4
    assert big > small
    assert route_weight(rules, tuple(big_with_red))(route) < small


def test_locomotives_in_hand_count_as_cards_of_the_routes_colour() -> None:
    rules = rules_for("usa")
    route = _a_red_route(length=4)
    with_locos = list(one_colour("blue", 20))
    with_locos[LOCO] = 4
    assert (route_weight(rules, tuple(with_locos))(route)
            == route_weight(rules, one_colour("blue", 4))(route))


def _a_red_route(length: int):  # type: ignore[no-untyped-def]
    game = after_setup()
    return next(r for r in game.board.routes
                if r.color == "red" and r.length == length and not r.locomotives)


def _europe_with_one_route() -> tuple[Game, int]:
    """A two-player Europe game past setup, seat 0 owning one route of length 4."""
    game = past_setup("europe")
    mine = next(r.index for r in game.board.routes if r.length == 4 and not r.tunnel)
    owners = list(game.owners)
    owners[mine] = ME
    players = (changed(game.players[ME], routes=(mine,)), game.players[OTHER])
    return changed(game, owners=tuple(owners), players=players, current=ME), mine


def test_on_europe_a_route_extending_the_longest_path_is_worth_its_length() -> None:
    game, mine = _europe_with_one_route()
    board = game.board
    owned = board.routes[mine]
    beside = next(r for r in board.routes if r.index != board.twin[mine] and r.index != mine
                  and (owned.a in (r.a, r.b)) != (owned.b in (r.a, r.b)))
    apart = next(r for r in board.routes
                 if {r.a, r.b}.isdisjoint({owned.a, owned.b}) and r.length <= 4)
    paths = PathReading(seat_view(game, ME))
    assert PathReading.counts(seat_view(game, ME))
    assert paths.mine == 4
    assert paths.gain(beside.index) == beside.length
    assert paths.gain(apart.index) == 0
    assert paths.value(beside.index) > paths.value(apart.index) == 0.0


def test_the_longest_path_weighs_in_only_on_europe() -> None:
    assert not PathReading.counts(seat_view(after_setup(), ME))
