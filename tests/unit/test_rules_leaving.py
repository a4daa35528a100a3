"""Rulebook tests for leaving a game: resignation, turn time-outs and drops, turn order
with players out, the end of the game with players out, their ranking, and the seed
revealed at the end.

These are the service's rulings (no rulebook covers an online game's players leaving):
docs/rules.md §3.16, R23–R28.
"""

from __future__ import annotations

import pytest

from domain import RuleViolation, decide_system, legal_moves
from domain.cards import TOTAL_CARDS
from domain.commands import (
    COMMAND_TYPES,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    Resign,
    TimeOut,
    command_from_dict,
)
from domain.decide import decide
from domain.ending import score_game
from domain.events import (
    Event,
    GameEnded,
    GameStarted,
    PlayerDropped,
    PlayerResigned,
    SeedRevealed,
    TicketsKept,
    TunnelDeclined,
    TurnEnded,
    TurnTimedOut,
)
from domain.evolve import replay
from domain.maps import load_board, rules_for
from domain.scoring import Position, final_scores
from domain.shuffle import commitment
from domain.state import Game
from tests.positions_rules import cards, of_type, play, play_all, position, types, violation
from tests.unit.test_rules_turns import _stuck, _universe, check_moves_match_decide, started

L = "locomotive"
DECK = DrawCard("deck")
DEADLINE = "2030-01-01T12:00:00Z"
RESIGN = Resign()


def time_out(*seats: int, drop_after: int | None = None,
             deadline: str = DEADLINE) -> TimeOut:
    return TimeOut(seats, deadline, drop_after)


def system(game: Game, command: TimeOut) -> tuple[list[Event], Game]:
    """The events of the system's `command` and the state after them."""
    events = decide_system(game, command)
    return events, replay(events, game)


def system_violation(game: Game, command: TimeOut) -> str:
    try:
        events = decide_system(game, command)
    except RuleViolation as e:
        return e.code
    raise AssertionError(f"{command} was accepted: {types(events)}")


def draw_two(seat: int) -> list[tuple[int, DrawCard]]:
    return [(seat, DECK), (seat, DECK)]


def keep_all(game: Game, seat: int) -> KeepTickets:
    return KeepTickets(game.players[seat].pending_tickets)


def final_round(players: int = 3) -> Game:
    """Seat 0 has just claimed a route down to 2 trains: the final round is on, seat 1
    plays next."""
    game = position("usa", players, hands={0: cards(red=1)}, trains={0: 3})
    events, game = play(game, 0, ClaimRoute("usa/dallas-houston-1", cards(red=1)))
    assert types(events)[-1] == "final_round_started" and game.current == 1
    return game


def tunnel_pending() -> Game:
    """Europe: seat 0 attempted München–Venezia with 2 blue and must pay or decline."""
    game = position("europe", 3, hands={0: cards(blue=3, red=2, locomotive=2)},
                    deck=["blue", L, "red"])
    _, game = play(game, 0, ClaimRoute("europe/munchen-venezia", cards(blue=2)))
    assert game.step == "tunnel"
    return game


# -- the commands ----------------------------------------------------------------------

def test_resign_is_a_player_command_with_its_json_shape() -> None:
    assert "resign" in COMMAND_TYPES
    assert command_from_dict({"type": "resign"}) == RESIGN
    assert RESIGN.as_dict() == {"type": "resign"}
    with pytest.raises(RuleViolation) as refused:
        command_from_dict({"type": "resign", "seat": 1})
    assert refused.value.code == "malformed_command"


def test_time_out_is_the_systems_command_never_a_players() -> None:
    assert "time_out" not in COMMAND_TYPES
    with pytest.raises(RuleViolation) as refused:
        command_from_dict(time_out(0).as_dict())
    assert refused.value.code == "unknown_command"
    game = position("usa")
    assert violation(game, 0, time_out(0)) == "unknown_command"  # type: ignore[arg-type]
    _, setup = started("usa", 2)
    assert violation(setup, 0, time_out(0)) == "unknown_command"  # type: ignore[arg-type]
    assert not [m for m in legal_moves(game, 0) if isinstance(m, TimeOut | Resign)]


