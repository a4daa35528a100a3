"""The benchmarks' start line (bench/ready.py): a window opens for all processes at once,
or the run cannot measure, in one line."""

from __future__ import annotations

import multiprocessing
import time

import pytest

from bench.outcome import CannotMeasure
from bench.ready import Crew

FORK = multiprocessing.get_context("fork")


def _opened_at(crew: Crew, delay: float) -> float:
    time.sleep(delay)  # one process gets ready later than the others
    return crew.ready()


def _late(crew: Crew) -> None:
    time.sleep(30)
    crew.ready()


def _broken(crew: Crew) -> None:
    raise ValueError("the database went away\nwhile connecting")


def test_the_window_opens_for_every_process_once_the_last_is_ready() -> None:
    with Crew(FORK, "writer", ready_within=30) as crew:
        crew.start(_opened_at, (0.0,), count=2)
        crew.start(_opened_at, (1.0,))
        before = time.time()
        opened_at = crew.open()
        found = crew.results(within=30)
    assert opened_at >= before + 0.9
    assert found == [opened_at] * 3


def test_a_process_not_ready_in_time_means_the_run_cannot_measure() -> None:
    with Crew(FORK, "writer", ready_within=0.5) as crew:
        crew.start(_late, ())
        with pytest.raises(CannotMeasure, match="0 of 1 writer processes were ready after "
                                                "0.5 s"):
            crew.open()


def test_a_process_that_fails_brings_its_error_back_as_one_line() -> None:
    with Crew(FORK, "writer", ready_within=30) as crew:
        crew.start(_broken, ())
        with pytest.raises(CannotMeasure) as refused:
            crew.open()
    assert str(refused.value) == ("a writer process failed: ValueError: the database went "
                                  "away while connecting")
