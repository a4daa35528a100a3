"""The table around one game: its seats and options before play, and its score after.

A game's stream of events starts at the table: `GameCreated` (the map, how many
seats, the options, the commitment to the secret seed), then `SeatTaken` and
`SeatLeft` while players gather; when the table starts, the game's own events
follow (`GameStarted` … `GameEnded`, `SeedRevealed`), and `GameScored` records the
final score once it is computed. `Table` is the state of that whole stream;
`table.game` is the game itself once it has started.

Seats are numbered in the order players sat down, and stay compact: when a player
leaves before the start, the players after them move up one seat. The seat a user
holds when the game starts is the seat they play.

Who acts is a user id (an opaque string): the table maps it to a seat; the game's
commands then go to `domain.decide` for that seat.

Bots sit at tables as users too (`domain.stand_ins`): seated by the creator, or
standing in for a player who left, when the table allows it.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from domain.commands import Command, Resign, TimeOut
from domain.decide import decide, decide_system
from domain.ending import score_game
from domain.events import Event
from domain.evolve import evolve
from domain.frozen import freeze
from domain.hints import HintGiven
from domain.maps import map_names, rules_for
from domain.reactions import ReactionSent
from domain.rules import RULES_VERSION
from domain.setup import start_game
from domain.shuffle import commitment
from domain.stand_ins import (
    PlayerReturned,
    ReturnToSeat,
    SeatBot,
    StandInSeated,
    check_level,
    next_bot,
    resign_with_stand_in,
    return_to_seat,
    stand_ins_after_time_out,
)
from domain.state import Game, changed
from domain.table_events import (
    TABLE_EVENT_TYPES,
    GameCreated,
    GameScored,
    LeaveSeat,
    SeatLeft,
    SeatTaken,
    StartGame,
    TableCommand,
    TakeSeat,
)
from domain.vacations import DeadlinePaused, DeadlineResumed
from domain.violations import RuleViolation

# Turn time limits, in seconds: from one second (for tests and blitz games) to 14 days.
MAX_TURN_TIME_LIMIT = 14 * 24 * 3600
Status = Literal["open", "playing", "scoring", "finished"]

# (the table's events and commands live in `domain.table_events`; importable from here)
__all__ = [
    "GameCreated", "GameScored", "LeaveSeat", "MAX_TURN_TIME_LIMIT", "Seat", "SeatLeft",
    "SeatTaken", "StartGame", "Status", "TABLE_EVENT_TYPES", "Table", "TableCommand",
    "TakeSeat", "create_game", "decide_table", "evolve_table", "invite_matches",
    "replay_table", "score_table", "seats_to_act", "time_out_table", "turn_key",
]


# -- the state -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Seat:
    user_id: str
    name: str
    bot: str | None = None  # a bot's level; None: a person
    replaced: Seat | None = None  # the player a stand-in bot holds this seat for

    @property
    def stands_in_for(self) -> str | None:
        return self.replaced.user_id if self.replaced is not None else None


@dataclass(frozen=True)
class Table:
    map: str
    capacity: int
    rules_version: int
    seed: bytes
    seed_commitment: str
    created_by: str
    private: bool
    invite_code_sha256: str | None
    turn_time_limit: int | None
    drop_after_timeouts: int | None
    seats: tuple[Seat, ...] = ()
    stand_in: str | None = None  # the level of stand-in bots (None: players leave)
    game: Game | None = None
    score: tuple[Mapping[str, Any], ...] | None = None
    version: int = 0
    rated: bool = True
    # the seats whose players are away (`domain.vacations`): their deadlines are paused
    away: tuple[int, ...] = ()
    # the turn a pause stopped and the seconds its deadline had left then
    time_left: tuple[TurnKey, int] | None = None
    _seat_of: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    @property
    def status(self) -> Status:
        if self.game is None:
            return "open"
        if self.game.phase != "ended":
            return "playing"
        return "scoring" if self.score is None else "finished"

    def seat_of(self, user_id: str) -> int | None:
        """The seat `user_id` holds at this table, or None."""
        return self._seat_of.get(user_id)

    def bots_to_act(self) -> tuple[int, ...]:
        """The seats held by bots that must act now."""
        return tuple(s for s in seats_to_act(self) if self.seats[s].bot is not None)

    @property
    def drop_after(self) -> int | None:
        """The time-outs in a row after which a player leaves the game: never at a table
        with stand-ins (a bot takes the seat instead)."""
        return None if self.stand_in is not None else self.drop_after_timeouts


def seats_to_act(table: Table) -> tuple[int, ...]:
    """The seats that must act now: the setup ticket choices still open, or the turn."""
    game = table.game
    if game is None or game.phase == "ended":
        return ()
    if game.phase == "setup":
        return tuple(seat for seat, p in enumerate(game.players)
                     if p.pending_tickets and p.out is None)
    return (game.current,)


TurnKey = tuple[str] | tuple[str, int]


def turn_key(table: Table | None) -> TurnKey | None:
    """What a turn deadline belongs to: the setup as a whole (("setup",)) or one turn
    (("turn", n)); None while no deadline runs (no game yet, or the game is over).
    Two states with the same key share their deadline."""
    game = table.game if table is not None else None
    if game is None or game.phase == "ended":
        return None
    return ("setup",) if game.phase == "setup" else ("turn", game.turns)


# -- deciding --------------------------------------------------------------------------

def create_game(*, map_name: str, seats: int, created_by: str, seed: bytes,
                private: bool = False, invite_code: str | None = None,
                turn_time_limit: int | None = None, drop_after_timeouts: int | None = 3,
                rules_version: int = RULES_VERSION, stand_in: str | None = None,
                rated: bool = True) -> list[Event]:
    """The event that sets up a table: `seats` seats for `map_name`, the secret `seed`."""
    if map_name not in map_names():
        raise RuleViolation("malformed_command",
                            f"Unknown map {map_name!r}; maps: {', '.join(map_names())}.")
    rules = rules_for(map_name, rules_version)
    if not rules.min_players <= seats <= rules.max_players:
        raise RuleViolation("malformed_command", f"{map_name} is played by "
                            f"{rules.min_players} to {rules.max_players} players.")
    if turn_time_limit is not None and not 1 <= turn_time_limit <= MAX_TURN_TIME_LIMIT:
        raise RuleViolation("malformed_command",
                            f"turn_time_limit is 1..{MAX_TURN_TIME_LIMIT} seconds.")
    if drop_after_timeouts is not None and not 1 <= drop_after_timeouts <= 100:
        raise RuleViolation("malformed_command", "drop_after_timeouts is 1..100.")
    invite_hash: str | None = None
    if private:
        if not invite_code:
            raise RuleViolation("malformed_command", "A private game needs an invite code.")
        invite_hash = _sha256(invite_code)
    if stand_in is not None:
        check_level(stand_in, "stand-in level")
    return [GameCreated(
        map=map_name, seats=seats, rules_version=rules_version,
        seed_commitment=commitment(seed), seed=seed.hex(), created_by=created_by,
        private=private, invite_code_sha256=invite_hash,
        turn_time_limit=turn_time_limit, drop_after_timeouts=drop_after_timeouts,
        stand_in=stand_in,
        rated=rated,
    )]


def decide_table(table: Table, user_id: str, command: TableCommand | Command) -> list[Event]:
    """The events `command` by `user_id` causes at `table`, or a raised `RuleViolation`."""
    if isinstance(command, TakeSeat):
        return _take_seat(table, user_id, command)
    if isinstance(command, LeaveSeat):
        return _leave_seat(table, user_id)
    if isinstance(command, StartGame):
        return _start(table, user_id)
    if isinstance(command, SeatBot):
        return _seat_bot(table, user_id, command)
    if isinstance(command, ReturnToSeat):
        return return_to_seat(table, user_id)
    seat = table.seat_of(user_id)
    if seat is None:
        raise RuleViolation("not_seated")
    if table.game is None:
        if isinstance(command, Resign):  # before the start, resigning is leaving the seat
            return _leave_seat(table, user_id)
        raise RuleViolation("game_not_started", "The table is still waiting for players.")
    if (isinstance(command, Resign) and table.stand_in is not None
            and table.game.phase != "ended"):
        return resign_with_stand_in(table, seat)
    return decide(table.game, seat, command)


def time_out_table(table: Table, seats: tuple[int, ...], deadline: str) -> list[Event]:
    """The events of the turn deadline passing for `seats`: the game's time-out under
    the table's policy and, at a table with stand-ins, the bots taking over."""
    if table.game is None:
        raise RuleViolation("not_due", "The game has not started.")
    events = decide_system(table.game, TimeOut(seats=seats, deadline=deadline,
                                               drop_after=table.drop_after))
    return stand_ins_after_time_out(table, events)


