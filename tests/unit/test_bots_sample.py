"""Sampling what a seat cannot see deals another player no more long tickets than
setup deals it (Europe: one each; the rest are out of the game)."""

from __future__ import annotations

import random

from bots.sample import sample_game
from bots.view import seat_view
from domain.state import Game, changed
from tests.unit.test_bots_strong import ME, OTHER, past_setup

SAMPLES = 200


def long_tickets(game: Game, seat: int) -> int:
    board = game.board
    p = game.players[seat]
    return sum(board.ticket_by_id[t].long for t in (*p.tickets, *p.pending_tickets))


def holding(game: Game, tickets: int) -> Game:
    """`game` with the other seat holding `tickets` tickets (its own kept ones and
    more from the ticket deck, which the viewer cannot tell apart)."""
    other = game.players[OTHER]
    extra = game.ticket_deck[:max(0, tickets - len(other.tickets))]
    players = tuple(changed(p, tickets=(*p.tickets, *extra)) if s == OTHER else p
                    for s, p in enumerate(game.players))
    return changed(game, players=players, ticket_deck=game.ticket_deck[len(extra):])


def test_a_sampled_player_holds_at_most_the_one_long_ticket_setup_deals_on_europe() -> None:
    game = holding(past_setup("europe"), 5)
    view = seat_view(game, ME)
    for number in range(SAMPLES):
        assert long_tickets(sample_game(view, random.Random(number)), OTHER) <= 1


def test_a_sampled_player_choosing_its_first_tickets_is_offered_one_long_ticket() -> None:
    game = past_setup("europe")
    other = game.players[OTHER]
    offered = (*other.tickets, *game.ticket_deck[:3])
    players = tuple(changed(p, tickets=(), pending_tickets=offered) if s == OTHER else p
                    for s, p in enumerate(game.players))
    game = changed(game, players=players, phase="setup", ticket_deck=game.ticket_deck[3:])
    view = seat_view(game, ME)
    for number in range(SAMPLES // 10):
        sample = sample_game(view, random.Random(number))
        assert long_tickets(sample, OTHER) == 1
        assert len(sample.players[OTHER].pending_tickets) == len(offered)
