"""The post-game analysis: what happened in a finished game and why it ended as it did.

`analyse(events)` reads the whole stream of a scored game (`game_created` …
`game_scored`, private fields included: the game is over, everything is public) and
returns, per player, the score after every turn, when each ticket was completed,
the cards drawn by colour and source, the routes claimed by length, the tunnels,
the kinds of turns, and the game's swing moves. It is a pure function of the
events, so the same log always gives the same analysis.

Definitions (docs/analysis.md says the same for players):

- **Turns** are numbered from 1: turn *n* is everything from the end of turn *n − 1*
  (`turn_ended`) to its own `turn_ended` (the last turn ends with `game_ended`).
  Turn 0 is the setup (the first ticket choice). A turn's kind is what its player
  did: ``claim`` (a route, tunnels included), ``station``, ``tickets``, ``cards``,
  ``tunnel_declined``, ``pass``, ``timed_out`` or ``left`` (resigned or dropped).
- **The score after a turn** is the route points claimed so far, as the game
  counts them while it runs; the final parts (tickets, longest path, stations in
  reserve, Globetrotter) are added once, at the end, as the game's recorded score
  has them, and listed apart.
- **A ticket is completed** at the first turn after which its holder has kept it and
  its two cities are joined by the holder's routes plus, for each of their stations,
  the route that station borrows in the final score (from the turn both the station
  and that route exist). A ticket whose cities were joined before it was kept is
  completed at the turn it was kept.
- **A tunnel** is attempted (cards laid down), then paid (the route is claimed) or
  declined.
- **The swing of a claim** is by how much the final margin between the winner and
  the runner-up (the first two players in the final ranking, ties by seat) would
  have been smaller had that route not been claimed at all: margin(as played) −
  margin(the same final positions without that one route, scored by the rules).
  Positive: the claim helped the winner; negative: it helped the runner-up. It
  counts the route's points, the tickets it completed or left open, the longest
  path and the Globetrotter it won or lost, for every claim by any player. The
  swing moves are the claims of largest swing, by absolute value (ties: earlier
  first).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from domain import events as ev
from domain.board import Board
from domain.ending import positions_of
from domain.events import Event
from domain.scoring import final_scores
from domain.table import GameScored, Table, replay_table

TURN_KINDS = ("claim", "station", "tickets", "cards", "tunnel_declined", "pass",
              "timed_out", "left")
SWING_MOVES = 5  # how many swing moves the analysis lists


class NotFinished(ValueError):
    """The stream is not that of a scored game: there is nothing to analyse yet."""


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One turn: who played it, what they did, and every player's route points after it."""
    number: int
    seat: int
    kind: str
    route: str | None
    points: int
    scores: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"turn": self.number, "seat": self.seat, "kind": self.kind,
                "route": self.route, "points": self.points, "scores": list(self.scores)}


@dataclass(frozen=True, slots=True)
class TicketTimeline:
    id: str
    a: str
    b: str
    points: int
    kept_turn: int
    completed_turn: int | None

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "from": self.a, "to": self.b, "points": self.points,
                "kept_turn": self.kept_turn, "completed_turn": self.completed_turn,
                "completed": self.completed_turn is not None}


@dataclass(frozen=True, slots=True)
class SwingMove:
    turn: int
    seat: int
    route: str
    points: int
    swing: int

    def as_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "seat": self.seat, "route": self.route,
                "points": self.points, "swing": self.swing}


@dataclass(slots=True)
class PlayerTally:
    """What one player did, counted as the events go by."""
    deck: Counter[str] = field(default_factory=Counter)
    face_up: Counter[str] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)
    turns: Counter[str] = field(default_factory=Counter)
    tunnels_attempted: int = 0
    tunnels_paid: int = 0
    tunnels_declined: int = 0
    route_points: int = 0
    routes: list[str] = field(default_factory=list)
    stations: dict[str, int] = field(default_factory=dict)  # city → turn built
    kept: dict[str, int] = field(default_factory=dict)  # ticket → turn kept
    drawing_tickets: bool = False


@dataclass(frozen=True, slots=True)
class Analysis:
    map: str
    turns: tuple[TurnRecord, ...]
    players: tuple[dict[str, Any], ...]
    winner: int | None
    runner_up: int | None
    margin: int | None
    swing_moves: tuple[SwingMove, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"map": self.map, "turn_count": len(self.turns),
                "turns": [t.as_dict() for t in self.turns], "players": list(self.players),
                "swing": {"winner": self.winner, "runner_up": self.runner_up,
                          "margin": self.margin,
                          "moves": [m.as_dict() for m in self.swing_moves]}}