def _take_seat(table: Table, user_id: str, command: TakeSeat) -> list[Event]:
    if table.seat_of(user_id) is not None:
        raise RuleViolation("already_seated")
    # before anything else about a private table: without its code, nothing about it
    # (started, full) is told to an outsider
    if table.private and user_id != table.created_by and not _invite_ok(table, command):
        raise RuleViolation("invite_required")
    if table.game is not None:
        raise RuleViolation("game_already_started")
    if len(table.seats) >= table.capacity:
        raise RuleViolation("table_full")
    name = command.name.strip()
    if not name or len(name) > 64:
        raise RuleViolation("malformed_command", "A player's name is 1..64 characters.")
    return _seated(table, SeatTaken(seat=len(table.seats), user_id=user_id, name=name))


def _seated(table: Table, taken: SeatTaken) -> list[Event]:
    """A seat taken, and the start when it was the last one."""
    events: list[Event] = [taken]
    if len(table.seats) + 1 == table.capacity:
        events.extend(start_game(table.map, table.capacity, table.seed, table.rules_version))
    return events


def _seat_bot(table: Table, user_id: str, command: SeatBot) -> list[Event]:
    level = check_level(command.level)
    if table.game is not None:
        raise RuleViolation("game_already_started")
    if user_id != table.created_by:
        raise RuleViolation("not_creator", "Only the table's creator seats bots.")
    if len(table.seats) >= table.capacity:
        raise RuleViolation("table_full")
    bot_id, name = next_bot(table, level)
    return _seated(table, SeatTaken(seat=len(table.seats), user_id=bot_id, name=name,
                                    bot=level))


