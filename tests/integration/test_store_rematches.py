"""The store's rematch answers, on every adapter (both databases and memory): one
answer per player and game, kept in the order given, a refusal standing over an
acceptance and never the other way round."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from events.ports import Store
from events.rematches import RematchAnswer

AT = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def answered(store: Store, game_id: str = "g1") -> list[tuple[str, bool]]:
    return [(a.user_id, a.accepted) for a in store.rematch_answers(game_id)]


def test_answers_are_kept_per_game_first_first(any_store: Store) -> None:
    any_store.answer_rematch(RematchAnswer("g1", "bob", True, AT + timedelta(seconds=1)))
    any_store.answer_rematch(RematchAnswer("g1", "alice", True, AT))
    any_store.answer_rematch(RematchAnswer("g2", "carol", True, AT))
    assert answered(any_store) == [("alice", True), ("bob", True)]
    assert any_store.rematch_answers("g1")[0].answered_at == AT


def test_accepting_twice_changes_nothing(any_store: Store) -> None:
    any_store.answer_rematch(RematchAnswer("g1", "alice", True, AT))
    any_store.answer_rematch(RematchAnswer("g1", "alice", True, AT + timedelta(hours=1)))
    assert [a.answered_at for a in any_store.rematch_answers("g1")] == [AT]


def test_a_refusal_stands_over_an_acceptance_and_not_the_other_way(any_store: Store) -> None:
    any_store.answer_rematch(RematchAnswer("g1", "alice", True, AT))
    any_store.answer_rematch(RematchAnswer("g1", "alice", False, AT))
    any_store.answer_rematch(RematchAnswer("g1", "alice", True, AT))
    assert answered(any_store) == [("alice", False)]
