"""The expert agent: its tickets at setup and the strong agent's move near the end of
the game checked by playouts, and the strong agent's choice whenever there is no time
to look."""

from __future__ import annotations

import random

from bots.agents.expert import ENDGAME, ExpertAgent
from bots.agents.strong import StrongAgent
from bots.agents.strong_keep import choose_keep
from bots.agents.strong_read import Reading
from bots.tactics import keep_moves
from bots.view import seat_view
from domain.commands import ClaimRoute, Command
from domain.evolve import replay
from domain.moves import legal_moves
from domain.setup import start_game
from domain.state import Game, changed
from tests.unit.test_bots_strong import ME, _a_hand_paying_no_route_of_the_plan, position


def strong_choice(game: Game) -> Command:
    return StrongAgent().choose(seat_view(game, ME), legal_moves(game, ME), random.Random(1))


def expert_choice(game: Game, expert: ExpertAgent) -> Command:
    return expert.choose(seat_view(game, ME), legal_moves(game, ME), random.Random(1))


def near_the_end() -> Game:
    return position(other_trains=6, other_cards=10, turns=80,
                    hand=_a_hand_paying_no_route_of_the_plan())


def asked(game: Game, keep_rounds: int = 2) -> tuple[Command, int]:
    """The expert's choice at `game`, and how often it asked whether its time was up
    (once before every decision of a playout)."""
    calls = 0

    def time_up() -> bool:
        nonlocal calls
        calls += 1
        return False

    return expert_choice(game, ExpertAgent(rounds=2, time_up=time_up,
                                           keep_rounds=keep_rounds)), calls


def test_far_from_the_end_the_expert_plays_the_strong_agents_move_without_playouts() -> None:
    far = position(other_trains=40, other_cards=0, turns=10,
                   hand=_a_hand_paying_no_route_of_the_plan())
    assert asked(far) == (strong_choice(far), 0)


def test_near_the_end_the_expert_plays_its_candidates_out() -> None:
    assert asked(near_the_end())[1] > 0


def test_the_expert_searches_when_it_is_itself_about_to_end_the_game() -> None:
    # the other seat is far from the end; this one has three trains left and the cards
    # to spend them
    game = position(other_trains=40, other_cards=0, turns=80,
                    hand=_a_hand_paying_no_route_of_the_plan())
    me = changed(game.players[ME], trains=3)
    game = changed(game, players=tuple(me if s == ME else p
                                       for s, p in enumerate(game.players)))
    assert Reading(seat_view(game, ME)).turns_left > ENDGAME
    assert asked(game)[1] > 0


def test_near_the_end_the_expert_weighs_the_strong_move_against_claims_and_a_draw() -> None:
    game = near_the_end()
    first = strong_choice(game)
    candidates = ExpertAgent().candidates(Reading(seat_view(game, ME)), legal_moves(game, ME),
                                          first)
    assert candidates[0] == first
    assert len(set(candidates)) == len(candidates) >= 3
    assert any(isinstance(c, ClaimRoute) and c != first for c in candidates)


def test_with_no_time_to_play_out_the_expert_plays_the_strong_agents_move() -> None:
    game = near_the_end()
    assert expert_choice(game, ExpertAgent(rounds=8, time_up=lambda: True)) \
        == strong_choice(game)


def test_the_experts_choice_near_the_end_is_one_of_its_legal_moves() -> None:
    game = near_the_end()
    assert expert_choice(game, ExpertAgent(rounds=3)) in legal_moves(game, ME)


def at_setup() -> Game:
    return replay(start_game("usa", 2, bytes(range(32))))


def test_at_setup_the_expert_plays_every_way_of_keeping_its_tickets_out() -> None:
    game = at_setup()
    keeps = keep_moves(legal_moves(game, ME))
    choice, calls = asked(game, keep_rounds=2)
    assert choice in keeps
    # whole games, each option in each round: far more decisions than options
    assert calls > 2 * len(keeps) * 20


def test_at_setup_with_no_time_to_play_out_the_expert_keeps_the_strong_agents_guess() -> None:
    game = at_setup()
    view = seat_view(game, ME)
    keeps = keep_moves(legal_moves(game, ME))
    guess = choose_keep(view, keeps, random.Random(1), playouts=0)
    assert expert_choice(game, ExpertAgent(time_up=lambda: True)) == guess
