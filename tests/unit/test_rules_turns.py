"""Rulebook tests: setup, destination tickets, stations, the end of the game, passing,
the legal-move listing and determinism.

RULES.md §1 (setup, tickets, end), §2–§4 (per-map tickets, stations, players), §5
rulings (first player, pass, deadlock, tickets); docs/rules.md §2, §3.8, §3.10–3.12,
R1–R3, R9, R10, R14, R21, R22.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import random

import pytest

from domain import RuleViolation, legal_moves, load_board
from domain.cards import KINDS, TOTAL_CARDS, Counts
from domain.commands import (
    BuildStation,
    ClaimRoute,
    Command,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from domain.decide import decide
from domain.events import (
    FinalRoundStarted,
    GameEnded,
    GameStarted,
    SetupTicketsReturned,
    TicketsDrawn,
    TicketsKept,
    TurnEnded,
)
from domain.evolve import replay
from domain.setup import start_game
from domain.state import Game
from tests.positions_rules import (
    SEED,
    accepted,
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
PLAYERS = {"usa": (2, 5), "europe": (2, 5), "nordic": (2, 3)}
TRAINS = {"usa": 45, "europe": 45, "nordic": 40}
STATIONS = {"usa": 0, "europe": 3, "nordic": 0}
DEALT = {"usa": 3, "europe": 4, "nordic": 5}


def started(map_name: str, players: int, seed: bytes = SEED) -> tuple[list, Game]:
    events = start_game(map_name, players, seed)
    return events, replay(events)


def keep_all(game: Game, seat: int) -> KeepTickets:
    return KeepTickets(game.players[seat].pending_tickets)


# -- setup -------------------------------------------------------------------------------

@pytest.mark.parametrize("map_name, players", [
    (m, n) for m, (lo, hi) in PLAYERS.items() for n in range(lo, hi + 1)
])
def test_setup_deals_hands_market_trains_stations_and_tickets(map_name: str,
                                                              players: int) -> None:
    _, game = started(map_name, players)
    assert game.phase == "setup"
    assert all(c is not None for c in game.market) and len(game.market) == 5
    for p in game.players:
        assert p.hand_size == 4
        assert p.trains == TRAINS[map_name] and p.stations_left == STATIONS[map_name]
        assert len(p.pending_tickets) == DEALT[map_name] and p.tickets == ()
    dealt = [t for p in game.players for t in p.pending_tickets]
    assert len(set(dealt)) == len(dealt) and not set(dealt) & set(game.ticket_deck)
    assert game.total_cards() == TOTAL_CARDS


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_europe_setup_one_long_and_three_regular_unused_long_out(players: int) -> None:
    events, game = started("europe", players)
    board = load_board("europe")
    long_ids = {t.id for t in board.tickets if t.long}
    for p in game.players:
        kinds = [board.ticket_by_id[t].long for t in p.pending_tickets]
        assert kinds.count(True) == 1 and kinds.count(False) == 3
    removed = set(events[0].long_tickets_removed)
    dealt_long = {t for p in game.players for t in p.pending_tickets if t in long_ids}
    assert len(removed) == 6 - players and removed | dealt_long == long_ids
    assert not long_ids & set(game.ticket_deck)  # later draws never offer long tickets
    assert len(game.ticket_deck) == 40 - 3 * players


@pytest.mark.parametrize("map_name, players", [
    ("usa", 1), ("usa", 6), ("europe", 1), ("europe", 6), ("nordic", 1), ("nordic", 4),
    ("nordic", 5),
])
def test_player_count_outside_the_map_range_is_refused(map_name: str, players: int) -> None:
    with pytest.raises(RuleViolation):
        start_game(map_name, players, SEED)


@pytest.mark.parametrize("map_name", ["usa", "europe", "nordic"])
def test_setup_keep_at_least_two(map_name: str) -> None:
    _, game = started(map_name, 2)
    offered = game.players[0].pending_tickets
    assert violation(game, 0, KeepTickets(offered[:1])) == "keep_too_few"
    assert violation(game, 0, KeepTickets(())) == "keep_too_few"
    _, game = play(game, 0, KeepTickets(offered[:2]))
    assert game.players[0].tickets == offered[:2]


def test_setup_keep_minimum_is_not_fooled_by_a_ticket_named_twice() -> None:
    _, game = started("usa", 2)
    ticket = game.players[0].pending_tickets[0]
    assert violation(game, 0, KeepTickets((ticket, ticket))) in (
        "keep_too_few", "malformed_command")


def test_europe_setup_keep_any_mix_even_without_the_long_ticket() -> None:
    _, game = started("europe", 2)
    board = load_board("europe")
    offered = game.players[0].pending_tickets
    regular = tuple(t for t in offered if not board.ticket_by_id[t].long)
    _, game = play(game, 0, KeepTickets(regular[:2]))
    assert game.players[0].tickets == regular[:2]


def test_setup_choice_is_simultaneous_in_any_order() -> None:
    _, game = started("usa", 3)
    first = game.first_player
    assert violation(game, first, DECK) == "game_not_started"
    order = [(first + 2) % 3, first, (first + 1) % 3]
    for n, seat in enumerate(order):
        assert legal_moves(game, seat)  # every undecided seat may choose now
        _, game = play(game, seat, keep_all(game, seat))
        assert game.phase == ("playing" if n == 2 else "setup")
        if n < 2:  # the first turn waits for the last choice
            assert violation(game, first, DECK) == "game_not_started"
            assert legal_moves(game, seat) == []  # a seat chooses once
            assert violation(game, seat, keep_all(game, seat)) == "wrong_step"
    assert game.current == first and game.step == "start"


def _documented_uniform(seed: bytes, number: int, k: int) -> int:
    """The first `uniform(k)` of random operation `number`, as docs/shuffles.md states."""
    stream = b""
    block = 0
    while True:
        stream += hmac.new(seed, b"ttr-shuffle:%d:%d" % (number, block), hashlib.sha256).digest()
        block += 1
        for i in range(0, len(stream) - 3, 4):
            u = int.from_bytes(stream[i:i + 4], "big")
            if u < 2**32 - 2**32 % k:
                return u % k


@pytest.mark.parametrize("players", [2, 3, 5])
def test_first_player_comes_from_the_seed(players: int) -> None:
    seen = set()
    for i in range(24):
        seed = b"first-%d" % i
        first = start_game("usa", players, seed)[0].first_player
        assert first == start_game("usa", players, seed)[0].first_player
        assert first == _documented_uniform(seed, 0, players)
        seen.add(first)
    assert seen == set(range(players))  # not always the same seat


def test_first_turn_goes_to_the_first_player_then_seat_order() -> None:
    _, game = started("usa", 3)
    for seat in range(3):
        _, game = play(game, seat, keep_all(game, seat))
    first = game.first_player
    assert game.current == first
    _, game = play_all(game, [(first, DECK), (first, DECK)])
    assert game.current == (first + 1) % 3


def _choose(game: Game, order: list[int], keep: dict[int, int]) -> tuple[list, Game]:
    events: list = []
    for seat in order:
        offered = game.players[seat].pending_tickets
        new, game = play(game, seat, KeepTickets(offered[:keep[seat]]))
        events.extend(new)
    return events, game


def test_usa_setup_returns_go_to_the_bottom_when_everyone_chose_in_seat_order() -> None:
    _, game = started("usa", 3)
    deck_before = game.ticket_deck
    returned = {s: game.players[s].pending_tickets[2:] for s in range(3)}
    events, after_two = _choose(game, [2, 0], {0: 2, 1: 3, 2: 2})
    assert not of_type(events, SetupTicketsReturned)
    assert after_two.ticket_deck == deck_before  # nothing placed before the last choice
    assert all(k.returned_to == "setup_bottom" for k in of_type(events, TicketsKept))
    events, done = _choose(after_two, [1], {1: 3})
    placed = of_type(events, SetupTicketsReturned)
    assert len(placed) == 1
    assert placed[0].bottom_order == returned[0] + returned[2]  # seat order
    assert done.ticket_deck == deck_before + returned[0] + returned[2]


def test_usa_setup_returns_do_not_depend_on_who_chose_first() -> None:
    _, game = started("usa", 3)
    keep = {0: 2, 1: 2, 2: 2}
    _, a = _choose(game, [0, 1, 2], keep)
    _, b = _choose(game, [2, 1, 0], keep)
    assert a.ticket_deck == b.ticket_deck and len(a.ticket_deck) == 30 - 9 + 3


@pytest.mark.parametrize("map_name", ["europe", "nordic"])
def test_setup_returns_go_to_the_box(map_name: str) -> None:
    _, game = started(map_name, 2)
    deck_before = game.ticket_deck
    returned = [t for p in game.players for t in p.pending_tickets[2:]]
    events, game = _choose(game, [0, 1], {0: 2, 1: 2})
    assert all(k.returned_to == "box" for k in of_type(events, TicketsKept))
    assert not of_type(events, SetupTicketsReturned)
    assert game.ticket_deck == deck_before
    held = {t for p in game.players for t in p.tickets}
    assert not set(returned) & (held | set(game.ticket_deck))


# -- later ticket draws ------------------------------------------------------------------

@pytest.mark.parametrize("map_name, where", [("usa", "bottom"), ("europe", "bottom"),
                                             ("nordic", "box")])
def test_later_draw_three_keep_one_rest_per_map(map_name: str, where: str) -> None:
    game = position(map_name)
    deck_before = game.ticket_deck
    events, game = play(game, 0, DrawTickets())
    assert of_type(events, TicketsDrawn)[0].tickets == deck_before[:3]
    assert game.step == "keep_tickets" and game.current == 0
    assert "turn_ended" not in types(events)
    events, game = play(game, 0, KeepTickets(deck_before[:1]))
    kept = of_type(events, TicketsKept)[0]
    assert kept.returned_to == where and isinstance(events[-1], TurnEnded)
    assert game.players[0].tickets[-1] == deck_before[0] and game.current == 1
    if where == "bottom":
        assert sorted(kept.bottom_order) == sorted(deck_before[1:3])
        assert game.ticket_deck == deck_before[3:] + kept.bottom_order
    else:
        assert game.ticket_deck == deck_before[3:]


def test_later_draw_with_fewer_than_three_left_offers_what_remains() -> None:
    game = position("usa")
    two = game.ticket_deck[:2]
    game = position("usa", ticket_deck=two)
    events, game = play(game, 0, DrawTickets())
    assert of_type(events, TicketsDrawn)[0].tickets == two
    _, game = play(game, 0, KeepTickets(two[1:]))
    assert game.ticket_deck == two[:1]


def test_later_draw_keep_at_least_one() -> None:
    game = position("europe")
    _, game = play(game, 0, DrawTickets())
    assert violation(game, 0, KeepTickets(())) == "keep_too_few"
    offered = game.players[0].pending_tickets
    _, game = play(game, 0, KeepTickets(offered))  # keeping all three is fine too
    assert game.players[0].tickets[-3:] == offered


def test_no_tickets_left() -> None:
    game = position("nordic", ticket_deck=())
    assert violation(game, 0, DrawTickets()) == "no_tickets_left"
    assert DrawTickets() not in legal_moves(game, 0)


def test_ticket_not_offered_and_unknown_ticket() -> None:
    game = position("usa")
    _, game = play(game, 0, DrawTickets())
    offered = game.players[0].pending_tickets
    other = next(t.id for t in game.board.tickets if t.id not in offered)
    assert violation(game, 0, KeepTickets((other,))) == "ticket_not_offered"
    already = game.players[0].tickets[0]
    assert violation(game, 0, KeepTickets((offered[0], already))) == "ticket_not_offered"
    assert violation(game, 0, KeepTickets(("usa/atlantis-mu",))) == "unknown_ticket"


def test_during_the_ticket_choice_only_keep_tickets_is_accepted() -> None:
    game = position("usa", deck=["red", "blue"])
    _, game = play(game, 0, DrawTickets())
    assert violation(game, 0, DECK) == "wrong_step"
    assert violation(game, 0, DrawTickets()) == "wrong_step"
    assert violation(game, 1, DECK) == "not_your_turn"


def test_kept_tickets_never_leave_the_player() -> None:
    game = position("usa")
    before = game.players[0].tickets
    assert before
    _, game = play(game, 0, DrawTickets())
    offered = game.players[0].pending_tickets
    _, game = play(game, 0, KeepTickets(offered[:1]))
    assert game.players[0].tickets == before + offered[:1]
    moves = legal_moves(game, 1)
    assert not [m for m in moves if isinstance(m, KeepTickets)]  # no way to discard them


# -- stations (Europe) -------------------------------------------------------------------

@pytest.mark.parametrize("built, payment, ok", [
    (0, {"red": 1}, True), (0, {L: 1}, True), (0, {"red": 2}, False),
    (1, {"red": 2}, True), (1, {"red": 1, L: 1}, True), (1, {L: 2}, True),
    (1, {"red": 1, "blue": 1}, False), (1, {"red": 1}, False),
    (2, {"red": 3}, True), (2, {"red": 1, L: 2}, True), (2, {"red": 2, "blue": 1}, False),
    (2, {"red": 4}, False),
])
def test_station_costs_one_two_three_cards_of_one_colour(built: int, payment: dict[str, int],
                                                         ok: bool) -> None:
    stations = dict(zip(["Wien", "Roma"][:built], [0, 0], strict=False))
    game = position("europe", hands={0: cards(red=4, blue=2, locomotive=2)}, stations=stations)
    command = BuildStation("Paris", cards(**payment))
    if ok:
        events, game = play(game, 0, command)
        assert types(events)[0] == "station_built" and isinstance(events[-1], TurnEnded)
        assert game.station_owners["Paris"] == 0
        assert game.players[0].stations_left == 2 - built
        assert game.players[0].trains == 45  # stations use no trains
        assert game.total_cards() == TOTAL_CARDS
    else:
        assert violation(game, 0, command) == "station_payment_invalid"


def test_one_station_per_city() -> None:
    game = position("europe", hands={0: cards(red=3)}, stations={"Wien": 1, "Roma": 0})
    assert violation(game, 0, BuildStation("Wien", cards(red=2))) == "city_has_station"
    assert violation(game, 0, BuildStation("Roma", cards(red=2))) == "city_has_station"


def test_three_stations_per_game() -> None:
    game = position("europe", hands={0: cards(red=5)},
                    stations={"Wien": 0, "Roma": 0, "Paris": 0})
    assert violation(game, 0, BuildStation("Berlin", cards(red=4))) == "no_stations_left"
    assert not [m for m in legal_moves(game, 0) if isinstance(m, BuildStation)]


def test_one_station_per_turn() -> None:
    game = position("europe", hands={0: cards(red=5)})
    events, game = play(game, 0, BuildStation("Wien", cards(red=1)))
    assert game.current == 1 and game.step == "start"
    assert violation(game, 0, BuildStation("Roma", cards(red=2))) == "not_your_turn"


def test_station_on_a_city_with_no_route_and_unknown_city() -> None:
    game = position("europe", hands={0: cards(red=1)})
    _, built = play(game, 0, BuildStation("Erzurum", cards(red=1)))
    assert built.station_owners == {"Erzurum": 0}
    assert violation(game, 0, BuildStation("Atlantis", cards(red=1))) == "unknown_city"
    assert violation(game, 0, BuildStation("Wien", cards(blue=1))) == "cards_not_held"


@pytest.mark.parametrize("map_name", ["usa", "nordic"])
def test_stations_not_in_map(map_name: str) -> None:
    game = position(map_name, hands={0: cards(red=1)})
    city = game.board.cities[0]
    assert violation(game, 0, BuildStation(city, cards(red=1))) == "stations_not_in_map"


# -- the end of the game -----------------------------------------------------------------

def test_final_round_every_player_including_the_trigger_gets_one_more_turn() -> None:
    game = position("usa", 3, hands={0: cards(red=1)}, trains={0: 3})
    events, game = play(game, 0, ClaimRoute("usa/dallas-houston-1", cards(red=1)))
    started = of_type(events, FinalRoundStarted)
    assert [(e.seat, e.trains) for e in started] == [(0, 2)]
    assert types(events)[-2:] == ["turn_ended", "final_round_started"]
    for seat in (1, 2):
        events, game = play_all(game, [(seat, DECK), (seat, DECK)])
        assert not of_type(events, GameEnded) and game.phase == "playing"
    events, game = play_all(game, [(0, DECK), (0, DECK)])
    assert types(events)[-3:] == ["turn_ended", "game_ended", "seed_revealed"]
    assert of_type(events, GameEnded)[0].reason == "final_round"
    assert game.phase == "ended" and game.end_reason == "final_round"
    assert violation(game, 1, DECK) == "game_over"
    assert legal_moves(game, 1) == []


def test_three_trains_left_does_not_start_the_final_round() -> None:
    game = position("usa", 2, hands={0: cards(red=1)}, trains={0: 4})
    events, game = play(game, 0, ClaimRoute("usa/dallas-houston-1", cards(red=1)))
    assert not of_type(events, FinalRoundStarted) and game.final_round_by is None


def test_final_round_starts_with_zero_trains_too() -> None:
    game = position("nordic", 2, hands={0: cards(green=1)}, trains={0: 1})
    events, game = play(game, 0, ClaimRoute("nordic/boden-tornio", cards(green=1)))
    assert [(e.seat, e.trains) for e in of_type(events, FinalRoundStarted)] == [(0, 0)]


def test_final_round_starts_on_any_turn_ending_with_two_trains_or_fewer() -> None:
    game = position("europe", 2, trains={0: 2})
    events, game = play_all(game, [(0, DECK), (0, DECK)])
    assert of_type(events, FinalRoundStarted)


def test_dropping_to_two_during_the_final_round_changes_nothing() -> None:
    game = position("usa", 2, hands={0: cards(red=1), 1: cards(red=1)}, trains={0: 3, 1: 3})
    events, game = play(game, 0, ClaimRoute("usa/dallas-houston-1", cards(red=1)))
    assert of_type(events, FinalRoundStarted)
    events, game = play(game, 1, ClaimRoute("usa/portland-seattle-1", cards(red=1)))
    assert not of_type(events, FinalRoundStarted) and not of_type(events, GameEnded)
    events, game = play_all(game, [(0, DECK), (0, DECK)])
    assert of_type(events, GameEnded) and game.final_round_by == 0


# -- passing and deadlock ----------------------------------------------------------------

def _stuck(map_name: str = "usa", free: tuple[str, ...] = (),
           ticket_deck: tuple[str, ...] = (), **kw: object) -> Game:
    """Nothing to draw, no ticket, every route but `free` owned: a position for passes."""
    board = load_board(map_name)
    owners = {r.id: r.index % 2 for r in board.routes if r.id not in free}
    kw.setdefault("rest", 1)  # seat 1 holds every card, seat 0 none
    return position(map_name, deck=[], market=[None] * 5, ticket_deck=ticket_deck,
                    owners=owners, **kw)  # type: ignore[arg-type]


def test_pass_when_no_other_action_is_legal_is_an_event() -> None:
    game = _stuck()
    assert game.total_cards() == TOTAL_CARDS
    assert legal_moves(game, 0) == [Pass()]
    events, game = play(game, 0, Pass())
    assert types(events) == ["passed", "turn_ended"] and game.current == 1


def test_a_whole_round_of_passes_ends_the_game_in_deadlock() -> None:
    game = _stuck()
    events, game = play_all(game, [(0, Pass()), (1, Pass())])
    assert types(events)[-2:] == ["game_ended", "seed_revealed"]
    assert of_type(events, GameEnded)[0].reason == "deadlock"
    assert game.phase == "ended" and game.end_reason == "deadlock"


def test_an_action_breaks_a_run_of_passes() -> None:
    route = "usa/atlanta-nashville"  # 1 gray, not a double
    game = _stuck(players=3, free=(route,))  # seat 1 holds every card, seats 0 and 2 none
    _, game = play(game, 0, Pass())
    assert violation(game, 1, Pass()) == "pass_not_allowed"
    events, game = play(game, 1, ClaimRoute(route, cards(red=1)))
    assert game.market[0] == "red"  # the paid card came back face up
    events, game = play(game, 2, DrawCard("market", 0))  # nothing left: one card only
    assert game.current == 0 and game.passes_in_a_row == 0
    events, game = play_all(game, [(0, Pass()), (1, Pass())])
    assert not of_type(events, GameEnded)  # 3 passes since seat 0's first, not a round
    events, game = play(game, 2, Pass())
    assert of_type(events, GameEnded)[0].reason == "deadlock"


@pytest.mark.parametrize("situation", ["deck", "discard", "market", "tickets", "route",
                                       "face_up_locomotive", "station"])
def test_pass_not_allowed_when_another_action_is_legal(situation: str) -> None:
    if situation == "route":
        game = _stuck(free=("usa/atlanta-nashville",), hands={0: cards(red=1)})
    elif situation == "station":
        game = _stuck("europe", hands={0: cards(red=1)})
    elif situation == "face_up_locomotive":
        game = replay_market(_stuck(), [L, None, None, None, None])
    else:
        game = _stuck()
        if situation == "deck":
            game = move_card_to(game, "deck")
        elif situation == "discard":
            game = move_card_to(game, "discard")
        elif situation == "market":
            game = replay_market(game, ["red", None, None, None, None])
        else:
            game = _stuck(ticket_deck=(load_board("usa").tickets[0].id,))
    assert Pass() not in legal_moves(game, 0)
    assert violation(game, 0, Pass()) == "pass_not_allowed"


def replay_market(game: Game, market: list[str | None]) -> Game:
    """`game` with the given face-up cards, taken out of seat 1's hand."""
    from dataclasses import replace

    hand = list(game.players[1].hand)
    for c in market:
        if c is not None:
            hand[KINDS.index(c)] -= 1
    p = replace(game.players[1], hand=tuple(hand))
    return replace(game.with_player(1, p), market=tuple(market))


