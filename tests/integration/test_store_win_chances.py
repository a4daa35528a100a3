"""The store's computer analysis of finished games, on every adapter (both databases
and memory): one per game, the first stored stands, read back as it was written."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from domain.events import Event
from domain.table import replay_table
from events import NewEvent, system_actor
from events.index import summarize
from events.ports import Store
from events.win_chances import StoredWinChances
from tests.ratings_support import scored_stream

AT = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
BODY = {"playouts": 8, "every": 1, "decisions": 1234,
        "turns": [{"turn": 0, "version": 9, "chances": [0.5, 0.5]},
                  {"turn": 1, "version": 12, "chances": [1.0, 0.0]}],
        "key_moments": [{"turn": 1, "seat": 1, "label": "blunder", "loss": 1.0}]}


def test_a_stored_analysis_reads_back_as_written(any_store: Store) -> None:
    assert any_store.save_win_chances(StoredWinChances("g1", 2.5, BODY, AT)) is True
    stored = any_store.win_chances_of("g1")
    assert stored is not None
    assert (stored.game_id, stored.budget, dict(stored.body), stored.computed_at) == (
        "g1", 2.5, BODY, AT)


def test_a_game_has_no_analysis_until_one_is_stored(any_store: Store) -> None:
    any_store.save_win_chances(StoredWinChances("g1", 2.5, BODY, AT))
    assert any_store.win_chances_of("g2") is None


def test_the_first_analysis_stored_stands(any_store: Store) -> None:
    any_store.save_win_chances(StoredWinChances("g1", 2.5, BODY, AT))
    later = StoredWinChances("g1", 9.0, {**BODY, "playouts": 32}, AT)
    assert any_store.save_win_chances(later) is False
    stored = any_store.win_chances_of("g1")
    assert stored is not None and stored.budget == 2.5 and stored.body["playouts"] == 8


def append_indexed(store: Store, game_id: str, events: list[Event]) -> None:
    """Append a whole stream as game `game_id`, with its row in the games index."""
    store.append(game_id, [NewEvent(e, system_actor("test")) for e in events], 0,
                 summary=summarize(game_id, None, replay_table(events), store.clock()))


def test_finished_games_without_an_analysis_are_found_for_the_sweep(any_store: Store) -> None:
    append_indexed(any_store, "g1", scored_stream("usa", 2, 1))
    append_indexed(any_store, "g2", scored_stream("usa", 2, 2))
    append_indexed(any_store, "g3", scored_stream("usa", 2, 3)[:-1])  # ended, not scored
    any_store.save_win_chances(StoredWinChances("g2", 2.5, BODY, AT))
    now = any_store.clock()
    assert any_store.finished_without_win_chances(now - timedelta(days=1)) == ["g1"]
    assert any_store.finished_without_win_chances(now + timedelta(days=1)) == []
