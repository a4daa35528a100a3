"""What an operator sees with nothing running beside the server: the embedded mode's
`/readyz` and pending score (jobs run in the server: no worker to wait for), the words
`/readyz` uses for the workers, and the metrics directory `ttr serve` makes for
several workers. (With PostgreSQL and Redis: tests/integration/test_worker_rq.py.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from service.observability import MULTIPROC_ENV, shared_metrics
from tests.api_support import Client, make_app, open_table, play_to_the_end
from tests.worker_support import RecordingJobs
from worker.presence import Sighting


def test_embedded_readyz_reports_no_workers_and_a_pending_score_waits_for_none(
        tmp_path: Path) -> None:
    app = make_app(f"sqlite:///{tmp_path / 'ops.sqlite3'}", jobs=RecordingJobs())
    client = Client(app)
    try:
        ready = app.test_client().get("/readyz")  # (a probe: not in the contract)
        assert ready.status_code == 200 and "workers" not in ready.get_json()
        table = open_table(client, "usa", 2)
        play_to_the_end(client, table, seed=3)  # the recorded score job never runs
        pending = client.get(f"/v1/games/{table.game_id}/score", token=table.tokens[0])
        assert pending.status_code == 202
        assert pending.json["waiting_for_worker"] is False
    finally:
        app.extensions["ttr"].close()


@pytest.mark.parametrize(("sighting", "words"), [
    (Sighting(last_seen=100.0, absent_for=None), "ok"),
    (Sighting(last_seen=100.0, absent_for=92.6), "none seen for 93 s"),
    (Sighting(last_seen=None, absent_for=float("inf")), "none seen"),
])
def test_readyz_words_for_the_workers(sighting: Sighting, words: str) -> None:
    assert sighting.describe() == words


def test_several_workers_get_a_metrics_directory_removed_afterwards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    with shared_metrics(3) as directory:
        assert directory and os.environ[MULTIPROC_ENV] == directory
        assert Path(directory).is_dir()
    assert MULTIPROC_ENV not in os.environ and not Path(directory).exists()


def test_one_worker_or_a_directory_given_is_left_alone(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(MULTIPROC_ENV, raising=False)
    with shared_metrics(1) as directory:
        assert directory is None and MULTIPROC_ENV not in os.environ
    monkeypatch.setenv(MULTIPROC_ENV, str(tmp_path))
    with shared_metrics(4) as directory:
        assert directory == str(tmp_path)
    assert tmp_path.is_dir() and os.environ[MULTIPROC_ENV] == str(tmp_path)