def move_card_to(game: Game, pile: str) -> Game:
    """`game` with one red card moved from seat 1's hand to the deck or the discard."""
    from dataclasses import replace

    hand = list(game.players[1].hand)
    hand[KINDS.index("red")] -= 1
    game = game.with_player(1, replace(game.players[1], hand=tuple(hand)))
    if pile == "deck":
        return replace(game, deck=("red",))
    return replace(game, discard=cards(red=1))


# -- legal_moves agrees with decide ------------------------------------------------------

def _sub_hands(hand: Counts) -> list[Counts]:
    size = 1
    for n in hand:
        size *= n + 1
    assert size <= 2000, "keep the hands of these positions small"
    return [c for c in itertools.product(*(range(n + 1) for n in hand)) if any(c)]


def _universe(game: Game, seat: int) -> list[Command]:
    """Candidate commands: every draw, every route × every part of the hand, ..."""
    hand = game.players[seat].hand
    subs = _sub_hands(hand)
    out: list[Command] = [DECK, *(DrawCard("market", s) for s in range(5)), DrawTickets(),
                          Pass(), DeclineTunnel()]
    out.extend(ClaimRoute(r.id, c) for r in game.board.routes for c in subs)
    out.extend(PayTunnel(c) for c in subs)
    if game.rules.has_stations:
        small = [c for c in subs if sum(c) <= 3]
        out.extend(BuildStation(city, c) for city in game.board.cities for c in small)
    offered = game.players[seat].pending_tickets
    for n in range(len(offered) + 1):
        out.extend(KeepTickets(k) for k in itertools.combinations(offered, n))
    return out


