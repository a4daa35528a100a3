"""Rulebook tests: drawing train cards, the market and its reset, the deck and discard.

RULES.md §1 (turn, market), §2 (North America drawing), §4 (Nordic drawing), §5
rulings (market resets, second card); docs/rules.md §3.1–3.3, R4–R8.
"""

from __future__ import annotations

import pytest

from domain.cards import LOCO, TOTAL_CARDS, counts_of
from domain.commands import BuildStation, ClaimRoute, DrawCard, DrawTickets, Pass
from domain.events import (
    CardDrawnBlind,
    CardTaken,
    DeckReshuffled,
    MarketRefilled,
    MarketReset,
    TurnEnded,
)
from domain.evolve import replay
from domain.setup import start_game
from tests.positions_rules import (
    THREE_LOCOS_SEED,
    cards,
    of_type,
    play,
    play_all,
    position,
    types,
    violation,
)

L = "locomotive"
DECK = DrawCard("deck")


def market(slot: int) -> DrawCard:
    return DrawCard("market", slot)


# -- drawing two cards -------------------------------------------------------------------

def test_a_draw_is_two_blind_cards_then_the_turn_passes() -> None:
    game = position("usa", deck=["red", "blue"])
    events, game = play(game, 0, DECK)
    assert types(events) == ["card_drawn_blind"]
    assert game.step == "second_card" and game.current == 0
    events, game = play(game, 0, DECK)
    assert types(events) == ["card_drawn_blind", "turn_ended"]
    assert game.current == 1 and game.step == "start"
    assert game.players[0].hand == cards(red=1, blue=1)
    assert game.total_cards() == TOTAL_CARDS


def test_a_face_up_card_is_replaced_at_once_from_the_deck() -> None:
    game = position("usa", market=["red", "blue", "green", "white", "black"],
                    deck=["yellow", "orange"])
    events, game = play(game, 0, market(1))
    assert of_type(events, CardTaken)[0].card == "blue"
    refill = of_type(events, MarketRefilled)
    assert [(e.slots, e.cards) for e in refill] == [((1,), ("yellow",))]
    assert game.market[1] == "yellow" and game.step == "second_card"
    events, game = play(game, 0, market(1))
    assert game.players[0].hand == cards(blue=1, yellow=1)
    assert game.market[1] == "orange" and game.current == 1


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_face_up_locomotive_taken_first_is_the_only_card(map_name: str) -> None:
    game = position(map_name, market=[L, "blue", "green", "white", "black"], deck=["red"])
    events, game = play(game, 0, market(0))
    assert isinstance(events[-1], TurnEnded)
    assert game.current == 1 and game.players[0].hand == cards(locomotive=1)


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_face_up_locomotive_is_never_the_second_card(map_name: str) -> None:
    game = position(map_name, market=[L, "blue", "green", "white", "black"], deck=["red"])
    _, game = play(game, 0, DECK)
    assert violation(game, 0, market(0)) == "second_card_locomotive"
    _, game = play(game, 0, market(1))  # any other card is fine
    assert game.current == 1


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_locomotive_turned_up_as_replacement_cannot_be_the_second_card(map_name: str) -> None:
    game = position(map_name, market=["red", "blue", "green", "white", "black"],
                    deck=[L, "yellow"])
    events, game = play(game, 0, market(0))
    assert game.market[0] == L and game.step == "second_card"
    assert violation(game, 0, market(0)) == "second_card_locomotive"
    events, game = play(game, 0, DECK)
    assert game.players[0].hand == cards(red=1, yellow=1)


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_blind_locomotive_counts_as_one_card(map_name: str) -> None:
    game = position(map_name, deck=[L, "red"])
    events, game = play(game, 0, DECK)
    assert of_type(events, CardDrawnBlind)[0].card == L
    assert game.step == "second_card" and game.current == 0
    _, game = play(game, 0, DECK)
    assert game.players[0].hand == cards(locomotive=1, red=1)


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_after_a_blind_locomotive_a_face_up_locomotive_is_still_refused(map_name: str) -> None:
    game = position(map_name, market=["red", L, "green", "white", "black"], deck=[L, "red"])
    _, game = play(game, 0, DECK)
    assert violation(game, 0, market(1)) == "second_card_locomotive"


