"""The games index and the users table, on every adapter (the in-memory one too):
written with the events, never apart from them."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from domain.table import SeatTaken
from events import NewEvent, SqlStore, VersionConflict
from events.index import GameSummary, PlayerSummary

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
def store(any_store: SqlStore) -> SqlStore:
    """Every adapter, the in-memory one too."""
    return any_store


def summary(game_id: str = "g1", version: int = 1, status: str = "open",
            players: tuple[PlayerSummary, ...] = (), **changes: object) -> GameSummary:
    base = GameSummary(
        game_id=game_id, map="usa", status=status, private=False, seats=3, created_by="alice",
        created_at=T0, version=version, last_activity=T0 + timedelta(minutes=version),
        turn_time_limit=None, deadline=None, deadline_changed=False, players=players,
        changed_players=players,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def seat(label: str, n: int = 0) -> NewEvent:
    return NewEvent(SeatTaken(seat=n, user_id=label, name=label), "user:" + label)


def alice(to_act: bool = False, out: str | None = None) -> PlayerSummary:
    return PlayerSummary("alice", 0, "Alice", to_act, out)


def bob(to_act: bool = False) -> PlayerSummary:
    return PlayerSummary("bob", 1, "Bob", to_act, None)


def test_an_append_writes_the_games_row(store: SqlStore) -> None:
    store.append("g1", [seat("alice")], 0, summary=summary(players=(alice(),)))
    row = store.game_row("g1")
    assert row is not None and row.status == "open" and row.version == 1
    assert row.seats_taken == 1 and row.players == (alice(),)
    assert row.created_at == T0


def test_a_conflicting_append_leaves_the_index_as_it_was(store: SqlStore) -> None:
    store.append("g1", [seat("alice")], 0, summary=summary(players=(alice(),)))
    with pytest.raises(VersionConflict):
        store.append("g1", [seat("bob", 1)], 0,
                     summary=summary(version=2, players=(alice(), bob()), status="playing"))
    row = store.game_row("g1")
    assert row is not None and row.status == "open" and row.version == 1
    assert row.players == (alice(),)


def test_the_deadline_stays_while_the_same_turn_goes_on(store: SqlStore) -> None:
    deadline = T0 + timedelta(hours=1)
    store.append("g1", [seat("a")], 0, summary=summary(deadline=deadline, deadline_changed=True))
    store.append("g1", [seat("b", 1)], 1, summary=summary(version=2, deadline=None))
    row = store.game_row("g1")
    assert row is not None and row.deadline == deadline and row.version == 2


def test_only_the_changed_players_are_written(store: SqlStore) -> None:
    store.append("g1", [seat("alice")], 0, summary=summary(players=(alice(), bob())))
    store.append("g1", [seat("x", 2)], 1, summary=summary(
        version=2, players=(alice(True), bob()), changed_players=(alice(True),)))
    row = store.game_row("g1")
    assert row is not None and row.players == (alice(True), bob())


def test_a_player_who_left_is_removed(store: SqlStore) -> None:
    store.append("g1", [seat("alice")], 0, summary=summary(players=(alice(), bob())))
    store.append("g1", [seat("x", 2)], 1, summary=summary(
        version=2, players=(alice(),), changed_players=(), departed=("bob",)))
    row = store.game_row("g1")
    assert row is not None and row.players == (alice(),)


def test_the_lobby_lists_open_public_games_newest_first(store: SqlStore) -> None:
    store.append("old", [seat("a")], 0, summary=summary("old", version=1))
    store.append("new", [seat("a")], 0, summary=summary("new", version=1,
                                                        last_activity=T0 + timedelta(hours=2)))
    store.append("secret", [seat("a")], 0, summary=summary("secret", private=True))
    store.append("busy", [seat("a")], 0, summary=summary("busy", status="playing"))
    store.append("eu", [seat("a")], 0, summary=summary("eu", map="europe"))
    assert [g.game_id for g in store.open_games(map_name="usa")] == ["new", "old"]
    assert {g.game_id for g in store.open_games()} == {"new", "old", "eu"}


def test_the_games_to_watch_are_the_public_games_in_play_newest_first(store: SqlStore) -> None:
    store.append("waiting", [seat("a")], 0, summary=summary("waiting"))
    store.append("old", [seat("a")], 0, summary=summary("old", status="playing"))
    store.append("new", [seat("a")], 0, summary=summary(
        "new", status="playing", last_activity=T0 + timedelta(hours=2)))
    store.append("secret", [seat("a")], 0, summary=summary("secret", status="playing",
                                                           private=True))
    store.append("done", [seat("a")], 0, summary=summary("done", status="finished"))
    assert [g.game_id for g in store.open_games(status="playing")] == ["new", "old"]


def test_a_users_games_and_whose_turn(store: SqlStore) -> None:
    store.append("g1", [seat("a")], 0, summary=summary("g1", status="playing",
                                                       players=(alice(True), bob())))
    store.append("g2", [seat("a")], 0, summary=summary("g2", status="playing",
                                                       players=(alice(), bob(True))))
    store.append("g3", [seat("a")], 0, summary=summary("g3", status="finished",
                                                       players=(alice(),)))
    assert {g.game_id for g in store.games_of_user("alice")} == {"g1", "g2", "g3"}
    assert [g.game_id for g in store.games_of_user("alice", my_turn=True)] == ["g1"]
    assert [g.game_id for g in store.games_of_user("bob", my_turn=True)] == ["g2"]
    assert [g.game_id for g in store.games_of_user("alice", status="finished")] == ["g3"]


def test_overdue_games_are_the_playing_ones_past_their_deadline(store: SqlStore) -> None:
    store.append("late", [seat("a")], 0, summary=summary(
        "late", status="playing", deadline=T0, deadline_changed=True))
    store.append("early", [seat("a")], 0, summary=summary(
        "early", status="playing", deadline=T0 + timedelta(days=1), deadline_changed=True))
    store.append("over", [seat("a")], 0, summary=summary(
        "over", status="finished", deadline=T0, deadline_changed=True))
    assert [g.game_id for g in store.overdue_games(T0 + timedelta(minutes=1))] == ["late"]


def test_the_user_feed_holds_only_the_users_games(store: SqlStore) -> None:
    store.append("g1", [seat("alice")], 0, summary=summary("g1", players=(alice(),)))
    store.append("g2", [seat("bob")], 0, summary=summary("g2", players=(bob(),)))
    store.append("g1", [seat("carol", 1)], 1, summary=summary("g1", version=2))
    assert [(r.game_id, r.version) for r in store.read_user_events("alice")] == [
        ("g1", 1), ("g1", 2)]
    first = store.read_user_events("alice")[0].position
    assert [r.version for r in store.read_user_events("alice", after=first)] == [2]


def test_a_user_is_found_by_the_hash_of_their_token(store: SqlStore) -> None:
    created = store.create_user("u1", "Alice", "hash-1")
    user = store.user_by_token("hash-1")
    assert user is not None and (user.user_id, user.name, user.admin) == ("u1", "Alice", False)
    assert user == created  # what create_user answers is what was stored
    assert store.user_by_token("hash-2") is None


def test_two_users_cannot_share_a_token_hash(store: SqlStore) -> None:
    store.create_user("u1", "Alice", "same")
    with pytest.raises(Exception):  # noqa: B017  (each database raises its own)
        store.create_user("u2", "Bob", "same")
