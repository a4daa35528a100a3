"""Precise game positions for the rulebook tests.

`position` starts a real game (`start_game` + `replay`), takes every player through
the setup ticket choice (each keeps all dealt tickets), then sets the parts of the
state a test needs with `dataclasses.replace`: deck (top first), market, discard,
hands, route and station owners, trains, the ticket deck. Cards the test does not
place go to `rest` (the bottom of the deck by default, or the discard), so that the
position holds the 110 cards of a real game; ``rest=None`` drops them instead.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain import RuleViolation
from domain.cards import KINDS, NO_CARDS, Counts, add, counts_from_mapping, counts_of, full_deck
from domain.commands import Command, KeepTickets
from domain.decide import decide
from domain.events import Event
from domain.evolve import replay
from domain.setup import start_game
from domain.state import FREE, Game

SEED = b"rulebook-tests"
# a seed whose initial market shows three locomotives (the same deck on every map)
THREE_LOCOS_SEED = b"seed-3"
DEFAULT_MARKET = ("purple", "blue", "orange", "white", "green")
FULL: Counts = counts_of(full_deck())


def cards(**kinds: int) -> Counts:
    """A card multiset: ``cards(red=2, locomotive=1)``."""
    return counts_from_mapping(kinds)


def _counts(value: Mapping[str, int] | Counts | None) -> Counts:
    if value is None:
        return NO_CARDS
    if isinstance(value, Mapping):
        return counts_from_mapping(value)
    return tuple(value)


@functools.cache
def after_setup(map_name: str, players: int, seed: bytes = SEED) -> Game:
    """A real game in which every player kept all the tickets dealt to them."""
    game = replay(start_game(map_name, players, seed))
    for seat in range(players):
        game = replay(decide(game, seat, KeepTickets(game.players[seat].pending_tickets)), game)
    assert game.phase == "playing"
    return game


def position(
    map_name: str = "usa",
    players: int = 2,
    *,
    seed: bytes = SEED,
    current: int = 0,
    hands: Mapping[int, Mapping[str, int] | Counts] | None = None,
    deck: Sequence[str] = (),
    market: Sequence[str | None] = DEFAULT_MARKET,
    discard: Mapping[str, int] | Counts | None = None,
    rest: str | int | None = "deck",
    owners: Mapping[str, int] | None = None,
    trains: Mapping[int, int] | None = None,
    stations: Mapping[str, int] | None = None,
    ticket_deck: Sequence[str] | None = None,
    **fields: Any,
) -> Game:
    """A game of `map_name` at seat `current`'s turn start, with the given parts.

    Seats missing from `hands` hold no cards. `rest` is where the cards not placed
    go: "deck" (under the given deck, in `KINDS` order), "discard", a seat number
    (that seat's hand), or None (out of the game: the position has fewer than 110).
    """
    game = after_setup(map_name, players, seed)
    hand_counts = [_counts((hands or {}).get(seat)) for seat in range(players)]
    market = tuple(market)
    assert len(market) == 5
    placed = add(counts_of(deck), counts_of(c for c in market if c is not None))
    placed = add(placed, _counts(discard))
    for h in hand_counts:
        placed = add(placed, h)
    leftover = tuple(f - p for f, p in zip(FULL, placed, strict=True))
    if any(n < 0 for n in leftover):
        raise ValueError(f"the position uses more cards than exist: {leftover}")
    deck = tuple(deck)
    discard_counts = _counts(discard)
    if rest == "deck":
        deck = deck + tuple(k for k, n in zip(KINDS, leftover, strict=True) for _ in range(n))
    elif rest == "discard":
        discard_counts = add(discard_counts, leftover)
    elif isinstance(rest, int):
        hand_counts[rest] = add(hand_counts[rest], leftover)
    else:
        assert rest is None, rest
    board = game.board
    owner_list = [FREE] * len(board.routes)
    routes_of: list[list[int]] = [[] for _ in range(players)]
    for route_id, seat in (owners or {}).items():
        index = board.route_by_id[route_id].index
        owner_list[index] = seat
        routes_of[seat].append(index)
    station_owners = dict(stations or {})
    new_players = []
    for seat, p in enumerate(game.players):
        built = tuple(c for c, s in station_owners.items() if s == seat)
        new_players.append(replace(
            p, hand=hand_counts[seat], routes=tuple(routes_of[seat]),
            trains=(trains or {}).get(seat, p.trains), stations=built,
            stations_left=p.stations_left - len(built),
        ))
    return replace(
        game, players=tuple(new_players), deck=deck, discard=discard_counts, market=market,
        owners=tuple(owner_list), station_owners=station_owners, phase="playing",
        current=current, step="start", tunnel=None,
        ticket_deck=game.ticket_deck if ticket_deck is None else tuple(ticket_deck),
        **fields,
    )


def with_hand(game: Game, seat: int, hand: Mapping[str, int] | Counts) -> Game:
    """`game` with seat's hand replaced (the card total is not kept)."""
    return game.with_player(seat, replace(game.players[seat], hand=_counts(hand)))


def play(game: Game, seat: int, command: Command) -> tuple[list[Event], Game]:
    """The events of `command` and the state after them."""
    events = decide(game, seat, command)
    return events, replay(events, game)


def play_all(game: Game, moves: Iterable[tuple[int, Command]]) -> tuple[list[Event], Game]:
    """Several commands in a row: all their events and the final state."""
    out: list[Event] = []
    for seat, command in moves:
        events, game = play(game, seat, command)
        out.extend(events)
    return out, game


def violation(game: Game, seat: int, command: Command) -> str:
    """The code of the violation `command` raises (fails if it is accepted)."""
    try:
        events = decide(game, seat, command)
    except RuleViolation as e:
        return e.code
    raise AssertionError(f"{command} was accepted: {[e.TYPE for e in events]}")


def accepted(game: Game, seat: int, command: Command) -> bool:
    try:
        decide(game, seat, command)
    except RuleViolation:
        return False
    return True


def types(events: Iterable[Event]) -> list[str]:
    return [e.TYPE for e in events]


def of_type(events: Iterable[Event], cls: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]