def analyse(events: Sequence[Event]) -> Analysis:
    """The analysis of the scored game whose whole stream is `events`."""
    table = replay_table(events)
    game = table.game
    if game is None or table.score is None or not isinstance(events[-1], GameScored):
        raise NotFinished("the game has not been scored")
    seats = len(game.players)
    board = game.board
    tallies = [PlayerTally() for _ in range(seats)]
    turns = _turns(events, board, tallies)
    scored = [dict(s) for s in table.score]
    claimed_at = {r.route: r.number for r in turns if r.route is not None and r.kind == "claim"}
    tickets = [_ticket_timeline(board, tallies[s], scored[s], claimed_at)
               for s in range(seats)]
    order = sorted(range(seats), key=lambda s: (int(scored[s]["rank"]), s))
    winner, runner_up = (order[0], order[1]) if seats >= 2 else (None, None)
    swings: tuple[SwingMove, ...] = ()
    margin: int | None = None
    if winner is not None and runner_up is not None:
        margin = _total(scored[winner]) - _total(scored[runner_up])
        swings = _swing_moves(table, turns, winner, runner_up, margin)
    players = tuple(_player(s, table, tallies[s], scored[s], tickets[s]) for s in range(seats))
    return Analysis(map=table.map, turns=tuple(turns), players=players, winner=winner,
                    runner_up=runner_up, margin=margin, swing_moves=swings)


def _turns(events: Sequence[Event], board: Board, tallies: list[PlayerTally]
           ) -> list[TurnRecord]:
    """Count every player's doings, and close a `TurnRecord` at each turn's end."""
    records: list[TurnRecord] = []
    current: list[Event] = []
    number = 1
    started = False
    for e in events:
        if isinstance(e, ev.GameStarted):
            started = True
            continue
        if not started or isinstance(e, GameScored | ev.SeedRevealed):
            continue
        if isinstance(e, ev.TicketsKept) and not tallies[e.seat].drawing_tickets:
            for t in e.kept:  # the setup choice: turn 0
                tallies[e.seat].kept[t] = 0
            continue
        seat_of = getattr(e, "seat", None)
        _count(e, board, tallies[seat_of] if isinstance(seat_of, int) else None, number)
        current.append(e)
        if isinstance(e, ev.TurnEnded | ev.GameEnded):
            seat = e.seat if isinstance(e, ev.TurnEnded) else _last_seat(current)
            if seat is not None:
                records.append(_close(number, seat, current, tallies))
                number += 1
            current = []
    return records


def _count(e: Event, board: Board, tally: PlayerTally | None, number: int) -> None:
    if tally is None:
        return
    if isinstance(e, ev.CardDrawnBlind):
        tally.deck[e.card] += 1
    elif isinstance(e, ev.CardTaken):
        tally.face_up[e.card] += 1
    elif isinstance(e, ev.RouteClaimed):
        tally.lengths[board.route_by_id[e.route].length] += 1
        tally.route_points += e.points
        tally.routes.append(e.route)
    elif isinstance(e, ev.TunnelAttempted):
        tally.tunnels_attempted += 1
    elif isinstance(e, ev.TunnelDeclined):
        tally.tunnels_declined += 1
    elif isinstance(e, ev.StationBuilt):
        tally.stations[e.city] = number
    elif isinstance(e, ev.TicketsDrawn):
        tally.drawing_tickets = True
    elif isinstance(e, ev.TicketsKept):
        tally.drawing_tickets = False
        for t in e.kept:
            tally.kept[t] = number


def _close(number: int, seat: int, events: list[Event], tallies: list[PlayerTally]
           ) -> TurnRecord:
    kind, route, points = _kind(seat, events)
    tally = tallies[seat]
    tally.turns[kind] += 1
    if kind == "claim" and any(isinstance(e, ev.TunnelAttempted) for e in events):
        tally.tunnels_paid += 1
    return TurnRecord(number=number, seat=seat, kind=kind, route=route, points=points,
                      scores=tuple(t.route_points for t in tallies))


def _kind(seat: int, events: list[Event]) -> tuple[str, str | None, int]:
    """What `seat` did in the turn of `events`: its kind, the route claimed, its points."""
    mine = [e for e in events if getattr(e, "seat", None) == seat]
    for e in mine:
        if isinstance(e, ev.RouteClaimed):
            return "claim", e.route, e.points
    checks: tuple[tuple[type[Event] | tuple[type[Event], ...], str], ...] = (
        (ev.StationBuilt, "station"), (ev.TicketsDrawn, "tickets"),
        ((ev.CardDrawnBlind, ev.CardTaken), "cards"), (ev.TunnelDeclined, "tunnel_declined"),
        (ev.Passed, "pass"), ((ev.PlayerResigned, ev.PlayerDropped), "left"),
        (ev.TurnTimedOut, "timed_out"))
    for cls, kind in checks:
        if any(isinstance(e, cls) for e in mine):
            return kind, None, 0
    return "pass", None, 0


