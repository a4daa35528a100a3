"""The streams of one game share their reads of the log and each event's rendering per
seat (`service.tails`)."""

from __future__ import annotations

from datetime import UTC, datetime

from domain.table import Table
from events.store import Recorded
from messaging.notify import GENERATION, Watch, game_key
from service.tails import Tail, Tails, catch_up


def recorded(version: int) -> Recorded:
    return Recorded(game_id="g", version=version, position=version, type="turn_ended",
                    schema_version=1, recorded_at=datetime(2026, 1, 1, tzinfo=UTC),
                    actor="u_1", data={"seat": 0})


class Log:
    def __init__(self, top: int) -> None:
        self.top, self.reads = top, 0

    def read(self, after: int) -> tuple[list[Recorded], Table | None]:
        self.reads += 1
        # (the game's state: only read for whether it ended)
        return [recorded(v) for v in range(after + 1, self.top + 1)], None


def watch(count: int) -> Watch:
    return {GENERATION: 0, game_key("g"): count}


def test_streams_of_one_game_woken_by_one_change_read_the_log_once() -> None:
    log, tail = Log(top=3), Tail("g")
    for _ in range(4):  # four streams, all at version 2, woken by the same change
        records = catch_up(tail, 2, watch(1), 60.0, lambda: watch(1), log.read)
        assert [r.version for r in records or []] == [3]
    assert log.reads == 1


def test_a_later_change_is_read_again() -> None:
    log, tail = Log(top=3), Tail("g")
    catch_up(tail, 2, watch(1), 60.0, lambda: watch(1), log.read)
    log.top = 4
    records = catch_up(tail, 3, watch(2), 60.0, lambda: watch(2), log.read)
    assert [r.version for r in records or []] == [4] and log.reads == 2


def test_an_event_is_rendered_once_per_seat() -> None:
    tail = Tail("g")
    rec = recorded(1)
    first = tail.sse(rec, 0)
    assert tail.sse(rec, 0) is first
    assert tail.sse(rec, None) is tail.sse(rec, None)  # spectators share one
    assert len(tail.rendered) == 2


def test_a_stream_further_back_than_the_tail_reads_the_log_itself() -> None:
    tail = Tail("g")
    catch_up(tail, 5, watch(1), 60.0, lambda: watch(1), Log(top=6).read)
    assert tail.after(2) is None


def test_tails_live_as_long_as_a_stream_holds_them() -> None:
    tails = Tails()
    held = tails.tail("g")
    assert tails.tail("g") is held and len(tails) == 1
    del held
    assert len(tails) == 0