# -- resigning ---------------------------------------------------------------------------

def test_resigning_on_ones_turn_ends_it_and_the_next_player_plays() -> None:
    game = position("usa", 3)
    events, game = play(game, 0, RESIGN)
    assert events == [PlayerResigned(seat=0), TurnEnded(seat=0, next_seat=1, skipped=())]
    assert game.players[0].out == "resigned" and game.current == 1
    assert game.phase == "playing"


def test_a_player_may_resign_out_of_turn() -> None:
    game = position("usa", 3)
    events, game = play(game, 2, RESIGN)
    assert events == [PlayerResigned(seat=2)]
    assert game.current == 0 and game.step == "start"
    events, game = play_all(game, draw_two(0) + draw_two(1))
    assert of_type(events, TurnEnded)[-1] == TurnEnded(seat=1, next_seat=0, skipped=(2,))


def test_a_player_may_resign_in_the_middle_of_another_players_turn() -> None:
    game = position("usa", 3, deck=["red", "blue"])
    _, game = play(game, 0, DECK)
    events, game = play(game, 1, RESIGN)
    assert events == [PlayerResigned(seat=1)]
    assert game.current == 0 and game.step == "second_card"


def test_resigning_after_the_first_card_of_a_draw_keeps_the_card() -> None:
    game = position("usa", 3, deck=["red", "blue"])
    _, game = play(game, 0, DECK)
    events, game = play(game, 0, RESIGN)
    assert types(events) == ["player_resigned", "turn_ended"]
    assert game.players[0].hand == cards(red=1) and game.deck[0] == "blue"
    assert game.total_cards() == TOTAL_CARDS


def test_resigning_with_a_pending_tunnel_declines_it() -> None:
    game = tunnel_pending()
    events, game = play(game, 0, RESIGN)
    assert types(events)[:2] == ["player_resigned", "tunnel_declined"]
    assert types(events)[-1] == "turn_ended"
    assert of_type(events, TunnelDeclined)[0].route == "europe/munchen-venezia"
    assert game.tunnel is None and game.discard == cards(blue=1, red=1, locomotive=1)
    assert game.owners[game.board.route_by_id["europe/munchen-venezia"].index] == -1
    assert game.players[0].hand == cards(blue=3, red=2, locomotive=2)  # nothing was paid
    assert game.total_cards() == TOTAL_CARDS


def test_resigning_while_choosing_drawn_tickets_keeps_them_all() -> None:
    game = position("usa", 3)
    before = game.players[0].tickets
    _, game = play(game, 0, DrawTickets())
    drawn = game.players[0].pending_tickets
    events, game = play(game, 0, RESIGN)
    assert types(events) == ["player_resigned", "tickets_kept", "turn_ended"]
    assert of_type(events, TicketsKept)[0].kept == drawn
    assert game.players[0].tickets == before + drawn and not game.players[0].pending_tickets


def test_resigning_at_setup_keeps_every_dealt_ticket() -> None:
    _, game = started("usa", 3)
    dealt = game.players[1].pending_tickets
    events, game = play(game, 1, RESIGN)
    assert types(events) == ["player_resigned", "tickets_kept"]
    assert game.players[1].tickets == dealt and game.phase == "setup"
    assert legal_moves(game, 1) == []


def test_a_resignation_that_settles_the_last_setup_choice_starts_the_game() -> None:
    _, game = started("usa", 3)
    for seat in (0, 2):
        _, game = play(game, seat, KeepTickets(game.players[seat].pending_tickets[:2]))
    events, game = play(game, 1, RESIGN)
    assert types(events) == ["player_resigned", "tickets_kept", "setup_tickets_returned"]
    assert game.phase == "playing"


@pytest.mark.parametrize("leaving", [1, 2])
def test_if_the_first_player_left_the_first_turn_goes_to_the_next_player_still_in(
        leaving: int) -> None:
    _, game = started("usa", 4)
    first = game.first_player
    gone = [(first + k) % 4 for k in range(leaving)]
    for seat in gone:
        _, game = play(game, seat, RESIGN)
    for seat in range(4):
        if seat not in gone:
            _, game = play(game, seat, keep_all(game, seat))
    assert game.phase == "playing" and game.current == (first + leaving) % 4
    assert legal_moves(game, game.current)


