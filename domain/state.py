"""The state of one game, rebuilt from its events by `evolve`.

The state holds everything, hidden information included (deck order, hands, the
seed), because the server validates commands against it; what a given player may
see of it is chosen by the views, never here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, TypeVar

from domain.board import Board, Route
from domain.cards import LOCO, LOCOMOTIVE, Counts
from domain.maps import load_board, rules_for
from domain.rules import Rules

Phase = Literal["setup", "playing", "ended"]
# the step of the current turn: its start, the second card of a draw, the keep
# choice after drawing tickets, or the pay-or-decline of a tunnel
Step = Literal["start", "second_card", "keep_tickets", "tunnel"]
FREE = -1
_T = TypeVar("_T")


def changed(value: _T, **changes: Any) -> _T:
    """A copy of a frozen state value with some fields changed.

    `dataclasses.replace` re-runs `__init__`, slow next to a dict copy (figures in
    bench/NOTES.md); `evolve` runs for every event of every replay, so it copies the
    instance dict instead (with the values `Game` caches: `board` and `rules`, which
    stay valid unless the map or the rules version change, and `free_routes` unless
    the owners change).
    """
    return copy_with(value, changes)


def copy_with(value: _T, changes: dict[str, Any]) -> _T:
    """`changed`, with the changes as a dict."""
    fields = value.__dict__.copy()  # Speed: a copy and an update beat building a merged dict
    fields.update(changes)
    if "owners" in changes or "map" in changes or "rules_version" in changes:
        drop_stale_caches(fields, changes)
    new = _new(type(value))
    _set_attribute(new, "__dict__", fields)
    return new


_new = object.__new__
_set_attribute = object.__setattr__  # a frozen dataclass refuses its own __setattr__


def drop_stale_caches(fields: dict[str, Any], changes: dict[str, Any]) -> None:
    """Forget the cached values that `changes` make stale."""
    if "map" in changes or "rules_version" in changes:
        fields.pop("board", None)
        fields.pop("rules", None)
    if "owners" in changes and "free_routes" not in changes:
        fields.pop("free_routes", None)


@dataclass(frozen=True)
class Player:
    hand: Counts
    trains: int
    stations_left: int
    routes: tuple[int, ...] = ()  # route indexes, in claim order
    stations: tuple[str, ...] = ()  # cities, in build order
    tickets: tuple[str, ...] = ()  # kept tickets
    pending_tickets: tuple[str, ...] = ()  # offered, waiting for the keep choice
    route_points: int = 0
    declined_tunnels: int = 0
    # None while the player is in the game; "resigned" or "dropped" once they left
    # (for good: their routes, stations and tickets stay, they get no more turns)
    out: str | None = None
    timeouts_in_a_row: int = 0  # their turn deadlines passed in a row (0 once they act)

    @property
    def hand_size(self) -> int:
        return sum(self.hand)


@dataclass(frozen=True)
class PendingTunnel:
    route: int
    cards: Counts  # laid down, still in the hand
    color: str  # colour played, or "locomotive"
    revealed: tuple[str, ...]
    extra_cards: int


@dataclass(frozen=True)
class Game:
    map: str
    rules_version: int
    seed: bytes
    seed_commitment: str
    first_player: int
    players: tuple[Player, ...]
    deck: tuple[str, ...]  # top first
    discard: Counts
    market: tuple[str | None, ...]
    ticket_deck: tuple[str, ...]  # top first
    owners: tuple[int, ...]  # seat owning each route index, FREE if none
    station_owners: dict[str, int]
    phase: Phase = "setup"
    current: int = 0
    step: Step = "start"
    tunnel: PendingTunnel | None = None
    shuffles_used: int = 0
    setup_returns: tuple[tuple[str, ...], ...] = ()
    final_round_by: int | None = None
    # in the final round: the seats still owed their final turn (each player still in
    # when it started; a seat leaves it when its turn ends or when the player leaves)
    final_turns_owed: tuple[int, ...] = ()
    # the seats that passed since the last action, in the order they passed (a
    # time-out is no pass): when it holds every player still in, it is a deadlock
    passed: tuple[int, ...] = ()
    turns: int = 0
    end_reason: str | None = None
    version: int = 0

    # Speed: the rules code asks for these on nearly every line; cached in the
    # instance dict (not a field: equality and `dataclasses.replace` ignore it), they
    # are plain attribute reads, and `changed` hands them on to the next state.
    @cached_property
    def board(self) -> Board:
        return load_board(self.map)

    @cached_property
    def rules(self) -> Rules:
        return rules_for(self.map, self.rules_version)

    @cached_property
    def free_routes(self) -> int:
        """The unowned routes as a bit set, bit i for route index i (cached like `board`)."""
        return sum(1 << i for i, seat in enumerate(self.owners) if seat == FREE)

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def passes_in_a_row(self) -> int:
        """How many players passed since the last action."""
        return len(self.passed)

    def seats_in(self) -> tuple[int, ...]:
        """The seats of the players still in the game, in seat order."""
        return tuple(seat for seat, p in enumerate(self.players) if p.out is None)

    def next_seat_in(self, seat: int) -> tuple[int, tuple[int, ...]]:
        """The next seat after `seat` whose player is still in, and the seats passed
        over on the way (players who left). `seat` itself if nobody else is in."""
        players = self.players
        count = len(players)
        following = seat + 1 if seat + 1 < count else 0
        if players[following].out is None:  # Speed: the usual case
            return following, ()
        skipped = []
        while following != seat and players[following].out is not None:
            skipped.append(following)
            following = following + 1 if following + 1 < count else 0
        return following, tuple(skipped)

    def route(self, index: int) -> Route:
        return self.board.routes[index]

    def with_player(self, seat: int, player: Player) -> Game:
        players = self.players[:seat] + (player,) + self.players[seat + 1:]
        return changed(self, players=players)

    def cards_to_draw(self) -> int:
        """Cards in deck and discard together (what blind draws and refills can use)."""
        return len(self.deck) + sum(self.discard)

    def market_locomotives(self) -> int:
        return self.market.count(LOCOMOTIVE)

    def total_cards(self) -> int:
        """Every train card in the game: 110 at every moment."""
        revealed = len(self.tunnel.revealed) if self.tunnel else 0
        return (len(self.deck) + sum(self.discard) + sum(1 for c in self.market if c)
                + sum(p.hand_size for p in self.players) + revealed)

    def has_locomotive_in_hand(self, seat: int) -> bool:
        return self.players[seat].hand[LOCO] > 0
