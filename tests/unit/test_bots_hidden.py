"""No cheating: an agent's decision depends only on what its seat may see, and the
seat's view holds nothing hidden (no deck order, other hands or tickets, no seed)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bots.agents.expert import ExpertAgent
from bots.agents.strong import StrongAgent
from bots.levels import AGENTS, agent_named
from bots.play import seat_to_act
from bots.sample import sample_game
from bots.view import seat_view
from domain.cards import COLORS, NO_CARDS, counts_of, expand
from domain.decide import execute
from domain.evolve import replay
from domain.maps import MAP_NAMES
from domain.moves import legal_moves
from domain.setup import start_game
from domain.state import Game, changed

SAMPLES = 10


def agent(name: str):  # type: ignore[no-untyped-def]
    if name == "expert":
        return ExpertAgent(rounds=2, steps=200, keep_rounds=2)
    return StrongAgent(playouts=2) if name == "strong" else agent_named(name)


def positions(map_name: str, games: int = 2) -> Iterator[tuple[Game, int]]:
    """States of games played by the route-focus agent, and the seat to act."""
    for number in range(games):
        rng = random.Random(number)
        game = replay(start_game(map_name, 2 + number % 2, bytes([number]) * 32))
        seen = []
        while game.phase != "ended":
            seat = seat_to_act(game)
            seen.append((game, seat))
            command = agent_named("route-focus").choose(
                seat_view(game, seat), legal_moves(game, seat), rng)
            game = execute(game, seat, command)[1]
        yield from rng.sample(seen, SAMPLES)


def other_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game for `seat` with everything it cannot see dealt afresh: the deck
    order, the discard pile, the other hands and tickets, the ticket deck, the seed."""
    others = [s for s in range(len(game.players)) if s != seat]
    cards = list(game.deck) + expand(game.discard)
    tickets = list(game.ticket_deck)
    for s in others:
        cards += expand(game.players[s].hand)
        tickets += [*game.players[s].tickets, *game.players[s].pending_tickets]
    rng.shuffle(cards)
    rng.shuffle(tickets)
    players = list(game.players)
    for s in others:
        p = players[s]
        hand, cards = cards[:p.hand_size], cards[p.hand_size:]
        kept, tickets = tuple(tickets[:len(p.tickets)]), tickets[len(p.tickets):]
        pending = tuple(tickets[:len(p.pending_tickets)])
        tickets = tickets[len(p.pending_tickets):]
        players[s] = changed(p, hand=counts_of(hand), tickets=kept, pending_tickets=pending)
    deck, rest = tuple(cards[:len(game.deck)]), cards[len(game.deck):]
    return changed(game, players=tuple(players), deck=deck, discard=counts_of(rest),
                   ticket_deck=tuple(tickets), seed=rng.randbytes(32))


def redacted(game: Game, seat: int) -> Game:
    """`game` with every hidden part blanked out (only the sizes kept)."""
    players = tuple(
        p if s == seat else changed(p, hand=(p.hand_size, *NO_CARDS[1:]),
                                    tickets=("?",) * len(p.tickets),
                                    pending_tickets=("?",) * len(p.pending_tickets))
        for s, p in enumerate(game.players))
    return changed(game, players=players, deck=(COLORS[0],) * len(game.deck),
                   discard=(sum(game.discard), *NO_CARDS[1:]),
                   ticket_deck=("?",) * len(game.ticket_deck), seed=bytes(32))


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_an_agent_chooses_the_same_whatever_the_cards_and_tickets_it_cannot_see(
        map_name: str) -> None:
    for number, (game, seat) in enumerate(positions(map_name)):
        twin = other_hidden(game, seat, random.Random(number))
        assert twin != game or not game.deck
        moves = legal_moves(game, seat)
        assert legal_moves(twin, seat) == moves
        for name in AGENTS:
            one = agent(name).choose(seat_view(game, seat), moves, random.Random(number))
            two = agent(name).choose(seat_view(twin, seat), moves, random.Random(number))
            assert one == two, name


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_a_seat_view_is_the_same_with_every_hidden_part_blanked_out(map_name: str) -> None:
    for game, seat in positions(map_name, games=1):
        assert seat_view(redacted(game, seat), seat) == seat_view(game, seat)


def test_a_seat_view_holds_the_seats_own_hand_and_tickets_only() -> None:
    game, seat = next(positions("usa", games=1))
    view = seat_view(game, seat)
    assert view.hand == game.players[seat].hand
    assert view.tickets == game.players[seat].tickets
    assert not hasattr(view, "deck") and not hasattr(view, "seed")
    assert {"hand", "tickets", "pending_tickets"}.isdisjoint(
        f for f in type(view.players[0]).__slots__)


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_a_sampled_game_agrees_with_the_view_it_was_sampled_from(map_name: str) -> None:
    for number, (game, seat) in enumerate(positions(map_name, games=1)):
        sample = sample_game(seat_view(game, seat), random.Random(number))
        assert seat_view(sample, seat) == seat_view(game, seat)
        assert sample.total_cards() == game.total_cards()
