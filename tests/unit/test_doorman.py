"""The door of a gevent worker (`service.doorman`): which connection is let in, which is
turned away and with what answer, counted per peer address and in all."""

from __future__ import annotations

import pytest

from service.doorman import Door, door_for, trusted_proxies

PEER = ("198.51.100.7", 40000)
OTHER = ("198.51.100.8", 40000)


def fill(door: Door, peer: object, count: int) -> list[str | None]:
    """`count` connections from `peer` let in: the keys they are counted under."""
    keys = []
    for _ in range(count):
        key, refusal = door.admit(peer)
        assert refusal is None
        keys.append(key)
    return keys


def test_an_address_past_its_limit_is_turned_away_with_429() -> None:
    door = Door(cap=100, per_address=3)
    fill(door, PEER, 3)
    key, refusal = door.admit(PEER)
    assert key is None and refusal is not None
    assert refusal.kind == "rate-limited"
    answer = refusal.answer()
    assert answer.startswith(b"HTTP/1.1 429 ")
    assert b"\r\nRetry-After: 5\r\n" in answer
    assert b"application/problem+json" in answer


def test_another_address_is_let_in_while_one_is_at_its_limit() -> None:
    door = Door(cap=100, per_address=3)
    fill(door, PEER, 3)
    assert door.admit(OTHER)[1] is None


def test_a_closed_connection_gives_its_address_room_again() -> None:
    door = Door(cap=100, per_address=3)
    keys = fill(door, PEER, 3)
    door.leave(keys[0])
    assert door.admit(PEER)[1] is None


def test_at_the_process_cap_a_newcomer_is_turned_away_with_503() -> None:
    door = Door(cap=4, per_address=100)
    fill(door, PEER, 2)
    fill(door, OTHER, 2)
    refusal = door.admit(("203.0.113.1", 1))[1]
    assert refusal is not None and refusal.kind == "unavailable"
    assert refusal.answer().startswith(b"HTTP/1.1 503 ")


def test_an_ipv6_address_is_counted_with_its_whole_64() -> None:
    door = Door(cap=100, per_address=2)
    fill(door, ("2001:db8:1:2::1", 1, 0, 0), 1)
    fill(door, ("2001:db8:1:2:ffff::9", 1, 0, 0), 1)
    assert door.admit(("2001:db8:1:2::77", 1, 0, 0))[1] is not None
    assert door.admit(("2001:db8:1:3::1", 1, 0, 0))[1] is None


def test_an_ipv4_address_seen_through_ipv6_counts_as_itself() -> None:
    door = Door(cap=100, per_address=1)
    fill(door, PEER, 1)
    assert door.admit((f"::ffff:{PEER[0]}", 1, 0, 0))[1] is not None


def test_a_trusted_proxy_is_budgeted_only_in_the_process_cap() -> None:
    proxies, every = trusted_proxies(["10.0.0.0/8", "127.0.0.1"])
    door = Door(cap=5, per_address=1, proxies=proxies, every_peer_a_proxy=every)
    fill(door, ("10.1.2.3", 1), 5)
    assert door.admit(("10.1.2.3", 1))[1] is not None  # the cap: 503
    assert door.budgeted_address(("127.0.0.1", 1)) is None
    assert door.budgeted_address(("127.0.0.2", 1)) == "127.0.0.2"


def test_a_unix_socket_peer_is_budgeted_only_in_the_process_cap() -> None:
    door = Door(cap=100, per_address=1)
    fill(door, "", 3)


@pytest.mark.parametrize(("trusted_hops", "budgeted"), [("0", "192.0.2.1"), ("1", None)])
def test_peers_are_proxies_only_when_trusted_proxies_says_there_are_some(
        monkeypatch: pytest.MonkeyPatch, trusted_hops: str, budgeted: str | None) -> None:
    monkeypatch.setenv("TTR_TRUSTED_PROXIES", trusted_hops)
    monkeypatch.setenv("TTR_CONNECTIONS_PER_ADDRESS", "7")
    door = door_for(50, ["*"])
    assert (door.cap, door.per_address) == (50, 7)
    assert door.budgeted_address(("192.0.2.1", 1)) == budgeted