def _invite_ok(table: Table, command: TakeSeat) -> bool:
    return invite_matches(table, command.invite_code)


def invite_matches(table: Table, code: str | None) -> bool:
    """Whether `code` is the private table's invite code."""
    expected = table.invite_code_sha256
    return (expected is not None and code is not None
            and hmac.compare_digest(_sha256(code), expected))


def _leave_seat(table: Table, user_id: str) -> list[Event]:
    if table.game is not None:
        raise RuleViolation("game_already_started",
                            "The game has started: resign instead of leaving the seat.")
    seat = table.seat_of(user_id)
    if seat is None:
        raise RuleViolation("not_seated")
    return [SeatLeft(seat=seat, user_id=user_id)]


def _start(table: Table, user_id: str) -> list[Event]:
    if table.game is not None:
        raise RuleViolation("game_already_started")
    if user_id != table.created_by:
        raise RuleViolation("not_creator")
    minimum = rules_for(table.map, table.rules_version).min_players
    if len(table.seats) < minimum:
        raise RuleViolation("not_enough_players",
                            f"{table.map} needs at least {minimum} players to start.")
    return start_game(table.map, len(table.seats), table.seed, table.rules_version)


def score_table(table: Table) -> list[Event]:
    """The `GameScored` event of a table whose game has ended (and is not yet scored)."""
    game = table.game
    if game is None or game.phase != "ended":
        raise RuleViolation("game_not_over")
    if table.score is not None:
        raise RuleViolation("already_scored")
    scores = score_game(game)
    return [GameScored(players=tuple(freeze(s.as_dict()) for s in scores),
                       winners=tuple(s.seat for s in scores if s.winner))]