def test_a_player_who_left_can_send_nothing_more() -> None:
    game = position("usa", 3, hands={1: cards(red=2)})
    _, game = play(game, 1, RESIGN)
    for command in (RESIGN, DECK, Pass(), ClaimRoute("usa/atlanta-raleigh-1", cards(red=2))):
        assert violation(game, 1, command) == "player_out"
    _, setup = started("usa", 3)
    _, setup = play(setup, 2, RESIGN)
    assert violation(setup, 2, RESIGN) == "player_out"
    assert violation(setup, 2, KeepTickets(())) == "player_out"


def test_nobody_resigns_after_the_end() -> None:
    game = position("usa", 2)
    _, game = play(game, 1, RESIGN)
    assert game.phase == "ended"
    assert violation(game, 0, RESIGN) == "game_over"
    assert violation(game, 1, RESIGN) == "game_over"


def test_turn_order_passes_over_every_player_who_left_and_names_them() -> None:
    game = position("usa", 5, current=0)
    for seat in (1, 2, 4):
        _, game = play(game, seat, RESIGN)
    events, game = play_all(game, draw_two(0))
    assert of_type(events, TurnEnded) == [TurnEnded(seat=0, next_seat=3, skipped=(1, 2))]
    events, game = play_all(game, draw_two(3))
    assert of_type(events, TurnEnded) == [TurnEnded(seat=3, next_seat=0, skipped=(4,))]


def test_a_player_resigning_on_their_turn_is_named_by_nobody_but_skipped_later() -> None:
    game = position("usa", 3)
    events, game = play(game, 0, RESIGN)
    assert of_type(events, TurnEnded)[0].skipped == ()  # the leaver is the one whose turn ended
    events, game = play_all(game, draw_two(1) + draw_two(2))
    assert of_type(events, TurnEnded)[-1] == TurnEnded(seat=2, next_seat=1, skipped=(0,))


def test_the_last_player_still_in_ends_the_game() -> None:
    game = position("usa", 2)
    events, out_of_turn = play(game, 1, RESIGN)
    assert types(events) == ["player_resigned", "game_ended", "seed_revealed"]
    assert of_type(events, GameEnded)[0].reason == "last_player"
    assert out_of_turn.phase == "ended" and out_of_turn.end_reason == "last_player"
    events, on_turn = play(game, 0, RESIGN)
    assert types(events) == ["player_resigned", "turn_ended", "game_ended", "seed_revealed"]
    assert on_turn.end_reason == "last_player"


def test_the_last_player_still_in_at_setup_ends_the_game() -> None:
    _, game = started("nordic", 2)
    events, game = play(game, 0, RESIGN)
    assert types(events) == ["player_resigned", "tickets_kept", "game_ended", "seed_revealed"]
    assert game.phase == "ended" and game.end_reason == "last_player"


# -- time-outs ---------------------------------------------------------------------------

def test_a_time_out_ends_the_turn_and_records_the_deadline() -> None:
    game = position("usa", 3, hands={0: cards(red=2)})
    events, game = system(game, time_out(0))
    assert events == [TurnTimedOut(seat=0, deadline=DEADLINE, consecutive=1),
                      TurnEnded(seat=0, next_seat=1, skipped=())]
    assert game.current == 1 and game.players[0].out is None
    assert game.players[0].hand == cards(red=2) and game.players[0].timeouts_in_a_row == 1
    assert events[0].actor is None  # the system acted, not the player


def test_time_outs_in_a_row_are_counted_until_the_player_acts() -> None:
    game = position("usa", 2)
    counts = []
    for _ in range(3):
        events, game = system(game, time_out(0))
        counts.append(of_type(events, TurnTimedOut)[0].consecutive)
        _, game = play_all(game, draw_two(1))
    assert counts == [1, 2, 3]
    _, game = play(game, 0, DECK)
    assert game.players[0].timeouts_in_a_row == 0  # acting ends the run
    _, game = play_all(game, [(0, DECK)] + draw_two(1))
    events, game = system(game, time_out(0))
    assert of_type(events, TurnTimedOut)[0].consecutive == 1


