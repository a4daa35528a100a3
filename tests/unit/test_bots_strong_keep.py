"""The strong agent's ticket keep at setup: it leaves trains aside for the detours a
taken route forces, so a keep it would take later in the game, when the plan's routes
have had their chance to be taken, is too big at setup."""

from __future__ import annotations

import dataclasses
import random

from bots.agents.strong_keep import choose_keep, setup_margin
from bots.agents.strong_read import Reading, plan_with
from bots.tactics import keep_moves
from bots.view import SeatView, seat_view
from domain.autoplay import game_seed
from domain.commands import KeepTickets
from domain.evolve import replay
from domain.moves import legal_moves
from domain.setup import start_game
from domain.state import changed

ME = 0


def nordic_setup_with_trains_to_spare(spare: int) -> tuple[SeatView, list[KeepTickets]]:
    """A two-player Nordic game at setup where keeping all five tickets dealt leaves
    `spare` trains beyond their plan; the keep options offered."""
    game = replay(start_game("nordic", 2, game_seed(7, 0)))
    view = seat_view(game, ME)
    plan = plan_with(view, Reading(view).weights, view.pending_tickets)
    me = changed(game.players[ME], trains=plan.trains + spare)
    game = changed(game, players=(me, *game.players[1:]))
    return seat_view(game, ME), keep_moves(legal_moves(game, ME))


def test_a_setup_keep_leaves_two_and_a_half_trains_a_ticket_dealt_for_detours() -> None:
    view, _ = nordic_setup_with_trains_to_spare(spare=5)
    assert setup_margin(view) == 2.5 * 5  # Nordic deals five tickets
    assert setup_margin(dataclasses.replace(view, phase="playing")) == 0.0


def test_at_setup_a_keep_whose_plan_leaves_few_trains_spare_is_not_taken() -> None:
    view, keeps = nordic_setup_with_trains_to_spare(spare=5)
    every = max(keeps, key=lambda k: len(k.tickets))
    assert len(every.tickets) == 5
    at_setup = choose_keep(view, keeps, random.Random(1), playouts=0)
    later = choose_keep(dataclasses.replace(view, phase="playing"), keeps,
                        random.Random(1), playouts=0)
    assert later == every  # five trains to spare are enough once the board is settled
    assert len(at_setup.tickets) < 5