# -- evolving --------------------------------------------------------------------------

def evolve_table(table: Table | None, event: Event) -> Table:
    """The table after `event`; `table` is None only before `GameCreated`."""
    if isinstance(event, GameCreated):
        return Table(
            map=event.map, capacity=event.seats, rules_version=event.rules_version,
            seed=bytes.fromhex(event.seed), seed_commitment=event.seed_commitment,
            created_by=event.created_by, private=event.private,
            invite_code_sha256=event.invite_code_sha256, turn_time_limit=event.turn_time_limit,
            drop_after_timeouts=event.drop_after_timeouts, stand_in=event.stand_in,
            version=1, rated=event.rated,
        )
    if table is None:
        raise ValueError("the first event of a table is game_created")
    version = table.version + 1
    if isinstance(event, SeatTaken):
        seats = (*table.seats, Seat(event.user_id, event.name, event.bot))
        return changed(table, seats=seats, _seat_of=_seat_index(seats), version=version)
    if isinstance(event, StandInSeated):
        bot = Seat(event.user_id, event.name, event.level, replaced=table.seats[event.seat])
        return _reseated(table, event.seat, bot, version)
    if isinstance(event, PlayerReturned):
        holder = table.seats[event.seat].replaced
        return _reseated(table, event.seat, holder or Seat(event.user_id, event.name), version)
    if isinstance(event, SeatLeft):
        seats = table.seats[:event.seat] + table.seats[event.seat + 1:]
        return changed(table, seats=seats, _seat_of=_seat_index(seats), version=version)
    if isinstance(event, GameScored):
        return changed(table, score=event.players, version=version)
    if isinstance(event, HintGiven | ReactionSent):
        return changed(table, version=version)  # (a record only: nothing at the table changes)
    if isinstance(event, DeadlinePaused):
        left = (turn_key(table), event.time_left) if event.time_left is not None else None
        return changed(table, away=tuple(sorted({*table.away, event.seat})),
                       time_left=left or table.time_left, version=version)
    if isinstance(event, DeadlineResumed):
        return changed(table, away=tuple(s for s in table.away if s != event.seat),
                       version=version)
    return changed(table, game=evolve(table.game, event), version=version)


def replay_table(events: Iterable[Event], table: Table | None = None) -> Table:
    """The table after all `events` (starting from `table`, or from nothing)."""
    # Speed: a run of the game's own events is applied to the game alone, and the
    # table is copied once at the end of the run rather than once per event.
    game = table.game if table is not None else None
    run = 0  # game events applied to `game` but not yet to `table`
    for event in events:
        if type(event) in _TABLE_EVENTS:
            if run and table is not None:
                table = changed(table, game=game, version=table.version + run)
                run = 0
            table = evolve_table(table, event)
            game = table.game
        elif table is None:
            raise ValueError("the first event of a table is game_created")
        else:
            game = evolve(game, event)
            run += 1
    if table is None:
        raise ValueError("no events")
    if run:
        table = changed(table, game=game, version=table.version + run)
    return table


_TABLE_EVENTS = frozenset(TABLE_EVENT_TYPES.values())


def _reseated(table: Table, seat: int, holder: Seat, version: int) -> Table:
    seats = (*table.seats[:seat], holder, *table.seats[seat + 1:])
    return changed(table, seats=seats, _seat_of=_seat_index(seats), version=version)


def _seat_index(seats: tuple[Seat, ...]) -> dict[str, int]:
    return {s.user_id: i for i, s in enumerate(seats)}


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
