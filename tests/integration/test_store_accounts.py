"""The accounts in the store, on every adapter (the in-memory one too): users, bots and
their named tokens, found by a token's hash only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.table import SeatTaken
from events import NewEvent, SqlStore
from events.accounts import CLOSED_NAME, SCOPES, Token
from events.index import GameSummary, PlayerSummary

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


@pytest.fixture
def store(any_store: SqlStore) -> SqlStore:
    """Every adapter, the in-memory one too."""
    return any_store


def token(token_id: str, user_id: str = "u1", minutes: int = 1,
          scopes: frozenset[str] = frozenset({"read"})) -> Token:
    return Token(token_id, user_id, f"name of {token_id}", scopes, T0 + timedelta(minutes=minutes))


def test_an_accounts_first_token_grants_every_scope(store: SqlStore) -> None:
    user = store.create_user("u1", "Alice", "hash-1", token_id="t1")
    found = store.token_by_hash("hash-1")
    assert found is not None
    assert found[0] == user
    assert (found[1].token_id, found[1].name, found[1].scopes) == (
        "t1", "account", frozenset(SCOPES))


def test_a_user_id_is_stored_once(store: SqlStore) -> None:
    store.create_user("u1", "Alice", "hash-1")
    with pytest.raises(Exception):  # noqa: B017  (each adapter raises its own)
        store.create_user("u1", "Bob", "hash-2")
    user = store.user_by_token("hash-1")
    assert user is not None and user.name == "Alice"
    assert store.user_by_token("hash-2") is None


def test_tokens_are_listed_oldest_first(store: SqlStore) -> None:
    store.create_user("u1", "Alice", "hash-1", token_id="t1")
    store.add_token(token("t3", minutes=3), "hash-3")
    store.add_token(token("t2", minutes=2), "hash-2")
    listed = store.tokens_of("u1")
    assert sorted(t.token_id for t in listed) == ["t1", "t2", "t3"]
    assert [t.created_at for t in listed] == sorted(t.created_at for t in listed)
    assert [t.token_id for t in listed if t.token_id != "t1"] == ["t2", "t3"]
    assert store.tokens_of("nobody") == []


def test_another_token_round_trips_with_its_scopes_and_expiry(store: SqlStore) -> None:
    store.create_user("u1", "Alice", "hash-1")
    made = Token("t2", "u1", "ci", frozenset({"read", "play"}), T0,
                 expires_at=T0 + timedelta(days=30))
    assert store.add_token(made, "hash-2") == made
    user = store.user_by_token("hash-1")
    assert store.token_by_hash("hash-2") == (user, made)


def test_a_revoked_token_is_gone(store: SqlStore) -> None:
    store.create_user("u1", "Alice", "hash-1", token_id="t1")
    store.add_token(token("t2"), "hash-2")
    assert store.revoke_token("u1", "t2") is True
    assert store.token_by_hash("hash-2") is None
    assert store.revoke_token("u1", "t2") is False
    assert [t.token_id for t in store.tokens_of("u1")] == ["t1"]


def test_nobody_revokes_another_users_token(store: SqlStore) -> None:
    store.create_user("u1", "Alice", "hash-1", token_id="t1")
    store.create_user("u2", "Bob", "hash-2", token_id="t2")
    assert store.revoke_token("u2", "t1") is False
    assert store.token_by_hash("hash-1") is not None


def test_a_token_records_when_it_was_last_used(store: SqlStore) -> None:
    store.create_user("u1", "Alice", "hash-1", token_id="t1")
    store.token_used("t1", T0 + timedelta(hours=1))
    found = store.token_by_hash("hash-1")
    assert found is not None and found[1].last_used_at == T0 + timedelta(hours=1)


def test_closing_an_account_deletes_its_tokens_and_replaces_its_name(store: SqlStore) -> None:
    store.create_user("u1", "Alice", "hash-1", token_id="t1")
    store.add_token(token("t2"), "hash-2")
    assert store.close_user("u1") is True
    assert store.tokens_of("u1") == []
    assert store.token_by_hash("hash-1") is None and store.token_by_hash("hash-2") is None
    assert store.close_user("u1") is False  # closed once


def test_a_closed_account_keeps_its_place_in_the_games(store: SqlStore) -> None:
    store.create_user("u1", "Alice", "hash-1")
    store.close_user("u1")
    with pytest.raises(Exception):  # noqa: B017  (the user id is still taken)
        store.create_user("u1", "Alice again", "hash-9")
    assert store.bot_level("u1") is None
    assert CLOSED_NAME == "former player"


def test_a_bot_is_a_user_with_a_level_and_no_token(store: SqlStore) -> None:
    store.add_bot("bot-easy-1", "Easy bot", "easy")
    store.add_bot("bot-easy-1", "Another name", "hard")  # already there: unchanged
    assert store.bot_level("bot-easy-1") == "easy"
    assert store.tokens_of("bot-easy-1") == []
    assert store.bot_level("nobody") is None


def test_a_person_has_no_bot_level(store: SqlStore) -> None:
    store.create_user("u1", "Alice", "hash-1")
    assert store.bot_level("u1") is None


def _playing(game_id: str, *players: PlayerSummary, minutes: int = 1) -> GameSummary:
    return GameSummary(
        game_id=game_id, map="usa", status="playing", private=False, seats=2,
        created_by="u1", created_at=T0, version=1,
        last_activity=T0 + timedelta(minutes=minutes), turn_time_limit=None, deadline=None,
        deadline_changed=False, players=players, changed_players=players)


def _seat(user_id: str) -> NewEvent:
    return NewEvent(SeatTaken(seat=0, user_id=user_id, name=user_id), "user:" + user_id)


def test_the_index_marks_a_bot_by_its_account(store: SqlStore) -> None:
    store.add_bot("bot-hard-1", "Hard bot", "hard")
    store.append("g1", [_seat("u1")], 0, summary=_playing(
        "g1", PlayerSummary("u1", 0, "Alice", False, None),
        PlayerSummary("bot-hard-1", 1, "Hard bot", True, None)))
    row = store.game_row("g1")
    assert row is not None and [p.bot for p in row.players] == [None, "hard"]


def test_games_await_bots_only_where_a_bot_must_act(store: SqlStore) -> None:
    store.add_bot("bot-easy-1", "Easy bot", "easy")
    alice_acts = PlayerSummary("u1", 0, "Alice", True, None)
    bot_acts = PlayerSummary("bot-easy-1", 1, "Easy bot", True, None)
    bot_waits = PlayerSummary("bot-easy-1", 1, "Easy bot", False, None)
    store.append("later", [_seat("u1")], 0, summary=_playing("later", bot_acts, minutes=5))
    store.append("earlier", [_seat("u1")], 0, summary=_playing("earlier", bot_acts))
    store.append("human", [_seat("u1")], 0, summary=_playing("human", alice_acts, bot_waits))
    assert [g.game_id for g in store.games_awaiting_bots()] == ["earlier", "later"]