def _substitute_route(game: Game, command: Command) -> bool:
    """Nordic ferries and Murmansk–Lieksa: the listing names one choice of group cards."""
    if not isinstance(command, ClaimRoute):
        return False
    route = game.board.route_by_id[command.route]
    return route.id in game.rules.any_cards_routes or (
        route.ferry and game.rules.ferry_substitute_cards is not None)


def check_moves_match_decide(game: Game, seat: int) -> list[Command]:
    listed = legal_moves(game, seat)
    assert len(set(listed)) == len(listed), "one entry per distinct choice"
    for move in listed:
        assert accepted(game, seat, move), move
    listed_set = set(listed)
    claimable = {m.route for m in listed if isinstance(m, ClaimRoute)}
    for command in _universe(game, seat):
        if not accepted(game, seat, command):
            assert command not in listed_set
        elif _substitute_route(game, command):
            assert command.route in claimable  # type: ignore[union-attr]
        else:
            assert command in listed_set, command
    for other in range(game.player_count):
        if other != seat and game.phase == "playing":
            assert legal_moves(game, other) == []
            refusal = "player_out" if game.players[other].out else "not_your_turn"
            assert violation(game, other, DECK) == refusal
    return listed


def test_legal_moves_usa_turn_start() -> None:
    game = position("usa", hands={0: cards(red=2, blue=1, green=1, locomotive=2)},
                    market=["red", L, "blue", "white", "green"],
                    owners={"usa/boston-new-york-2": 1, "usa/dallas-houston-1": 0})
    listed = check_moves_match_decide(game, 0)
    assert ClaimRoute("usa/boston-new-york-1", cards(red=2)) not in listed  # closed twin
    assert ClaimRoute("usa/dallas-houston-2", cards(red=1)) not in listed  # own twin
    assert ClaimRoute("usa/atlanta-raleigh-1", cards(red=1, locomotive=1)) in listed
    assert Pass() not in listed