def test_nordic_face_up_locomotive_counts_as_one_of_two_cards() -> None:
    game = position("nordic", market=[L, "blue", "green", "white", "black"], deck=["red"])
    events, game = play(game, 0, market(0))
    assert "turn_ended" not in types(events)
    assert game.step == "second_card" and game.current == 0


def test_nordic_two_face_up_locomotives_in_one_turn_are_legal() -> None:
    game = position("nordic", market=[L, L, "green", "white", "black"], deck=["red", "blue"])
    _, game = play(game, 0, market(0))
    events, game = play(game, 0, market(1))
    assert game.players[0].hand == cards(locomotive=2)
    assert isinstance(events[-1], TurnEnded) and game.current == 1


def test_nordic_blind_card_then_face_up_locomotive_is_legal() -> None:
    game = position("nordic", market=[L, "blue", "green", "white", "black"], deck=["red"])
    _, game = play(game, 0, DECK)
    _, game = play(game, 0, market(0))
    assert game.players[0].hand == cards(red=1, locomotive=1)


# -- the three-locomotive market reset ---------------------------------------------------

@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_three_face_up_locomotives_at_setup_reset_the_market(map_name: str) -> None:
    events = start_game(map_name, 2, THREE_LOCOS_SEED)
    dealt_market = events[0].market
    assert dealt_market.count(L) >= 3
    resets = of_type(events, MarketReset)
    assert resets and resets[0].discarded == dealt_market
    game = replay(events)
    assert game.market_locomotives() < 3
    assert game.discard == counts_of(c for r in resets for c in r.discarded)
    assert game.total_cards() == TOTAL_CARDS


def test_nordic_setup_keeps_three_face_up_locomotives() -> None:
    events = start_game("nordic", 2, THREE_LOCOS_SEED)
    assert not of_type(events, MarketReset)
    game = replay(events)
    assert game.market == events[0].market and game.market_locomotives() >= 3


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_reset_after_a_replacement_and_second_card_from_the_new_five(map_name: str) -> None:
    new_five = ["white", "white", "yellow", "yellow", "black"]
    game = position(map_name, market=["red", L, L, "blue", "green"], deck=[L, *new_five])
    events, game = play(game, 0, market(0))
    assert types(events) == ["card_taken", "market_refilled", "market_reset", "market_refilled"]
    assert of_type(events, MarketReset)[0].discarded == (L, L, L, "blue", "green")
    assert list(game.market) == new_five
    assert game.discard == cards(locomotive=3, blue=1, green=1)
    assert game.step == "second_card"
    _, game = play(game, 0, market(4))
    assert game.players[0].hand == cards(red=1, black=1)
    assert game.total_cards() == TOTAL_CARDS


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_at_most_three_market_resets_in_a_row(map_name: str) -> None:
    deck = [L, L, L, L, "white", "white", L, L, L, "yellow", "yellow",
            L, L, L, "black", "black", "red"]
    game = position(map_name, market=["red", L, L, "blue", "green"], deck=deck)
    events, game = play(game, 0, market(0))
    assert len(of_type(events, MarketReset)) == 3
    assert list(game.market) == [L, L, L, "black", "black"]  # stays after the third
    assert game.step == "second_card"
    assert violation(game, 0, market(0)) == "second_card_locomotive"


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_no_reset_when_the_cards_left_cannot_show_fewer_than_three_locomotives(
    map_name: str,
) -> None:
    # P = the five face-up cards only (deck then empty, discard empty): 2 non-locomotives
    # < min(5, 5) - 2 = 3, so the reset is impossible and the market stays.
    game = position(map_name, market=["red", L, L, "blue", "green"], deck=[L], rest=1)
    events, game = play(game, 0, market(0))
    assert not of_type(events, MarketReset)
    assert list(game.market) == [L, L, L, "blue", "green"]
    assert game.total_cards() == TOTAL_CARDS


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_reset_happens_when_one_more_non_locomotive_exists(map_name: str) -> None:
    # The same position with one red card in the discard: |P| = 6, 3 non-locomotives.
    game = position(map_name, market=["red", L, L, "blue", "green"], deck=[L],
                    discard=cards(red=1), rest=1)
    events, game = play(game, 0, market(0))
    assert len(of_type(events, MarketReset)) >= 1
    assert of_type(events, DeckReshuffled)
    assert game.total_cards() == TOTAL_CARDS


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_reset_applies_after_a_claim_makes_it_possible(map_name: str) -> None:
    route = "usa/boston-new-york-1" if map_name == "usa" else "europe/bruxelles-paris-1"
    game = position(map_name, market=[L, L, L, "blue", "green"], hands={0: cards(red=2)},
                    rest=1)
    events, game = play(game, 0, ClaimRoute(route, cards(red=2)))
    assert types(events)[:2] == ["route_claimed", "market_reset"]
    assert of_type(events, MarketReset)[0].discarded == (L, L, L, "blue", "green")
    assert game.total_cards() == TOTAL_CARDS