@pytest.mark.parametrize("step", ["second_card", "keep_tickets", "tunnel"])
def test_a_time_out_in_the_middle_of_a_turn_settles_it_as_a_resignation_would(
        step: str) -> None:
    if step == "tunnel":
        game = tunnel_pending()
    else:
        game = position("usa", 2, deck=["red", "blue"])
        _, game = play(game, 0, DECK if step == "second_card" else DrawTickets())
    assert game.step == step
    drawn = game.players[0].pending_tickets
    events, game = system(game, time_out(0))
    expected = {"second_card": ["turn_timed_out", "turn_ended"],
                "keep_tickets": ["turn_timed_out", "tickets_kept", "turn_ended"],
                "tunnel": ["turn_timed_out", "tunnel_declined"]}[step]
    assert types(events)[:len(expected)] == expected and types(events)[-1] == "turn_ended"
    assert game.current == 1 and game.step == "start" and game.tunnel is None
    assert set(drawn) <= set(game.players[0].tickets)
    # the player acted earlier in this turn, so this time-out is the first of a run
    assert of_type(events, TurnTimedOut)[0].consecutive == 1
    assert game.total_cards() == TOTAL_CARDS


def test_a_setup_time_out_keeps_every_dealt_ticket_for_each_seat_named_in_order() -> None:
    _, game = started("usa", 3)
    dealt = [p.pending_tickets for p in game.players]
    events, game = system(game, time_out(2, 0))
    assert types(events) == ["turn_timed_out", "tickets_kept"] * 2
    assert [e.seat for e in of_type(events, TurnTimedOut)] == [2, 0]
    assert game.players[2].tickets == dealt[2] and game.players[0].tickets == dealt[0]
    assert game.phase == "setup"
    events, game = system(game, time_out(1))
    assert game.phase == "playing" and game.players[1].tickets == dealt[1]


def test_a_setup_time_out_stops_at_the_end_of_the_game() -> None:
    _, game = started("usa", 2)
    events, game = system(game, time_out(0, 1, drop_after=1))
    assert types(events) == ["turn_timed_out", "player_dropped", "tickets_kept",
                             "game_ended", "seed_revealed"]
    assert game.end_reason == "last_player" and game.players[1].out is None


def test_a_time_out_is_refused_when_nobody_named_is_due() -> None:
    game = position("usa", 3)
    assert system_violation(game, time_out(1)) == "not_due"
    assert system_violation(game, time_out(0, 1)) == "not_due"
    assert system_violation(game, time_out(7)) == "not_due"
    _, setup = started("usa", 3)
    _, setup = play(setup, 1, keep_all(setup, 1))
    assert system_violation(setup, time_out(0, 1)) == "not_due"  # seat 1 has chosen
    _, setup = play(setup, 0, RESIGN)
    assert system_violation(setup, time_out(0)) == "player_out"
    _, ended = play(position("usa", 2), 1, RESIGN)
    assert system_violation(ended, time_out(0)) == "game_over"


@pytest.mark.parametrize("command", [
    TimeOut((), DEADLINE, None), TimeOut((0, 0), DEADLINE, None), TimeOut((0,), "", None),
    TimeOut((0,), DEADLINE, 0),
])
def test_a_malformed_time_out_is_refused(command: TimeOut) -> None:
    assert system_violation(position("usa", 3), command) == "malformed_command"


def test_after_drop_after_time_outs_in_a_row_the_player_is_dropped() -> None:
    game = position("usa", 3)
    events, game = system(game, time_out(0, drop_after=2))
    assert not of_type(events, PlayerDropped)
    _, game = play_all(game, draw_two(1) + draw_two(2))
    events, game = system(game, time_out(0, drop_after=2))
    assert types(events) == ["turn_timed_out", "player_dropped", "turn_ended"]
    assert of_type(events, PlayerDropped) == [PlayerDropped(seat=0, timeouts=2)]
    assert game.players[0].out == "dropped" and game.current == 1
    events, game = play_all(game, draw_two(1) + draw_two(2))
    assert of_type(events, TurnEnded)[-1] == TurnEnded(seat=2, next_seat=1, skipped=(0,))


