"""A tournament as an event-sourced log: its events, and the state folded from them.

The log is the tournament's truth: created, joined (and left before the start), start
brought forward, round paired, game result, withdrawn, finished. `fold_tournament`
rebuilds everything else (entrants, rounds, standings) from it, so stored standings can
be checked against the log at any time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from domain.standings import Standing, TableResult, standings
from domain.swiss import meetings, pair_round


@dataclass(frozen=True, slots=True)
class TournamentEvent:
    """One entry of a tournament's log."""
    TYPE: ClassVar[str] = ""

    def as_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        return {"type": self.TYPE, **_plain(data)}


@dataclass(frozen=True, slots=True)
class TournamentCreated(TournamentEvent):
    TYPE: ClassVar[str] = "tournament_created"
    name: str
    created_by: str
    map: str
    per_table: int
    rounds: int
    turn_time_limit: int | None  # seconds: a live game's, or a correspondence one's days
    rated: bool
    starts_at: str  # ISO 8601, UTC
    invitation_only: bool
    bots_allowed: bool


@dataclass(frozen=True, slots=True)
class EntrantJoined(TournamentEvent):
    TYPE: ClassVar[str] = "entrant_joined"
    entrant: str
    name: str
    bot: str | None = None  # a bot's level; None: a person


@dataclass(frozen=True, slots=True)
class EntrantLeft(TournamentEvent):
    """An entrant left before the start (they may join again while it is open)."""
    TYPE: ClassVar[str] = "entrant_left"
    entrant: str


@dataclass(frozen=True, slots=True)
class StartBroughtForward(TournamentEvent):
    """The organiser started the tournament before its start time: it starts at `at`."""
    TYPE: ClassVar[str] = "start_brought_forward"
    at: str  # ISO 8601, UTC


@dataclass(frozen=True, slots=True)
class RoundPaired(TournamentEvent):
    """A round's tables: each table's entrants in seat order, and its game's id."""
    TYPE: ClassVar[str] = "round_paired"
    round: int
    tables: tuple[tuple[str, ...], ...]
    games: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameResult(TournamentEvent):
    """A round's game ended: each seated entrant's final score, and who missed it."""
    TYPE: ClassVar[str] = "game_result"
    round: int
    game_id: str
    scores: Mapping[str, int]
    missed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EntrantWithdrawn(TournamentEvent):
    """An entrant missed their game: not paired again, their points kept."""
    TYPE: ClassVar[str] = "entrant_withdrawn"
    entrant: str
    round: int


@dataclass(frozen=True, slots=True)
class TournamentFinished(TournamentEvent):
    TYPE: ClassVar[str] = "tournament_finished"
    standings: tuple[str, ...]  # entrant ids, best first


TOURNAMENT_EVENT_TYPES: dict[str, type[TournamentEvent]] = {
    cls.TYPE: cls for cls in (TournamentCreated, EntrantJoined, EntrantLeft,
                              StartBroughtForward, RoundPaired, GameResult,
                              EntrantWithdrawn, TournamentFinished)
}


def tournament_event_from_dict(data: Mapping[str, Any]) -> TournamentEvent:
    """The event whose `as_dict` is `data`."""
    cls = TOURNAMENT_EVENT_TYPES[data["type"]]
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            value = data[f.name]
            if f.name == "tables":
                value = tuple(tuple(t) for t in value)
            elif isinstance(value, list):
                value = tuple(value)
            values[f.name] = value
    return cls(**values)


@dataclass(slots=True)
class Tournament:
    """What the log says so far."""
    created: TournamentCreated
    entrants: dict[str, str] = field(default_factory=dict)  # id -> name, in joining order
    bots: dict[str, str] = field(default_factory=dict)  # id -> level, for bot entrants
    rounds: list[RoundPaired] = field(default_factory=list)
    results: dict[str, GameResult] = field(default_factory=dict)  # by game id
    withdrawn: set[str] = field(default_factory=set)
    finished: TournamentFinished | None = None
    brought_forward: str | None = None  # the start the organiser brought forward to

    @property
    def starts_at(self) -> str:
        """When the first round is paired (ISO 8601)."""
        return self.brought_forward or self.created.starts_at

    @property
    def started(self) -> bool:
        return bool(self.rounds)

    @property
    def round_complete(self) -> bool:
        """Every game of the latest round has a result (True before the first round)."""
        return all(g in self.results for g in self.rounds[-1].games) if self.rounds else True

    @property
    def active(self) -> list[str]:
        """The entrants still paired, in joining order."""
        return [e for e in self.entrants if e not in self.withdrawn]

    def standings(self) -> list[Standing]:
        return standings(self.entrants, (
            TableResult(r.scores, frozenset(r.missed)) for r in self.results.values()))

    def meetings(self) -> dict[frozenset[str], int]:
        return meetings([r.tables for r in self.rounds])


def fold_tournament(events: Iterable[TournamentEvent]) -> Tournament:
    """The tournament a log describes (its first event is `TournamentCreated`)."""
    stream = iter(events)
    first = next(stream)
    if not isinstance(first, TournamentCreated):
        raise ValueError("a tournament's log starts with its creation")
    state = Tournament(first)
    for event in stream:
        if isinstance(event, EntrantJoined):
            state.entrants[event.entrant] = event.name
            if event.bot is not None:
                state.bots[event.entrant] = event.bot
        elif isinstance(event, EntrantLeft):
            state.entrants.pop(event.entrant, None)
            state.bots.pop(event.entrant, None)
        elif isinstance(event, StartBroughtForward):
            state.brought_forward = event.at
        elif isinstance(event, RoundPaired):
            state.rounds.append(event)
        elif isinstance(event, GameResult):
            state.results[event.game_id] = event
        elif isinstance(event, EntrantWithdrawn):
            state.withdrawn.add(event.entrant)
        elif isinstance(event, TournamentFinished):
            state.finished = event
    return state


def _plain(value: Any) -> Any:
    """Tuples and mappings as JSON-ready lists and dicts."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def next_round_tables(state: Tournament) -> list[list[str]]:
    """The tables of the next round: the active entrants, Swiss-paired on the standings."""
    active = set(state.active)
    lines = [s for s in state.standings() if s.entrant in active]
    return pair_round([s.entrant for s in lines], {s.entrant: s.points for s in lines},
                      state.meetings(), state.created.per_table)


def tournament_over(state: Tournament) -> bool:
    """Every round is played, or too few entrants remain for another table."""
    if not state.round_complete:
        return False
    return len(state.rounds) >= state.created.rounds or (state.started and len(state.active) < 2)
