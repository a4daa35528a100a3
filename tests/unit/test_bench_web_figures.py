"""bench/web.py's figures: its percentile is the nearest rank, so a run of twenty loads
reports its nineteenth-fastest as the p95, not its slowest."""

from __future__ import annotations

from bench.web import p95


def test_the_p95_of_twenty_loads_is_the_nineteenth() -> None:
    assert p95([float(v) for v in range(1, 21)]) == 19.0


def test_the_p95_of_thirty_loads_is_the_twenty_ninth() -> None:
    assert p95([float(v) for v in range(30, 0, -1)]) == 29.0


def test_the_p95_of_one_load_is_that_load() -> None:
    assert p95([412.5]) == 412.5
