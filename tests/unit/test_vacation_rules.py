"""The rules of days away (`domain.vacations`, `domain.deadline_pauses`), pure: the
yearly allowance, overlaps and the past; a paused turn has no deadline and gets back
the time it had left, a turn begun while away gets its whole time; live games are not
paused; an export holding a pause verifies."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from domain.commands import DrawCard, KeepTickets
from domain.deadline_pauses import deadline_after, pause_deadline, resume_deadline
from domain.table import Table, replay_table, seats_to_act
from domain.vacations import AwayPeriod, DeadlinePaused, DeadlineResumed, check_vacation
from domain.violations import RuleViolation
from events.verify import verify_export
from tests.unit.test_stand_ins import act
from tests.unit.test_stand_ins import started as seated

NOW = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def started(turn_time_limit: int) -> Table:
    """Alice and Bob's game past the setup (each kept every ticket dealt)."""
    table = seated(2, turn_time_limit=turn_time_limit)
    for seat, user in enumerate(["alice", "bob"]):
        assert table.game is not None
        dealt = table.game.players[seat].pending_tickets
        table = act(table, user, KeepTickets(tuple(dealt)))
    return table


def refused(taken: list[AwayPeriod], start: datetime, days: int) -> str:
    with pytest.raises(RuleViolation) as refusal:
        check_vacation(taken, start, days, NOW, allowance=14)
    return refusal.value.code


def test_days_away_are_limited_to_the_years_allowance() -> None:
    taken = [AwayPeriod(NOW - 30 * DAY, NOW - 20 * DAY)]  # ten days this year
    assert check_vacation(taken, NOW, 4, NOW, 14) == AwayPeriod(NOW, NOW + 4 * DAY)
    assert refused(taken, NOW, 5) == "vacation_allowance"


def test_a_vacation_counts_against_the_year_it_starts_in() -> None:
    taken = [AwayPeriod(NOW - 30 * DAY, NOW - 16 * DAY)]  # all fourteen of 2026
    next_year = datetime(2027, 1, 2, tzinfo=UTC)
    assert check_vacation(taken, next_year, 14, NOW, 14).starts_at == next_year


def test_a_vacation_ended_early_uses_the_days_begun() -> None:
    assert AwayPeriod(NOW, NOW + DAY + timedelta(minutes=1)).days == 2
    assert AwayPeriod(NOW, NOW).days == 0  # given up before it began


def test_vacations_may_not_overlap() -> None:
    taken = [AwayPeriod(NOW + 2 * DAY, NOW + 5 * DAY)]
    assert refused(taken, NOW + 4 * DAY, 2) == "vacation_overlaps"
    assert check_vacation(taken, NOW + 5 * DAY, 2, NOW, 14).starts_at == NOW + 5 * DAY


def test_a_vacation_never_starts_in_the_past() -> None:
    assert refused([], NOW - timedelta(hours=1), 2) == "vacation_in_past"


def test_a_vacation_starts_within_a_year() -> None:
    assert refused([], datetime(9999, 12, 31, tzinfo=UTC), 366) == "malformed_command"


def test_a_pause_stops_the_deadline_and_gives_back_the_time_it_had_left() -> None:
    table = started(turn_time_limit=4 * 86400)
    seat = seats_to_act(table)[0]
    user = table.seats[seat].user_id
    deadline = NOW + 3 * DAY  # a day of the turn gone
    [pause] = pause_deadline(table, user, "2026-12-01T00:00:00Z", deadline, NOW)
    assert pause == DeadlinePaused(seat=seat, until="2026-12-01T00:00:00Z",
                                   time_left=3 * 86400)
    paused = replay_table([pause], table)
    assert deadline_after(table, paused, NOW) == (None, True)
    back = replay_table(resume_deadline(paused, user), paused)
    assert deadline_after(paused, back, NOW + 2 * DAY) == (NOW + 5 * DAY, True)


def test_a_turn_begun_while_away_gets_its_whole_time() -> None:
    table = started(turn_time_limit=4 * 86400)
    playing = seats_to_act(table)[0]
    other = 1 - playing
    paused = replay_table([DeadlinePaused(seat=other, until="x", time_left=None)], table)
    assert deadline_after(table, paused, NOW) == (None, False)  # not their turn: it runs
    moved = paused
    for _ in range(2):  # two blind cards: the turn passes to the player away
        moved = act(moved, table.seats[playing].user_id, DrawCard("deck"))
    assert seats_to_act(moved) == (other,)
    assert deadline_after(paused, moved, NOW + DAY) == (None, True)
    back = replay_table([DeadlineResumed(seat=other)], moved)
    assert deadline_after(moved, back, NOW + 2 * DAY) == (NOW + 6 * DAY, True)


def test_a_live_game_is_not_paused() -> None:
    table: Table = started(turn_time_limit=600)
    user = table.seats[seats_to_act(table)[0]].user_id
    assert pause_deadline(table, user, "2026-12-01T00:00:00Z", NOW, NOW) == []


def test_an_export_holding_a_pause_verifies() -> None:
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "europe-3p-rules-v1.ndjson"
    records = [json.loads(line) for line in fixture.read_text().splitlines() if line]
    system = {"kind": "system", "name": "vacation"}
    pause = {**records[5], "type": "deadline_paused", "schema_version": 1, "actor": system,
             "data": {"seat": 1, "until": "2026-12-01T00:00:00Z", "time_left": None},
             "hidden": []}
    back = {**pause, "type": "deadline_resumed", "data": {"seat": 1}}
    records[5:5] = [pause, back]
    for version, record in enumerate(records, start=1):
        record["version"] = version
    assert verify_export([json.dumps(r) for r in records]).ok