def test_a_drop_that_leaves_one_player_ends_the_game() -> None:
    events, game = system(position("usa", 2), time_out(0, drop_after=1))
    assert types(events) == ["turn_timed_out", "player_dropped", "turn_ended", "game_ended",
                             "seed_revealed"]
    assert game.end_reason == "last_player"


def test_a_drop_at_setup_keeps_the_dealt_tickets() -> None:
    _, game = started("europe", 3)
    dealt = game.players[1].pending_tickets
    events, game = system(game, time_out(1, drop_after=1))
    assert types(events) == ["turn_timed_out", "player_dropped", "tickets_kept"]
    assert game.players[1].out == "dropped" and game.players[1].tickets == dealt


def test_without_a_drop_policy_nobody_is_ever_dropped() -> None:
    game = position("usa", 2)
    for _ in range(6):
        events, game = system(game, time_out(0))
        _, game = play_all(game, draw_two(1))
    assert game.players[0].out is None and game.players[0].timeouts_in_a_row == 6


def test_a_time_out_is_not_a_pass() -> None:
    game = _stuck()
    _, game = play(game, 0, Pass())
    events, game = system(game, time_out(1))
    assert types(events) == ["turn_timed_out", "turn_ended"]
    events, game = play(game, 0, Pass())
    assert game.phase == "playing"  # seat 1 has not passed: no round of passes yet
    events, game = play(game, 1, Pass())
    assert of_type(events, GameEnded)[0].reason == "deadlock"


# -- the end of the game with players out --------------------------------------------------

def test_final_round_a_player_who_leaves_before_their_last_turn_does_not_get_it() -> None:
    game = final_round(3)
    events, game = play(game, 1, RESIGN)
    assert game.current == 2 and game.phase == "playing"
    events, game = play_all(game, draw_two(2))
    assert game.phase == "playing" and game.current == 0
    events, game = play_all(game, draw_two(0))
    assert of_type(events, GameEnded)[0].reason == "final_round"


def test_final_round_the_trigger_leaving_ends_the_game_after_the_others_last_turns() -> None:
    game = final_round(3)
    _, game = play(game, 0, RESIGN)
    events, game = play_all(game, draw_two(1))
    assert game.phase == "playing"
    events, game = play_all(game, draw_two(2))
    assert types(events)[-2:] == ["game_ended", "seed_revealed"]
    assert of_type(events, GameEnded)[0].reason == "final_round"


def test_final_round_leaving_on_the_last_turn_owed_ends_the_game_at_once() -> None:
    game = final_round(3)
    _, game = play_all(game, draw_two(1) + draw_two(2))
    events, game = play(game, 0, RESIGN)
    assert types(events) == ["player_resigned", "turn_ended", "game_ended", "seed_revealed"]
    assert game.end_reason == "final_round"


def test_final_round_players_who_left_earlier_get_no_final_turn() -> None:
    game = position("usa", 3, hands={0: cards(red=1)}, trains={0: 3})
    _, game = play(game, 2, RESIGN)
    _, game = play(game, 0, ClaimRoute("usa/dallas-houston-1", cards(red=1)))
    assert game.final_turns_owed == (0, 1)
    _, game = play_all(game, draw_two(1))
    events, game = play_all(game, draw_two(0))
    assert of_type(events, GameEnded)[0].reason == "final_round"


def test_final_round_a_time_out_uses_up_the_final_turn() -> None:
    game = final_round(2)
    _, game = system(game, time_out(1))
    events, game = play_all(game, draw_two(0))
    assert of_type(events, GameEnded)[0].reason == "final_round"


def test_deadlock_is_a_round_of_passes_by_the_players_still_in() -> None:
    game = _stuck(players=3)
    _, game = play(game, 2, RESIGN)
    events, game = play_all(game, [(0, Pass()), (1, Pass())])
    assert of_type(events, GameEnded)[0].reason == "deadlock"


def test_deadlock_a_pass_by_a_player_who_then_left_does_not_count() -> None:
    game = _stuck(players=3)
    _, game = play_all(game, [(0, Pass()), (1, Pass())])
    events, game = play(game, 0, RESIGN)  # out of turn: seat 2 has not passed yet
    assert types(events) == ["player_resigned"]
    events, game = play(game, 2, Pass())
    assert of_type(events, GameEnded)[0].reason == "deadlock"


