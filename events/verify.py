"""Verifying an exported game with no database: is every event what the rules give?

An export is NDJSON, one event record per line, as the API serves them (`version`,
`type`, `schema_version`, `data`, `hidden`, …). `verify_export(lines)` checks, and
reports the first line that fails and why:

1. the records are well formed, of one game, with versions 1, 2, 3 … and nothing
   hidden (only a finished game's complete export can be verified);
2. the table: `game_created` first; its seed matches its public commitment; seats
   are taken and left in order; the game starts when the table is full or the
   creator starts it, with the seed the table committed to;
3. the game itself, by `domain.audit`: the deal is the seed's, every later event is
   exactly what `decide` gives for the command it records (so every card dealt,
   drawn or revealed is the one the seed's shuffles put there), the revealed seed
   is the seed;
4. the `game_scored` event holds the score the rules give for the final position.

Quick reactions (`reaction_sent`) may stand anywhere in the log, after the score too:
they change nothing, so they are checked for a known phrase and seat and then left out
of the checks above (which see the log as if they had never been said).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.audit import audit, final_score_matches
from domain.events import Event, GameStarted
from domain.hints import HintGiven
from domain.reactions import REACTIONS, ReactionSent
from domain.shuffle import commitment
from domain.stand_ins import PlayerReturned, StandInSeated
from domain.table import (
    TABLE_EVENT_TYPES,
    GameCreated,
    GameScored,
    SeatLeft,
    SeatTaken,
    Table,
    evolve_table,
)
from domain.vacations import DeadlinePaused, DeadlineResumed
from events.catalogue import UnknownEventType, decode
from events.jsontext import parse


@dataclass(frozen=True, slots=True)
class Verdict:
    """The report: `ok`, or the first failing event (`version`, `type`) and `reason`."""
    ok: bool
    game_id: str | None
    events: int
    checked: int
    version: int | None = None
    type: str | None = None
    reason: str | None = None
    seed_matches_commitment: bool | None = None
    score_matches: bool | None = None
    winners: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok, "game_id": self.game_id, "events": self.events,
            "checked": self.checked,
            "first_failure": None if self.ok else {
                "version": self.version, "type": self.type, "reason": self.reason},
            "seed_matches_commitment": self.seed_matches_commitment,
            "score_matches": self.score_matches, "winners": self.winners,
        }


class _Failure(Exception):
    def __init__(self, index: int, reason: str) -> None:
        super().__init__(reason)
        self.index = index
        self.reason = reason


def parse_lines(lines: Iterable[str | bytes]) -> list[dict[str, Any]]:
    """The records of an NDJSON export (blank lines skipped); ValueError if one is not JSON."""
    records = []
    for number, line in enumerate(lines, start=1):
        text = line.decode() if isinstance(line, bytes) else line
        if not text.strip():
            continue
        try:
            # the service's parser: NaN, Infinity, numbers beyond a double and lone
            # surrogates are not JSON (the standard library's parser takes them)
            record = parse(text)
        except (ValueError, RecursionError) as error:
            raise ValueError(f"line {number} is not JSON: {error}") from error
        if not isinstance(record, dict):
            raise ValueError(f"line {number} is not a JSON object")
        records.append(record)
    return records


def verify_export(lines: Iterable[str | bytes]) -> Verdict:
    try:
        records = parse_lines(lines)
    except ValueError as error:
        return Verdict(False, None, 0, 0, reason=str(error))
    game_id = records[0].get("game_id") if records else None
    events: list[Event] = []
    try:
        for i, record in enumerate(records):
            events.append(_event(i, record, game_id))
        return _verify_said(game_id if isinstance(game_id, str) else None, records, events)
    except _Failure as failure:
        record = records[failure.index] if failure.index < len(records) else {}
        return Verdict(False, game_id if isinstance(game_id, str) else None, len(records),
                       failure.index, version=record.get("version"), type=record.get("type"),
                       reason=failure.reason)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as error:
        # decoding checks the fields' names, not their types: a field of the wrong type
        # (`"seats": ""`) fails in the replay. The export is malformed, not the verifier.
        return Verdict(False, game_id if isinstance(game_id, str) else None, len(records),
                       0, reason=f"an event's data is malformed: {error}")


def _event(i: int, record: Mapping[str, Any], game_id: Any) -> Event:
    for key in ("game_id", "version", "type", "schema_version", "data"):
        if key not in record:
            raise _Failure(i, f"the record has no {key!r}")
    if record["game_id"] != game_id:
        raise _Failure(i, "the export holds events of more than one game")
    if record["version"] != i + 1:
        raise _Failure(i, f"version {record['version']} where {i + 1} was expected "
                          "(an event is missing, repeated or out of order)")
    if record.get("hidden"):
        raise _Failure(i, f"fields are hidden ({', '.join(record['hidden'])}): only the "
                          "complete export of a finished game can be verified")
    data = record["data"]
    if not isinstance(data, dict) or not isinstance(record["schema_version"], int):
        raise _Failure(i, "malformed data")
    try:
        return decode(str(record["type"]), record["schema_version"], data, None)
    except (UnknownEventType, TypeError, ValueError, KeyError) as error:
        raise _Failure(i, f"not a valid {record['type']} event: {error}") from error


def _verify_said(game_id: str | None, records: list[dict[str, Any]],
                 events: list[Event]) -> Verdict:
    """`_verify` of the log without its reactions, each checked on its own; a failure
    is reported at its place in the whole log."""
    kept: list[int] = []
    seats = 0
    for i, event in enumerate(events):
        if isinstance(event, ReactionSent):
            if event.reaction not in REACTIONS:
                raise _Failure(i, f"a reaction not in the list: {event.reaction!r}")
            if not 0 <= event.seat < seats:
                raise _Failure(i, "a reaction from a seat the table does not have")
        else:
            kept.append(i)
            if isinstance(event, GameCreated):
                seats = event.seats
    try:
        verdict = _verify(game_id, [records[i] for i in kept], [events[i] for i in kept])
    except _Failure as failure:
        raise _Failure(kept[failure.index] if failure.index < len(kept) else len(events),
                       failure.reason) from failure
    return dataclasses.replace(verdict, events=len(records), checked=len(records))


def _verify(game_id: str | None, records: list[dict[str, Any]],
            events: list[Event]) -> Verdict:
    if not events or not isinstance(events[0], GameCreated):
        raise _Failure(0, "an export starts with game_created")
    created = events[0]
    try:
        seed = bytes.fromhex(created.seed)
    except (TypeError, ValueError) as error:
        raise _Failure(0, "the seed is not hexadecimal") from error
    if commitment(seed) != created.seed_commitment:
        raise _Failure(0, "the seed does not match its commitment")
    table = _replay_table(events)
    start = next((i for i, e in enumerate(events) if isinstance(e, GameStarted)), None)
    if start is None:
        raise _Failure(len(events), "the game never started")
    started = events[start]
    assert isinstance(started, GameStarted)
    if started.seed != created.seed:
        raise _Failure(start, "the game was dealt with a seed the table never committed to")
    scored_at = next((i for i, e in enumerate(events) if isinstance(e, GameScored)), None)
    # The table's own events during play (a bot standing in, a player's return) change
    # who holds a seat, not the game: the audit replays the game's events alone.
    played = [(i, e) for i, e in enumerate(events[:scored_at])
              if i >= start and type(e) not in _TABLE_TYPES]
    _check_seat_changes(events[start:scored_at], table, start)
    report = audit([e for _, e in played], drop_after=table.drop_after)
    if not report.ok:
        failed = played[report.index][0] if report.index is not None and report.index < len(
            played) else start
        raise _Failure(failed, report.reason or "the rules disagree")
    if report.game is None or report.game.phase != "ended":
        raise _Failure(len(events), "the game has not ended")
    score_matches = None
    winners: list[int] = []
    if scored_at is not None:
        if scored_at != len(events) - 1:
            raise _Failure(scored_at + 1, "events after the final score")
        scored = events[scored_at]
        assert isinstance(scored, GameScored)
        # compared as JSON (events hold tuples where the score has lists)
        claimed = json.loads(json.dumps(list(scored.players)))
        problem = final_score_matches(report.game, claimed)
        if problem is not None:
            raise _Failure(scored_at, f"the final score is not the rules': {problem}")
        score_matches = True
        winners = list(scored.winners)
        expected = [p["seat"] for p in scored.players if p.get("winner")]
        if winners != expected:
            raise _Failure(scored_at, "the winners are not the players ranked first")
    del table
    return Verdict(True, game_id, len(records), len(records), seed_matches_commitment=True,
                   score_matches=score_matches, winners=winners)


_TABLE_TYPES = frozenset(TABLE_EVENT_TYPES.values())


def _check_seat_changes(events: list[Event], table: Table, start: int) -> None:
    """Bots stand in and players return only at a table with stand-ins, and only for a
    seat as it is held (the stand-in's bot for its player, the player to the bot's seat);
    hints are given only at an unrated table."""
    for i, event in enumerate(events, start):
        if isinstance(event, StandInSeated):
            if table.stand_in is None or event.level != table.stand_in:
                raise _Failure(i, "a bot stood in at a table without stand-ins")
            if not 0 <= event.seat < len(table.seats) \
                    or table.seats[event.seat].user_id != event.replaced:
                raise _Failure(i, "a bot stood in for someone not holding the seat")
        elif isinstance(event, PlayerReturned):
            if not 0 <= event.seat < len(table.seats) \
                    or table.seats[event.seat].stands_in_for != event.user_id:
                raise _Failure(i, "a player returned to a seat not held for them")
        elif isinstance(event, HintGiven):
            # (a record that a learner was helped: only an unrated game may hold one)
            if table.rated:
                raise _Failure(i, "a hint given in a rated game")
            if not 0 <= event.seat < len(table.seats):
                raise _Failure(i, "a hint given to a seat the table does not have")
        elif isinstance(event, DeadlinePaused | DeadlineResumed):
            # (a vacation's pause of a player's turn deadline: only the clock's business)
            if not 0 <= event.seat < len(table.seats):
                raise _Failure(i, "a deadline paused for a seat the table does not have")
        elif type(event) in _TABLE_TYPES:
            raise _Failure(i, f"{event.TYPE} during the game")
        else:
            continue
        table = evolve_table(table, event)


def _replay_table(events: list[Event]) -> Table:
    """The table's own events, checked: seats in order, the start when it may start."""
    table: Table | None = None
    for i, event in enumerate(events):
        if isinstance(event, GameStarted):
            assert table is not None
            if len(table.seats) != event.players:
                raise _Failure(i, f"{event.players} players dealt at a table of "
                                  f"{len(table.seats)}")
            return table
        if isinstance(event, SeatTaken):
            assert table is not None
            if event.seat != len(table.seats) or len(table.seats) >= table.capacity:
                raise _Failure(i, "a seat taken out of order or at a full table")
            if table.seat_of(event.user_id) is not None:
                raise _Failure(i, "a user took a second seat")
        elif isinstance(event, SeatLeft):
            assert table is not None
            if table.seat_of(event.user_id) != event.seat:
                raise _Failure(i, "a seat left by someone who did not hold it")
        elif not isinstance(event, GameCreated) or i != 0:
            raise _Failure(i, f"{event.TYPE} before the game started")
        try:
            table = evolve_table(table, event)
        except (ValueError, KeyError, TypeError) as error:
            raise _Failure(i, str(error)) from error
    raise _Failure(len(events), "the game never started")
