"""E-mail addresses and mail links in the store, on every adapter (the in-memory one
too): an address is stored only by a verification link's use, sealed and found by its
keyed hash; a link works once and never after it expires; one account per address;
repeated failures disable an address."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from events import SqlStore
from events.mail_addresses import SIGNIN, VERIFY, MailLink

T0 = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
LATER = T0 + timedelta(minutes=5)


def link(user: str = "u1", purpose: str = VERIFY, sealed: str | None = "sealed-1",
         lookup: str | None = "lookup-1", minutes: int = 30) -> MailLink:
    return MailLink(purpose, user, sealed, lookup, T0, T0 + timedelta(minutes=minutes))


def test_a_verification_link_stores_its_address_for_its_user(any_store: SqlStore) -> None:
    any_store.add_mail_link(link(), "h1")
    assert any_store.mail_address_of("u1") is None  # not before it is verified
    assert any_store.use_mail_link("h1", VERIFY, LATER).claimed
    address = any_store.mail_address_of("u1")
    assert address is not None
    assert (address.sealed, address.lookup, address.verified_at) == ("sealed-1", "lookup-1",
                                                                      LATER)


def test_an_address_is_found_by_any_of_its_keyed_hashes(any_store: SqlStore) -> None:
    any_store.add_mail_link(link(), "h1")
    any_store.use_mail_link("h1", VERIFY, LATER)
    found = any_store.mail_address_by_lookup(["other", "lookup-1"])
    assert found is not None and found.user_id == "u1"
    assert any_store.mail_address_by_lookup(["other"]) is None


def test_a_link_works_once(any_store: SqlStore) -> None:
    any_store.add_mail_link(link(), "h1")
    assert any_store.use_mail_link("h1", VERIFY, LATER).claimed
    again = any_store.use_mail_link("h1", VERIFY, LATER)
    assert not again.claimed and again.link is not None and again.link.used_at == LATER


def test_an_expired_link_changes_nothing(any_store: SqlStore) -> None:
    any_store.add_mail_link(link(minutes=10), "h1")
    late = any_store.use_mail_link("h1", VERIFY, T0 + timedelta(minutes=10))
    assert not late.claimed and late.link is not None
    assert any_store.mail_address_of("u1") is None


def test_a_link_for_another_purpose_is_unknown(any_store: SqlStore) -> None:
    any_store.add_mail_link(link(purpose=SIGNIN, sealed=None, lookup=None), "h1")
    assert any_store.use_mail_link("h1", VERIFY, LATER).link is None
    assert any_store.use_mail_link("h1", SIGNIN, LATER).claimed
    assert any_store.mail_address_of("u1") is None  # a sign-in link stores no address


def test_an_address_verified_by_another_account_moves_to_it(any_store: SqlStore) -> None:
    any_store.add_mail_link(link("u1"), "h1")
    any_store.use_mail_link("h1", VERIFY, LATER)
    any_store.add_mail_link(link("u2", sealed="sealed-2"), "h2")
    any_store.use_mail_link("h2", VERIFY, LATER)
    assert any_store.mail_address_of("u1") is None
    moved = any_store.mail_address_by_lookup(["lookup-1"])
    assert moved is not None and moved.user_id == "u2"


def test_a_new_verified_address_replaces_the_old(any_store: SqlStore) -> None:
    any_store.add_mail_link(link(), "h1")
    any_store.use_mail_link("h1", VERIFY, LATER)
    any_store.add_mail_link(link(sealed="sealed-9", lookup="lookup-9"), "h2")
    any_store.use_mail_link("h2", VERIFY, LATER)
    address = any_store.mail_address_of("u1")
    assert address is not None and address.lookup == "lookup-9"
    assert any_store.mail_address_by_lookup(["lookup-1"]) is None


def test_an_address_can_be_removed(any_store: SqlStore) -> None:
    any_store.add_mail_link(link(), "h1")
    any_store.use_mail_link("h1", VERIFY, LATER)
    assert any_store.remove_mail_address("u1")
    assert any_store.mail_address_of("u1") is None
    assert not any_store.remove_mail_address("u1")


def test_repeated_failures_disable_an_address_and_a_success_clears_them(
        any_store: SqlStore) -> None:
    any_store.add_mail_link(link(), "h1")
    any_store.use_mail_link("h1", VERIFY, LATER)
    any_store.record_mail_outcome("u1", False, LATER, limit=3)
    cleared = any_store.record_mail_outcome("u1", True, LATER, limit=3)
    assert cleared is not None and cleared.failures == 0
    for _ in range(3):
        last = any_store.record_mail_outcome("u1", False, LATER, limit=3)
    assert last is not None and last.disabled_at == LATER and last.failures == 3


@pytest.mark.parametrize("purpose", [VERIFY, SIGNIN])
def test_an_unknown_link_finds_nothing(any_store: SqlStore, purpose: str) -> None:
    assert any_store.use_mail_link("nothing", purpose, LATER).link is None
