"""The analysis worker a `ttr worker --jobs all` starts: the parent's command with
``--jobs analysis``, and a name of its own (`worker.analysis_process`)."""

from __future__ import annotations

from worker.analysis_process import companion_arguments
from worker.queue import analysis_queue_name, worked_queues


def test_the_analysis_worker_keeps_the_parents_queue_and_settings() -> None:
    assert companion_arguments(["--queue", "q1", "--heartbeat", "5", "--log-level",
                                "INFO"]) == [
        "--queue", "q1", "--heartbeat", "5", "--log-level", "INFO", "--jobs", "analysis"]


def test_the_analysis_worker_takes_only_the_analysis_queue_whatever_the_parent_took() -> None:
    assert companion_arguments(["--jobs", "all"]) == ["--jobs", "analysis"]
    assert companion_arguments(["--jobs=all"]) == ["--jobs", "analysis"]
    assert worked_queues("q1", "analysis") == [analysis_queue_name("q1")]


def test_a_named_worker_names_its_analysis_worker_after_itself() -> None:
    assert companion_arguments(["--name", "w1"]) == ["--name", "w1-analysis", "--jobs",
                                                     "analysis"]
    assert companion_arguments(["--name=w1"]) == ["--name=w1-analysis", "--jobs", "analysis"]


def test_a_worker_taking_all_jobs_takes_the_game_queue_before_the_webhooks() -> None:
    assert worked_queues("q1", "all") == ["q1", "q1-webhooks"]
