"""Tournament logs in the store, on every adapter (the in-memory one too): a versioned
log per tournament, its round games found back, the unfinished ones listed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.tournament_log import (
    EntrantJoined,
    GameResult,
    RoundPaired,
    TournamentCreated,
    TournamentFinished,
)
from events import SqlStore
from events.store import VersionConflict

T0 = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def created(name: str = "Cup") -> TournamentCreated:
    return TournamentCreated(name, "u_host", "usa", 4, 3, 60, False, T0.isoformat(),
                             False, True)


@pytest.fixture
def store(any_store: SqlStore) -> SqlStore:
    """Every adapter, the in-memory one too."""
    return any_store


def test_a_log_reads_back_as_it_was_appended(store: SqlStore) -> None:
    events = [created(), EntrantJoined("u_a", "A"), EntrantJoined("u_b", "B", bot="easy"),
              RoundPaired(1, (("u_a", "u_b"),), ("g1",)),
              GameResult(1, "g1", {"u_a": 12, "u_b": 30}, ("u_a",))]
    assert store.append_tournament("t_1", events, 0) == 5
    assert store.read_tournament("t_1") == events


def test_an_append_at_a_stale_version_is_refused(store: SqlStore) -> None:
    store.append_tournament("t_1", [created()], 0)
    store.append_tournament("t_1", [EntrantJoined("u_a", "A")], 1)
    with pytest.raises(VersionConflict):
        store.append_tournament("t_1", [EntrantJoined("u_b", "B")], 1)
    assert len(store.read_tournament("t_1")) == 2


def test_an_unknown_tournament_has_an_empty_log(store: SqlStore) -> None:
    assert store.read_tournament("t_none") == []


def test_a_round_game_leads_back_to_its_tournament(store: SqlStore) -> None:
    store.append_tournament("t_1", [created(), RoundPaired(1, (("u_a", "u_b"),), ("g7",))], 0)
    assert (store.tournament_of_game("g7"), store.tournament_of_game("g8")) == ("t_1", None)


def test_unfinished_tournaments_are_listed_newest_first(store: SqlStore) -> None:
    store.append_tournament("t_old", [created()], 0, now=T0)
    store.append_tournament("t_new", [created()], 0, now=T0 + timedelta(minutes=1))
    store.append_tournament("t_done", [created()], 0, now=T0 + timedelta(minutes=2))
    store.append_tournament("t_done", [TournamentFinished(())], 1)
    assert store.tournament_ids(unfinished_only=True) == ["t_new", "t_old"]
    assert store.tournament_ids() == ["t_done", "t_new", "t_old"]