def test_nordic_never_resets_the_market() -> None:
    game = position("nordic", market=["red", L, L, L, L], deck=[L, "blue"])
    events, game = play(game, 0, market(0))
    assert not of_type(events, MarketReset)
    assert game.market_locomotives() == 5
    _, game = play(game, 0, market(0))  # and a face-up locomotive may be the second card
    assert game.players[0].hand == cards(red=1, locomotive=1)


# -- deck, discard and reshuffles --------------------------------------------------------

def test_empty_deck_reshuffles_the_discard_pile_when_a_card_is_needed() -> None:
    game = position("usa", deck=[], discard=cards(red=3, blue=2), rest=1)
    events, game = play(game, 0, DECK)
    assert types(events)[:2] == ["deck_reshuffled", "card_drawn_blind"]
    shuffle = of_type(events, DeckReshuffled)[0]
    assert shuffle.size == 5 and counts_of(shuffle.deck) == cards(red=3, blue=2)
    assert of_type(events, CardDrawnBlind)[0].card == shuffle.deck[0]
    assert game.deck == shuffle.deck[1:] and not any(game.discard)
    assert game.total_cards() == TOTAL_CARDS


def test_discard_is_not_reshuffled_before_a_card_is_needed() -> None:
    game = position("usa", deck=["red"], discard=cards(blue=3), rest=1)
    events, game = play(game, 0, DECK)
    assert not of_type(events, DeckReshuffled)
    assert game.deck == () and game.discard == cards(blue=3)
    events, game = play(game, 0, DECK)
    assert types(events)[:2] == ["deck_reshuffled", "card_drawn_blind"]


def test_market_refill_reshuffles_the_discard_pile() -> None:
    game = position("usa", deck=[], discard=cards(yellow=2), rest=1)
    events, game = play(game, 0, market(0))
    assert types(events) == ["card_taken", "deck_reshuffled", "market_refilled"]
    assert game.market[0] == "yellow" and game.deck == ("yellow",)


def test_with_deck_and_discard_empty_only_face_up_cards_can_be_drawn() -> None:
    game = position("usa", deck=[], rest=1)
    assert violation(game, 0, DECK) == "deck_empty"
    events, game = play(game, 0, market(0))
    assert types(events) == ["card_taken"]  # no refill: nothing to refill from
    assert game.market[0] is None and game.step == "second_card"
    assert violation(game, 0, market(0)) == "slot_empty"
    assert violation(game, 0, DECK) == "deck_empty"
    _, game = play(game, 0, market(1))
    assert game.market[:2] == (None, None)
    assert game.total_cards() == TOTAL_CARDS


