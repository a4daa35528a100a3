"""The state of one game, rebuilt from its events by `evolve`.

The state holds everything, hidden information included (deck order, hands, the
seed), because the server validates commands against it; what a given player may
see of it is chosen by the views, never here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from domain.board import Board, Route, load_board
from domain.cards import LOCO, Counts
from domain.rules import Rules, rules_for

Phase = Literal["setup", "playing", "ended"]
# the step of the current turn: its start, the second card of a draw, the keep
# choice after drawing tickets, or the pay-or-decline of a tunnel
Step = Literal["start", "second_card", "keep_tickets", "tunnel"]
FREE = -1
_T = TypeVar("_T")


def changed(value: _T, **changes: Any) -> _T:
    """A copy of a frozen state value with some fields changed.

    `dataclasses.replace` re-runs `__init__` and costs several microseconds; `evolve`
    runs for every event of every replay, so it copies the instance dict instead.
    """
    new = object.__new__(type(value))
    fields = new.__dict__
    fields.update(value.__dict__)
    fields.update(changes)
    return new


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
    final_turns_left: int | None = None
    passes_in_a_row: int = 0
    turns: int = 0
    end_reason: str | None = None
    version: int = 0

    @property
    def board(self) -> Board:
        return load_board(self.map)

    @property
    def rules(self) -> Rules:
        return rules_for(self.map, self.rules_version)

    @property
    def player_count(self) -> int:
        return len(self.players)

    def route(self, index: int) -> Route:
        return self.board.routes[index]

    def with_player(self, seat: int, player: Player) -> Game:
        players = self.players[:seat] + (player,) + self.players[seat + 1:]
        return changed(self, players=players)

    def cards_to_draw(self) -> int:
        """Cards in deck and discard together (what blind draws and refills can use)."""
        return len(self.deck) + sum(self.discard)

    def market_locomotives(self) -> int:
        return sum(1 for c in self.market if c == "locomotive")

    def total_cards(self) -> int:
        """Every train card in the game: 110 at every moment."""
        revealed = len(self.tunnel.revealed) if self.tunnel else 0
        return (len(self.deck) + sum(self.discard) + sum(1 for c in self.market if c)
                + sum(p.hand_size for p in self.players) + revealed)

    def has_locomotive_in_hand(self, seat: int) -> bool:
        return self.players[seat].hand[LOCO] > 0
