"""A bot's time budget (the setup's own for the tickets dealt at setup): the strong
agent told its time is up still plays a legal move (its best found so far), its
playouts stop when the time is up, the budget of a decision is counted on the clock it
is given, and a bounded agent is as blind as an unbounded one."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bots.agent import TimeUp, never, within
from bots.agents.strong import StrongAgent
from bots.levels import agent_for_level
from bots.play import seat_to_act
from bots.view import seat_view
from domain.autoplay import game_seed
from domain.commands import DrawTickets, KeepTickets
from domain.decide import execute
from domain.evolve import replay
from domain.moves import legal_moves
from domain.setup import start_game
from domain.state import Game
from tests.unit.test_bots_hidden import other_hidden
from tests.unit.test_bots_hidden import positions as played_positions
from worker.thinking import Question, Thinking, answer


def time_is_up() -> bool:
    return True


class Checks:
    """A `TimeUp` that says the time is up after `allowed` questions, and counts them."""

    def __init__(self, allowed: float = float("inf")) -> None:
        self.allowed = allowed
        self.asked = 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.asked > self.allowed


def setup_choices(games: int = 3) -> Iterator[tuple[Game, int]]:
    """Every seat's setup ticket choice at 5-player Europe tables."""
    for number in range(games):
        game = replay(start_game("europe", 5, game_seed(30, number)))
        for seat in range(5):
            yield game, seat


def mid_game(number: int, decisions: int = 120) -> Game:
    """A 5-player Europe game after `decisions` choices of hard bots with no time."""
    game = replay(start_game("europe", 5, game_seed(31, number)))
    rng = random.Random(number)
    for _ in range(decisions):
        seat = seat_to_act(game)
        command = StrongAgent(time_up=time_is_up).choose(
            seat_view(game, seat), legal_moves(game, seat), rng)
        game = execute(game, seat, command)[1]
    assert game.phase == "playing"
    return game


def a_close_setup_choice() -> tuple[Game, int]:
    """A setup choice close enough for the strong agent to settle it by playouts."""
    for game, seat in setup_choices(5):
        checks = Checks(allowed=0)
        StrongAgent(time_up=checks).choose(seat_view(game, seat), legal_moves(game, seat),
                                           random.Random(seat))
        if checks.asked:
            return game, seat
    raise AssertionError("no close setup choice among these games")


def test_with_no_time_the_strong_agent_keeps_legal_setup_tickets_at_a_five_player_europe_table(
        ) -> None:
    for game, seat in setup_choices():
        moves = legal_moves(game, seat)
        chosen = StrongAgent(time_up=time_is_up).choose(seat_view(game, seat), moves,
                                                        random.Random(seat))
        assert isinstance(chosen, KeepTickets) and chosen in moves


@pytest.mark.parametrize("number", range(3))
def test_with_no_time_the_strong_agent_plays_a_legal_move_mid_game(number: int) -> None:
    game = mid_game(number)
    seat = seat_to_act(game)
    moves = legal_moves(game, seat)
    assert StrongAgent(time_up=time_is_up).choose(seat_view(game, seat), moves,
                                                  random.Random(number)) in moves


def test_with_no_time_the_strong_agent_keeps_legal_tickets_drawn_mid_game() -> None:
    game = mid_game(0)
    seat = seat_to_act(game)
    assert DrawTickets() in legal_moves(game, seat)
    game = execute(game, seat, DrawTickets())[1]
    moves = legal_moves(game, seat)
    chosen = StrongAgent(time_up=time_is_up).choose(seat_view(game, seat), moves,
                                                    random.Random(0))
    assert isinstance(chosen, KeepTickets) and chosen in moves


def test_the_playouts_stop_when_the_time_is_up() -> None:
    game, seat = a_close_setup_choice()
    view, moves = seat_view(game, seat), legal_moves(game, seat)
    unlimited, limited = Checks(), Checks(allowed=10)
    StrongAgent(playouts=1, time_up=unlimited).choose(view, moves, random.Random(seat))
    chosen = StrongAgent(playouts=1, time_up=limited).choose(view, moves, random.Random(seat))
    assert unlimited.asked > 100  # every decision of every playout asks
    assert limited.asked == 11  # the 11th said the time was up: it asked no more
    assert chosen in moves


def test_with_time_enough_the_bounded_agent_chooses_as_the_unbounded_one() -> None:
    for game, seat in setup_choices(1):
        view, moves = seat_view(game, seat), legal_moves(game, seat)
        bounded = StrongAgent(playouts=1, time_up=Checks()).choose(view, moves,
                                                                   random.Random(seat))
        assert bounded == StrongAgent(playouts=1).choose(view, moves, random.Random(seat))


def test_a_decisions_budget_is_counted_on_the_clock_it_is_given() -> None:
    game, seat = a_close_setup_choice()
    view, moves = seat_view(game, seat), tuple(legal_moves(game, seat))
    read: list[float] = []

    def clock() -> float:  # a second passes between two readings
        read.append(float(len(read)))
        return read[-1]

    chosen = answer(Question("hard", view, moves, random.Random(seat), budget=0.5), clock)
    assert chosen in moves
    assert len(read) == 2  # the start, and the first check: the time was up
    read.clear()
    answer(Question("hard", view, moves, random.Random(seat), budget=150), clock)
    assert len(read) == 151  # the start, and checks until the 150th second


def test_an_agent_that_answers_at_once_is_bounded_as_it_is() -> None:
    medium = agent_for_level("medium")
    assert within(medium, time_is_up) is medium


@pytest.mark.parametrize("allowed", [0, 25, 400])
def test_a_bounded_strong_agent_chooses_the_same_whatever_it_cannot_see(allowed: int) -> None:
    # a budget counted in checks makes its choice repeatable: so is its blindness
    for number, (game, seat) in enumerate(played_positions("europe", games=1)):
        twin = other_hidden(game, seat, random.Random(number))
        moves = legal_moves(game, seat)
        bounded: list[TimeUp] = [Checks(allowed), Checks(allowed)]
        one = StrongAgent(time_up=bounded[0]).choose(seat_view(game, seat), moves,
                                                     random.Random(number))
        two = StrongAgent(time_up=bounded[1]).choose(seat_view(twin, seat), moves,
                                                     random.Random(number))
        assert one == two


def test_never_is_no_limit() -> None:
    assert never() is False


def test_the_tickets_dealt_at_setup_are_thought_over_within_the_setup_budget() -> None:
    game, seat = next(setup_choices(1))
    assert Thinking(0.2, setup_budget=3.0).budget_for(seat_view(game, seat)) == 3.0


def test_every_choice_after_setup_is_thought_over_within_the_budget() -> None:
    game = mid_game(0)
    seat = seat_to_act(game)
    assert Thinking(0.2, setup_budget=3.0).budget_for(seat_view(game, seat)) == 0.2