def test_legal_moves_europe_with_stations_tunnels_and_ferries() -> None:
    game = position("europe", 4, hands={0: cards(blue=2, red=1, locomotive=2)},
                    stations={"Wien": 1}, owners={"europe/munchen-zurich": 2},
                    trains={0: 3})
    listed = check_moves_match_decide(game, 0)
    assert BuildStation("Paris", cards(blue=1)) in listed
    assert not [m for m in listed if isinstance(m, BuildStation) and m.city == "Wien"]
    assert ClaimRoute("europe/amsterdam-london", cards(locomotive=2)) in listed
    assert not [m for m in listed if isinstance(m, ClaimRoute)
                and game.board.route_by_id[m.route].length > 3]  # 3 trains left


def test_legal_moves_nordic_with_substitutes() -> None:
    game = position("nordic", hands={0: cards(red=2, purple=1, green=1, locomotive=2)},
                    market=[L, L, L, "white", "green"])
    listed = check_moves_match_decide(game, 0)
    assert ClaimRoute("nordic/kobenhavn-arhus", cards(locomotive=1)) in listed
    assert any(isinstance(m, ClaimRoute) and m.route == "nordic/kobenhavn-arhus"
               and m.cards[KINDS.index(L)] == 0 for m in listed)  # a group of three
    assert not [m for m in listed if isinstance(m, ClaimRoute)
                and m.route == "nordic/goteborg-oslo"]  # no locomotives, no orange