def test_emptied_slots_are_refilled_when_cards_exist_again() -> None:
    game = position("usa", deck=[], market=[None, None, "orange", "white", "green"],
                    hands={1: cards(red=2)}, rest=0, current=1)
    events, game = play(game, 1, ClaimRoute("usa/boston-new-york-1", cards(red=2)))
    assert types(events)[:3] == ["route_claimed", "deck_reshuffled", "market_refilled"]
    assert game.market[:2] == ("red", "red") and game.deck == ()
    assert game.total_cards() == TOTAL_CARDS


def test_slot_empty_is_rejected() -> None:
    game = position("usa", deck=[], market=[None, "blue", "orange", "white", "green"],
                    rest=1)
    assert violation(game, 0, market(0)) == "slot_empty"


def test_market_slot_out_of_range_is_malformed() -> None:
    game = position("usa", deck=["red"])
    assert violation(game, 0, market(5)) == "malformed_command"


# -- the second card ---------------------------------------------------------------------

def test_draw_ends_after_one_card_when_no_card_is_left() -> None:
    game = position("usa", deck=[], market=["red", None, None, None, None], rest=1)
    events, game = play(game, 0, market(0))
    assert types(events) == ["card_taken", "turn_ended"]
    assert game.current == 1 and game.players[0].hand == cards(red=1)


def test_draw_ends_after_one_blind_card_when_nothing_else_is_left() -> None:
    game = position("europe", deck=["red"], market=[None] * 5, rest=1)
    events, game = play(game, 0, DECK)
    assert types(events) == ["card_drawn_blind", "turn_ended"]
    assert game.current == 1


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_draw_ends_after_one_card_when_only_face_up_locomotives_remain(map_name: str) -> None:
    game = position(map_name, deck=[], market=["red", L, None, None, None], rest=1)
    events, game = play(game, 0, market(0))
    assert types(events) == ["card_taken", "turn_ended"]
    assert game.market[1] == L


def test_nordic_face_up_locomotive_left_can_still_be_the_second_card() -> None:
    game = position("nordic", deck=[], market=["red", L, None, None, None], rest=1)
    events, game = play(game, 0, market(0))
    assert types(events) == ["card_taken"] and game.step == "second_card"
    _, game = play(game, 0, market(1))
    assert game.players[0].hand[LOCO] == 1 and game.current == 1


# -- steps and turns ---------------------------------------------------------------------

@pytest.mark.parametrize("command", [
    ClaimRoute("europe/bruxelles-paris-1", cards(red=2)),
    DrawTickets(),
    BuildStation("Wien", cards(red=1)),
    Pass(),
], ids=["claim_route", "draw_tickets", "build_station", "pass"])
def test_during_the_second_card_only_draw_card_is_accepted(command: object) -> None:
    game = position("europe", deck=["blue", "yellow"], hands={0: cards(red=2)})
    _, game = play(game, 0, DECK)
    assert violation(game, 0, command) == "wrong_step"  # type: ignore[arg-type]


def test_drawing_out_of_turn_is_rejected() -> None:
    game = position("usa", 3, deck=["red", "blue"], current=1)
    assert violation(game, 0, DECK) == "not_your_turn"
    assert violation(game, 2, market(0)) == "not_your_turn"
    _, game = play(game, 1, DECK)
    assert violation(game, 2, DECK) == "not_your_turn"  # also in the middle of a draw


def test_a_full_draw_turn_moves_play_to_the_next_seat_in_order() -> None:
    game = position("usa", 3, deck=["red", "blue", "green", "white", "black", "yellow"],
                    current=2)
    _, game = play_all(game, [(2, DECK), (2, DECK)])
    assert game.current == 0
    _, game = play_all(game, [(0, DECK), (0, DECK)])
    assert game.current == 1


def test_hands_have_no_size_limit() -> None:
    game = position("usa", deck=["red", "blue"], rest=0)  # seat 0 holds 103 cards
    assert game.players[0].hand_size == 103
    _, game = play_all(game, [(0, DECK), (0, DECK)])
    assert game.players[0].hand_size == 105 and game.total_cards() == TOTAL_CARDS
