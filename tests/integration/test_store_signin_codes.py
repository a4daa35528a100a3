"""Sign-in codes in the store, on every adapter (the in-memory one too): kept by their
hash, redeemed once for a token of the code's user, never after they expire, never
once the token that made them is gone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from events import SqlStore
from events.accounts import Token
from events.signin_codes import KEPT_AFTER_EXPIRY, SigninCode

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
LATER = T0 + timedelta(minutes=5)


@pytest.fixture
def store(any_store: SqlStore) -> SqlStore:
    """Every adapter, the in-memory one too, with Alice and her first token `t1`."""
    any_store.create_user("u1", "Alice", "hash-1", token_id="t1")
    return any_store


def code(maker: str = "t1", minutes: int = 10, at: datetime = T0,
         scopes: frozenset[str] = frozenset({"read", "play"})) -> SigninCode:
    return SigninCode("u1", maker, "phone", scopes, at, at + timedelta(minutes=minutes))


def test_a_code_becomes_a_new_token_of_its_user(store: SqlStore) -> None:
    store.add_signin_code(code(), "code-1")
    redeemed = store.redeem_signin_code("code-1", LATER, "t2", "hash-2")
    assert redeemed.token is not None
    found = store.token_by_hash("hash-2")
    assert found is not None
    assert (found[0].user_id, found[1].token_id, found[1].name, found[1].scopes) == (
        "u1", "t2", "phone", frozenset({"read", "play"}))


def test_a_code_works_once(store: SqlStore) -> None:
    store.add_signin_code(code(), "code-1")
    assert store.redeem_signin_code("code-1", LATER, "t2", "hash-2").token is not None
    again = store.redeem_signin_code("code-1", LATER, "t3", "hash-3")
    assert again.token is None
    assert again.code is not None and again.code.used_at == LATER
    assert store.token_by_hash("hash-3") is None


def test_an_expired_code_makes_nothing(store: SqlStore) -> None:
    store.add_signin_code(code(minutes=10), "code-1")
    late = store.redeem_signin_code("code-1", T0 + timedelta(minutes=10), "t2", "hash-2")
    assert late.token is None and late.code is not None
    assert store.token_by_hash("hash-2") is None
    assert [t.token_id for t in store.tokens_of("u1")] == ["t1"]


def test_an_unknown_code_finds_nothing(store: SqlStore) -> None:
    assert store.redeem_signin_code("no-such-code", LATER, "t2", "hash-2").code is None
    assert store.token_by_hash("hash-2") is None


def test_a_code_whose_maker_token_was_revoked_makes_nothing(store: SqlStore) -> None:
    store.add_signin_code(code(), "code-1")
    store.revoke_token("u1", "t1")
    assert store.redeem_signin_code("code-1", LATER, "t2", "hash-2").token is None
    assert store.tokens_of("u1") == []


def test_the_new_token_expires_with_the_token_that_made_the_code(store: SqlStore) -> None:
    until = T0 + timedelta(days=3)
    store.add_token(Token("t9", "u1", "ci", frozenset({"read"}), T0, None, until), "hash-9")
    store.add_signin_code(code(maker="t9", scopes=frozenset({"read"})), "code-1")
    token = store.redeem_signin_code("code-1", LATER, "t2", "hash-2").token
    assert token is not None and token.expires_at == until


def test_codes_long_past_their_expiry_are_forgotten(store: SqlStore) -> None:
    store.add_signin_code(code(), "code-1")
    store.add_signin_code(code(at=T0 + KEPT_AFTER_EXPIRY + timedelta(hours=1)), "code-2")
    assert store.redeem_signin_code("code-1", LATER, "t2", "hash-2").code is None
    assert store.redeem_signin_code("code-2", LATER + KEPT_AFTER_EXPIRY + timedelta(hours=1),
                                     "t3", "hash-3").token is not None
