"""The store's vacations, on every adapter (both databases and memory): each player's
declared days away, the earliest first, ended early once and only once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from events.ports import Store
from events.vacations import AWAY, OVER, Vacation

AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def vacation(vacation_id: str, user_id: str, start: datetime, days: int) -> Vacation:
    return Vacation(vacation_id, user_id, start, start + days * DAY, AT)


def test_a_players_vacations_are_kept_earliest_first(any_store: Store) -> None:
    any_store.add_vacation(vacation("v2", "alice", AT + 10 * DAY, 2))
    any_store.add_vacation(vacation("v1", "alice", AT, 3))
    any_store.add_vacation(vacation("v3", "bob", AT, 1))
    kept = any_store.vacations_of("alice")
    assert [v.vacation_id for v in kept] == ["v1", "v2"]
    assert kept[0] == vacation("v1", "alice", AT, 3)


def test_a_vacation_is_ended_early_once(any_store: Store) -> None:
    any_store.add_vacation(vacation("v1", "alice", AT, 5))
    assert any_store.end_vacation("v1", AT + DAY)
    assert not any_store.end_vacation("v1", AT + 2 * DAY)
    [ended] = any_store.vacations_of("alice")
    assert ended.ended_at == AT + DAY and ended.until == AT + DAY
    assert ended.period.days == 1


def test_ending_an_unknown_vacation_changes_nothing(any_store: Store) -> None:
    assert not any_store.end_vacation("nobody's", AT)
    assert any_store.vacations_of("alice") == []


def test_a_vacation_is_due_until_its_games_agree_with_its_start_and_end(
        any_store: Store) -> None:
    any_store.add_vacation(vacation("v1", "alice", AT, 3))
    any_store.add_vacation(vacation("v2", "bob", AT + 5 * DAY, 1))
    assert [v.vacation_id for v in any_store.vacations_due(AT + DAY)] == ["v1"]
    any_store.mark_vacation("v1", AWAY)
    assert any_store.vacations_due(AT + DAY) == []
    assert [v.vacation_id for v in any_store.vacations_due(AT + 3 * DAY)] == ["v1"]  # over
    any_store.mark_vacation("v1", OVER)
    assert any_store.vacations_due(AT + 3 * DAY) == []
    assert any_store.vacations_of("alice")[0].applied == OVER


def test_a_vacation_ended_early_is_due_until_applied(any_store: Store) -> None:
    any_store.add_vacation(vacation("v1", "alice", AT, 5))
    any_store.mark_vacation("v1", AWAY)
    any_store.end_vacation("v1", AT + DAY)
    assert [v.vacation_id for v in any_store.vacations_due(AT + DAY)] == ["v1"]