@pytest.mark.parametrize("map_name", ["usa", "nordic"])
def test_legal_moves_second_card(map_name: str) -> None:
    game = position(map_name, hands={0: cards(red=2)}, deck=["blue", "white"],
                    market=["red", L, "blue", L, "green"])
    _, game = play(game, 0, DECK)
    listed = check_moves_match_decide(game, 0)
    has_loco = DrawCard("market", 1) in listed
    assert has_loco == (map_name == "nordic")


def test_legal_moves_tunnel_choice() -> None:
    game = position("europe", hands={0: cards(blue=3, red=2, locomotive=2)},
                    deck=["blue", L, "red"])
    _, game = play(game, 0, ClaimRoute("europe/munchen-venezia", cards(blue=2)))
    listed = check_moves_match_decide(game, 0)
    assert DeclineTunnel() in listed
    assert PayTunnel(cards(blue=1, locomotive=1)) in listed
    assert PayTunnel(cards(blue=2)) not in listed  # only one blue besides the laid ones


def test_legal_moves_ticket_choice_and_setup() -> None:
    game = position("usa")
    _, game = play(game, 0, DrawTickets())
    listed = check_moves_match_decide(game, 0)
    assert len(listed) == 7  # every non-empty subset of three
    _, setup = started("nordic", 2)
    listed = check_moves_match_decide(setup, 1)
    assert len(listed) == 2**5 - 1 - 5  # keep at least 2 of 5


