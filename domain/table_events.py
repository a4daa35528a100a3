"""The table's own events (a game created, a seat taken or left, the final score) and
commands (take a seat, leave it, start), beside the stand-in ones of `domain.stand_ins`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from domain.events import Event
from domain.hints import HintGiven
from domain.reactions import ReactionSent
from domain.stand_ins import PlayerReturned, ReturnToSeat, SeatBot, StandInSeated
from domain.vacations import DeadlinePaused, DeadlineResumed

# -- the events of the table -----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class GameCreated(Event):
    """A table was set up. The seed is secret until the end; its commitment is public."""
    TYPE: ClassVar[str] = "game_created"
    PRIVATE: ClassVar[dict[str, str]] = {"seed": "nobody", "invite_code_sha256": "nobody"}
    map: str
    seats: int
    rules_version: int
    seed_commitment: str
    seed: str  # hex
    created_by: str
    private: bool
    invite_code_sha256: str | None
    turn_time_limit: int | None  # seconds
    drop_after_timeouts: int | None
    # the level of the bots that stand in for players who leave (None: nobody does)
    stand_in: str | None = None
    rated: bool = True  # the result counts for the players' ratings (schema version 2)


@dataclass(frozen=True, slots=True)
class SeatTaken(Event):
    TYPE: ClassVar[str] = "seat_taken"
    seat: int
    user_id: str
    name: str
    bot: str | None = None  # a bot's level; None: a person


@dataclass(frozen=True, slots=True)
class SeatLeft(Event):
    """A player left before the start; the players after them moved up one seat."""
    TYPE: ClassVar[str] = "seat_left"
    seat: int
    user_id: str


@dataclass(frozen=True, slots=True)
class GameScored(Event):
    """The final score, computed from the game's events (`PlayerScore.as_dict` per seat)."""
    TYPE: ClassVar[str] = "game_scored"
    players: tuple[Mapping[str, Any], ...]
    winners: tuple[int, ...]


TABLE_EVENT_TYPES: dict[str, type[Event]] = {
    cls.TYPE: cls for cls in (GameCreated, SeatTaken, SeatLeft, GameScored, StandInSeated,
                              PlayerReturned, HintGiven, DeadlinePaused,
                              DeadlineResumed, ReactionSent)
}


# -- the commands of the table ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TakeSeat:
    name: str
    invite_code: str | None = None


@dataclass(frozen=True, slots=True)
class LeaveSeat:
    pass


@dataclass(frozen=True, slots=True)
class StartGame:
    pass


TableCommand = TakeSeat | LeaveSeat | StartGame | SeatBot | ReturnToSeat