def test_deadlock_a_player_leaving_may_complete_the_round_of_passes() -> None:
    game = _stuck(players=3)
    _, game = play_all(game, [(0, Pass()), (1, Pass())])
    events, game = play(game, 2, RESIGN)
    assert types(events) == ["player_resigned", "turn_ended", "game_ended", "seed_revealed"]
    assert game.end_reason == "deadlock"


# -- the legal-move listing ----------------------------------------------------------------

def test_a_player_who_left_has_no_legal_move_and_decide_agrees() -> None:
    game = position("usa", 3, hands={1: cards(red=2, blue=1, locomotive=1)})
    _, game = play(game, 1, RESIGN)
    assert legal_moves(game, 1) == []
    for command in _universe(game, 1):
        assert violation(game, 1, command) == "player_out"
    check_moves_match_decide(game, 0)


def test_the_listing_after_the_current_player_left_is_the_next_players() -> None:
    game = position("usa", 3, hands={1: cards(red=2, locomotive=1)})
    _, game = play(game, 0, RESIGN)
    assert legal_moves(game, 0) == []
    assert check_moves_match_decide(game, 1)


# -- scoring -------------------------------------------------------------------------------

def _pos(seat: int, routes: tuple[str, ...], out: bool = False) -> Position:
    return Position(seat=seat, routes=tuple(f"usa/{r}" for r in routes), stations=(),
                    tickets=(), stations_left=0, out=out)


def test_a_player_who_left_ranks_after_every_player_still_in_and_never_wins() -> None:
    board, rules = load_board("usa"), rules_for("usa")
    scores = final_scores(board, rules, [
        _pos(0, ("calgary-winnipeg", "helena-winnipeg"), out=True),
        _pos(1, ("atlanta-nashville",)),
        _pos(2, ()),
    ])
    assert [s.total for s in scores] == [15 + 7 + 10, 1, 0]  # scored as usual, bonus too
    assert [(s.rank, s.winner, s.out) for s in scores] == [
        (3, False, True), (1, True, False), (2, False, False)]
    assert scores[0].as_dict()["out"] is True and scores[1].as_dict()["out"] is False


def test_players_who_left_are_ranked_among_themselves_by_the_usual_order() -> None:
    board, rules = load_board("usa"), rules_for("usa")
    scores = final_scores(board, rules, [
        _pos(0, ("atlanta-nashville",), out=True),
        _pos(1, ()),
        _pos(2, ("calgary-winnipeg",), out=True),
    ])
    assert [s.rank for s in scores] == [3, 1, 2]
    assert [s.winner for s in scores] == [False, True, False]


def test_the_final_score_marks_the_players_who_left() -> None:
    _, game = play(position("usa", 3), 2, RESIGN)
    game = replay(decide(game, 1, RESIGN), game)
    scores = score_game(game)
    assert [s.out for s in scores] == [False, True, True]
    assert scores[0].winner and scores[0].rank == 1


# -- the seed revealed at the end ----------------------------------------------------------

@pytest.mark.parametrize("ending", ["final_round", "deadlock", "last_player"])
def test_every_end_of_game_reveals_the_seed(ending: str) -> None:
    if ending == "final_round":
        game = final_round(2)
        events, game = play_all(game, draw_two(1) + draw_two(0))
    elif ending == "deadlock":
        events, game = play_all(_stuck(), [(0, Pass()), (1, Pass())])
    else:
        events, game = play(position("usa", 2), 0, RESIGN)
    assert game.end_reason == ending
    assert types(events)[-2:] == ["game_ended", "seed_revealed"]
    revealed = of_type(events, SeedRevealed)[0].seed
    assert revealed == game.seed.hex()
    assert commitment(bytes.fromhex(revealed)) == game.seed_commitment


def test_the_seed_is_revealed_once_and_public() -> None:
    started_event = started("usa", 2)[0][0]
    assert isinstance(started_event, GameStarted)
    assert started_event.PRIVATE["seed"] == "nobody"  # hidden while the game runs
    assert SeedRevealed.PRIVATE == {}