def _last_seat(events: list[Event]) -> int | None:
    for e in reversed(events):
        seat = getattr(e, "seat", None)
        if isinstance(seat, int):
            return seat
    return None


def _ticket_timeline(board: Board, tally: PlayerTally, scored: Mapping[str, Any],
                     claimed_at: Mapping[str, int]) -> list[TicketTimeline]:
    """Each kept ticket and the turn it was completed (see the module's definition)."""
    # When each edge of the player's network appears: their own routes as claimed, and
    # each station's borrowed route once both the station and the route exist.
    edges: list[tuple[int, str, str]] = []
    for route in tally.routes:
        r = board.route_by_id[route]
        edges.append((claimed_at[route], r.a, r.b))
    for use in scored.get("stations", ()):
        borrowed = use.get("route")
        if borrowed is not None:
            r = board.route_by_id[borrowed]
            edges.append((max(tally.stations[use["city"]], claimed_at[borrowed]), r.a, r.b))
    edges.sort()
    joined_at = _joining_turns(edges)
    timeline = []
    for ticket_id, kept_turn in tally.kept.items():
        t = board.ticket_by_id[ticket_id]
        joined = joined_at(t.a, t.b)
        done = None if joined is None else max(joined, kept_turn)
        timeline.append(TicketTimeline(id=t.id, a=t.a, b=t.b, points=t.points,
                                       kept_turn=kept_turn, completed_turn=done))
    return timeline


def _joining_turns(edges: list[tuple[int, str, str]]) -> Callable[[str, str], int | None]:
    """A function (a, b) → the first turn at which a and b are joined by `edges` (turn,
    a, b, sorted by turn), or None."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while x in parent:
            x = parent[x]
        return x

    # Union by turn; remember, for each merge, the turn it happened: two cities are
    # joined from the latest merge on the path between them in the union tree.
    merged_at: dict[str, int] = {}
    for turn, a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            merged_at[ra] = turn

    def joined(a: str, b: str) -> int | None:
        if find(a) != find(b):
            return None
        ups: dict[str, int] = {a: 0}
        x, latest = a, 0
        while x in parent:
            latest = max(latest, merged_at[x])
            x = parent[x]
            ups[x] = latest
        y, latest = b, 0
        while y not in ups:
            latest = max(latest, merged_at[y])
            y = parent[y]
        return max(latest, ups[y])

    return joined


def _total(score: Mapping[str, Any]) -> int:
    return int(score["score"]["total"])


def _swing_moves(table: Table, turns: Sequence[TurnRecord], winner: int, runner_up: int,
                 margin: int) -> tuple[SwingMove, ...]:
    game = table.game
    assert game is not None
    positions = positions_of(game)
    moves = []
    for record in turns:
        if record.kind != "claim" or record.route is None:
            continue
        route = record.route
        without = [replace(p, routes=tuple(r for r in p.routes if r != route))
                   if p.seat == record.seat else p for p in positions]
        scores = final_scores(game.board, game.rules, without)
        swing = margin - (scores[winner].total - scores[runner_up].total)
        moves.append(SwingMove(turn=record.number, seat=record.seat, route=route,
                               points=record.points, swing=swing))
    moves.sort(key=lambda m: (-abs(m.swing), m.turn))
    return tuple(moves[:SWING_MOVES])


def _player(seat: int, table: Table, tally: PlayerTally, scored: Mapping[str, Any],
            tickets: list[TicketTimeline]) -> dict[str, Any]:
    final = scored["score"]
    return {
        "seat": seat,
        "user_id": table.seats[seat].user_id,
        "name": table.seats[seat].name,
        "rank": scored["rank"],
        "winner": scored["winner"],
        "final": {"routes": final["routes"], "tickets": final["tickets"],
                  "stations": final["stations"], "longest_path": final["longest_path"],
                  "globetrotter": final["globetrotter"], "total": final["total"]},
        "tickets": [t.as_dict() for t in tickets],
        "cards_drawn": {"deck": dict(sorted(tally.deck.items())),
                        "face_up": dict(sorted(tally.face_up.items()))},
        "routes_by_length": [{"length": n, "count": c}
                             for n, c in sorted(tally.lengths.items())],
        "tunnels": {"attempted": tally.tunnels_attempted, "paid": tally.tunnels_paid,
                    "declined": tally.tunnels_declined},
        "turns": {kind: tally.turns[kind] for kind in TURN_KINDS},
    }
