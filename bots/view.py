"""What one seat may see of a game: the only thing an agent is ever given.

`seat_view` copies out of the full state (which holds the deck order, every hand and
every ticket) the board and rules, the public state, and the seat's own hand and
tickets. Nothing else leaves: no deck or ticket-deck order, no other hand or ticket,
no seed. Two states that differ only in what the seat cannot see give equal views,
which is what makes the agents' decisions independent of hidden information.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.board import Board
from domain.cards import Counts
from domain.rules import Rules
from domain.state import FREE, Game, Phase, Step


@dataclass(frozen=True, slots=True)
class PublicPlayer:
    """What everyone sees of a player."""

    trains: int
    stations_left: int
    routes: tuple[int, ...]  # route indexes, in claim order
    stations: tuple[str, ...]
    route_points: int
    hand_size: int
    ticket_count: int
    pending_ticket_count: int
    out: bool


@dataclass(frozen=True, slots=True)
class PublicTunnel:
    """A tunnel being attempted by the current player (everything about it is public)."""

    route: int
    cards: Counts
    color: str
    revealed: tuple[str, ...]
    extra_cards: int


@dataclass(frozen=True, slots=True)
class SeatView:
    """The game as `seat` sees it."""

    map: str
    rules_version: int
    seat: int
    phase: Phase
    step: Step
    current: int
    turns: int
    final_round_by: int | None
    final_turns_owed: tuple[int, ...]
    market: tuple[str | None, ...]
    deck_count: int
    discard_count: int
    ticket_deck_count: int
    owners: tuple[int, ...]  # seat owning each route index, FREE if none
    station_owners: tuple[tuple[str, int], ...]  # (city, seat), sorted by city
    players: tuple[PublicPlayer, ...]
    tunnel: PublicTunnel | None
    hand: Counts  # the seat's own
    tickets: tuple[str, ...]  # the seat's own kept tickets
    pending_tickets: tuple[str, ...]  # the seat's own tickets waiting for the keep choice

    @property
    def board(self) -> Board:
        from domain.maps import load_board

        return load_board(self.map)

    @property
    def rules(self) -> Rules:
        from domain.maps import rules_for

        return rules_for(self.map, self.rules_version)

    @property
    def me(self) -> PublicPlayer:
        return self.players[self.seat]

    def opponents(self) -> tuple[int, ...]:
        """The other seats still in the game."""
        return tuple(s for s, p in enumerate(self.players) if s != self.seat and not p.out)

    def free(self, route: int) -> bool:
        return self.owners[route] == FREE


def seat_view(game: Game, seat: int) -> SeatView:
    """What `seat` may see of `game`."""
    me = game.players[seat]
    tunnel = game.tunnel
    return SeatView(
        map=game.map, rules_version=game.rules_version, seat=seat, phase=game.phase,
        step=game.step, current=game.current, turns=game.turns,
        final_round_by=game.final_round_by, final_turns_owed=game.final_turns_owed,
        market=game.market, deck_count=len(game.deck), discard_count=sum(game.discard),
        ticket_deck_count=len(game.ticket_deck), owners=game.owners,
        station_owners=tuple(sorted(game.station_owners.items())),
        players=tuple(
            PublicPlayer(trains=p.trains, stations_left=p.stations_left, routes=p.routes,
                         stations=p.stations, route_points=p.route_points,
                         hand_size=p.hand_size, ticket_count=len(p.tickets),
                         pending_ticket_count=len(p.pending_tickets), out=p.out is not None)
            for p in game.players
        ),
        tunnel=None if tunnel is None else PublicTunnel(
            route=tunnel.route, cards=tunnel.cards, color=tunnel.color,
            revealed=tunnel.revealed, extra_cards=tunnel.extra_cards),
        hand=me.hand, tickets=me.tickets, pending_tickets=me.pending_tickets,
    )
