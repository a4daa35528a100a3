"""The written marks' contract (`service.services.WrittenMarks`: each player's last
write, for read-your-writes on the read replica), run on every adapter: `MemoryMarks`
(one process) and `RedisMarks` (real Redis, shared by every API process). Each test
has a queue name of its own: test sessions share the Redis."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator

import pytest

from events.replica import UNKNOWN_FLOOR
from service.replica_reads import MemoryMarks, RedisMarks
from service.services import WrittenMarks
from tests.ports import free_port

ADAPTERS = ["memory", "redis"]
TTL = 0.2  # seconds a mark is kept in these tests


@pytest.fixture(params=ADAPTERS)
def marks(request: pytest.FixtureRequest) -> Iterator[WrittenMarks]:
    """Each adapter in turn."""
    if request.param == "memory":
        yield MemoryMarks(TTL)
        return
    url = request.getfixturevalue("redis_url")
    queue = "test-marks-" + secrets.token_hex(4)
    kept = RedisMarks(url, queue, TTL)
    yield kept
    for key in kept._redis.scan_iter(f"ttr:{queue}:written:*"):
        kept._redis.delete(key)


def test_a_player_with_no_write_has_no_floor(marks: WrittenMarks) -> None:
    assert marks.floor_of("u_nobody") is None


def test_a_players_floor_is_their_last_write(marks: WrittenMarks) -> None:
    marks.note("u_a", 1_000)
    marks.note("u_a", 2**50 + 3)  # past a 32-bit integer (Redis's Lua counts in doubles)
    assert marks.floor_of("u_a") == 2**50 + 3
    assert marks.floor_of("u_b") is None


def test_an_earlier_write_noted_late_does_not_lower_the_floor(marks: WrittenMarks) -> None:
    marks.note("u_a", 5_000)
    marks.note("u_a", 4_000)  # another request of theirs, noted after
    assert marks.floor_of("u_a") == 5_000


def test_a_mark_lapses_after_its_time(marks: WrittenMarks) -> None:
    marks.note("u_a", 5_000)
    time.sleep(TTL * 3)
    assert marks.floor_of("u_a") is None


def test_marks_that_cannot_be_read_send_the_player_to_the_primary() -> None:
    unreachable = RedisMarks(f"redis://127.0.0.1:{free_port()}/0", "q", TTL)
    unreachable.note("u_a", 5_000)  # lost, said in the log, not raised
    assert unreachable.floor_of("u_a") == UNKNOWN_FLOOR