def test_legal_moves_offers_pass_only_when_nothing_else_is_legal() -> None:
    game = _stuck()
    assert check_moves_match_decide(game, 0) == [Pass()]
    game = move_card_to(game, "discard")
    listed = check_moves_match_decide(game, 0)
    assert listed == [DECK]


# -- determinism -------------------------------------------------------------------------

def _scripted_game(seed: bytes, commands: int = 120) -> list:
    events = start_game("europe", 3, seed)
    game = replay(events)
    pick = random.Random(11)
    for _ in range(commands):
        if game.phase == "ended":
            break
        seat = (next(s for s, p in enumerate(game.players) if p.pending_tickets)
                if game.phase == "setup" else game.current)
        moves = legal_moves(game, seat)
        new = decide(game, seat, moves[pick.randrange(len(moves))])
        game = replay(new, game)
        events.extend(new)
    return events


def test_same_seed_and_commands_give_identical_events() -> None:
    a = _scripted_game(b"determinism")
    b = _scripted_game(b"determinism")
    assert [e.as_dict() for e in a] == [e.as_dict() for e in b]
    assert len(a) > 120
    assert replay(a) == replay(b)


def test_another_seed_deals_another_game() -> None:
    a = start_game("europe", 3, b"determinism")[0]
    b = start_game("europe", 3, b"determinism-2")[0]
    assert isinstance(a, GameStarted) and isinstance(b, GameStarted)
    assert a.deck != b.deck and a.seed_commitment != b.seed_commitment
